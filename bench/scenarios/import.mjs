// Import time, each mode in a fresh process: the package by require (CJS) or import (ESM), without
// building a frame (danfo and tfjs must not load), and some dependencies on their own for comparison.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { childConfig, DIST_DIR, main, now, report, require } from "../lib/common.mjs";

const loaded = (pattern) => Object.keys(require.cache).filter((path) => pattern.test(path)).length;

main(async () => {
  const { mode } = childConfig();
  const start = now();
  if (mode === "cjs") require(join(DIST_DIR, "index.cjs"));
  else if (mode === "esm") await import(pathToFileURL(join(DIST_DIR, "index.mjs")).href);
  else if (mode.startsWith("module:"))
    require(mode.slice(7)); // a dependency alone, for comparison
  else throw new Error(`unknown mode ${mode}`);
  const loadMs = now() - start;
  // danfo is bundled into dist/danfo.cjs (fountframe/danfo); danfojs-node only for the comparison
  const danfoModules = loaded(/[\\/]node_modules[\\/]danfojs-node[\\/]|[\\/]danfo\.cjs$/);
  const tfjsModules = loaded(/[\\/]node_modules[\\/]@tensorflow[\\/]/);
  const problems =
    (mode === "cjs" || mode === "esm") && danfoModules + tfjsModules > 0
      ? [`importing the package loaded ${danfoModules} danfo and ${tfjsModules} tfjs modules`]
      : [];
  report({ loadMs, danfoModules, tfjsModules, modules: Object.keys(require.cache).length, problems });
});
