// Run by codeCache.test.ts in a process of its own (jest gives tests a require of its own): loads the
// file named on the command line with requireWithCodeCache, then prints what a test checks.
import { createRequire } from "node:module";
import { setImmediate as nextTurn } from "node:timers/promises";
import { requireWithCodeCache } from "../../../../src/frame/danfo/loadDanfo";

const file = process.argv[2];
void (async () => {
  let loaded: { value?: unknown; self?(): unknown };
  try {
    loaded = requireWithCodeCache(file) as typeof loaded;
  } catch (error) {
    process.stdout.write(JSON.stringify({ threw: (error as Error).message, inRequireCache: file in createRequire(file).cache }));
    return;
  }
  // the cache is written on the next turn of the event loop
  await nextTurn();
  process.stdout.write(
    JSON.stringify({
      value: loaded.value,
      sameAsRequire: createRequire(file)(file) === loaded,
      sameAgain: requireWithCodeCache(file) === loaded,
      selfIsExports: loaded.self?.() === loaded,
    }),
  );
})();
