import { createHash } from "node:crypto";
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import Module, { createRequire } from "node:module";
import { basename, dirname, join } from "node:path";
import { Script } from "node:vm";

const CACHE_SUFFIX = ".v8-cache";

/**
 * `require(filename)` for a large CommonJS file, with V8's code cache kept beside it: compiling
 * dist/danfo.cjs (4.9 MB) costs ~70 ms of every process's first frame, reading its code cache ~10.
 * The cache is named by the file's content, V8's version and the architecture, so it can only be
 * taken for the very file it was made from (V8 itself checks no more than the source's length);
 * V8 rejects one made under other flags, and then the file is compiled and the cache made again.
 * It lives in the file's own folder, which only those who can change the code can write; where the
 * folder cannot be written the file is compiled each time, as a plain require does.
 *
 * The module is registered in require's cache first, as Node's loader does, so a later `require`
 * or `import` of the same file gets this module.
 */
export function requireWithCodeCache(filename: string): unknown {
  const cache = createRequire(filename).cache;
  const loaded = cache[filename];
  if (loaded) return loaded.exports;
  const bytes = readFileSync(filename);
  const cacheFile = join(dirname(filename), `${basename(filename)}.${cacheKey(bytes)}${CACHE_SUFFIX}`);
  const cachedData = readIfThere(cacheFile);
  const script = new Script(Module.wrap(bytes.toString("utf8")), { filename, cachedData });
  const module = new Module(filename);
  module.filename = filename;
  module.paths = nodeModulePaths?.(dirname(filename)) ?? [];
  cache[filename] = module;
  try {
    const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
    wrapper.call(module.exports, module.exports, createRequire(filename), module, filename, dirname(filename));
  } catch (error) {
    delete cache[filename];
    throw error;
  }
  module.loaded = true;
  // made once the module has run, the cache holds the functions its loading compiled too
  if (!cachedData || script.cachedDataRejected) setImmediate(() => keepCodeCache(script, cacheFile, filename));
  return module.exports;
}

/** The node_modules folders Node's loader gives a module it loads (not in the types). */
const nodeModulePaths: ((folder: string) => string[]) | undefined = Reflect.get(Module, "_nodeModulePaths");

function cacheKey(bytes: Buffer): string {
  const content = createHash("sha1").update(bytes).digest("hex").slice(0, 16);
  return `${content}-v8-${process.versions.v8}-${process.arch}`;
}

function readIfThere(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Written whole under a name of its own, then renamed: a process reading it meanwhile sees the old file or the new one. Older caches of the file go. */
function keepCodeCache(script: Script, cacheFile: string, filename: string): void {
  const partial = `${cacheFile}.${process.pid}.partial`;
  try {
    writeFileSync(partial, script.createCachedData(), { flag: "wx" });
    renameSync(partial, cacheFile);
    const folder = dirname(filename);
    const kept = basename(cacheFile);
    for (const name of readdirSync(folder)) {
      if (name !== kept && name.startsWith(`${basename(filename)}.`) && name.endsWith(CACHE_SUFFIX))
        rmSync(join(folder, name), { force: true });
    }
  } catch {
    // a folder that cannot be written: the next process compiles the file again
    rmSync(partial, { force: true });
  }
}
