import { createHash } from "node:crypto";
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import Module, { createRequire } from "node:module";
import { basename, dirname, join } from "node:path";
import { Script } from "node:vm";
import type * as Danfo from "../../danfo";
import type { DataFrame } from "../../danfo";
import { deferMathjs } from "./deferMathjs";
import { giveNotebookForm } from "./notebookForm";
import { guardColumnProperties } from "./columnProperties";

// set by the build (tsup.config.ts)
declare const __FOUNTFRAME_DANFO_BUNDLED__: boolean | undefined;

/**
 * The one door to danfo, always by require: import() of the 6.7 MB CommonJS file would first have
 * Node scan all of it for its export names (cjs-module-lexer, a quarter second of CPU). Built, the
 * dist/danfo.cjs beside either bundle (dist/danfo.mjs re-exports that same module, so
 * `import * as dfd from "fountframe/danfo"` holds the same DataFrame class), compiled with the code
 * cache kept beside it (requireWithCodeCache, below); from the sources
 * (ts-jest, tsx), src/danfo.
 */
function importDanfo(): Promise<typeof Danfo> {
  if (typeof __FOUNTFRAME_DANFO_BUNDLED__ === "boolean") {
    return Promise.resolve(requireWithCodeCache(createRequire(__filename).resolve("./danfo.cjs")) as typeof Danfo);
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return Promise.resolve(require("../../danfo") as typeof Danfo);
}

export type DataFrameClass = typeof DataFrame;

let danfoFrameClass: Promise<DataFrameClass> | undefined;

/**
 * danfo's DataFrame class, loaded on first use from fountframe's danfo (src/danfo, `fountframe/danfo`
 * once built): loading danfo (and tfjs) takes about a second.
 */
export function loadDataFrameClass(): Promise<DataFrameClass> {
  danfoFrameClass ??= Promise.resolve()
    .then(() => {
      deferMathjs();
      return importDanfo();
    })
    .then((danfo) => {
      giveNotebookForm(danfo);
      guardColumnProperties(danfo);
      return danfo.DataFrame;
    });
  return danfoFrameClass;
}

/**
 * Starts loading danfo without waiting for it. Loading is synchronous work on this thread: called
 * as a pull's first request leaves, the load runs while the service answers instead of after the
 * last page. A failed load is reported by the next loadDataFrameClass().
 */
export function preloadDataFrameClass(): void {
  if (danfoFrameClass) return;
  // two turns of the event loop: the first request's connection is made and its bytes written first
  setImmediate(() =>
    setImmediate(() => {
      loadDataFrameClass().catch(() => {});
    }),
  );
}

// V8's code cache for danfo's bundle

const CACHE_SUFFIX = ".v8-cache";
const CONTENT_KEY_LENGTH = 16;

/**
 * `require(filename)` for a large CommonJS file, with V8's code cache kept beside it: compiling
 * dist/danfo.cjs (4.9 MB) costs ~70 ms of every process's first frame, reading its code cache ~10.
 * The cache is named by the file's content (V8 itself checks no more than the source's length), so
 * it can only be taken for the very file it was made from, and by what else V8 checks (cacheKey);
 * one V8 rejects all the same is made again. It lives in the file's own folder, which only those
 * who can change the code can write; where the folder cannot be written the file is compiled each
 * time, as a plain require does.
 *
 * The module is registered in require's cache first, as Node's loader does, so a later `require`
 * or `import` of the same file gets this module.
 */
export function requireWithCodeCache(filename: string): unknown {
  const requireBeside = createRequire(filename);
  const cache = requireBeside.cache;
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
    wrapper.call(module.exports, module.exports, requireBeside, module, filename, dirname(filename));
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

/**
 * The file's content, then what V8 checks a cache against: its version, the architecture, and the
 * flags the process runs with (a cache made under other flags is rejected, so each set of flags
 * keeps its own rather than each process writing over the other's).
 */
function cacheKey(bytes: Buffer): string {
  const content = createHash("sha1").update(bytes).digest("hex").slice(0, CONTENT_KEY_LENGTH);
  const flags = createHash("sha1")
    .update([...process.execArgv, process.env.NODE_OPTIONS ?? ""].join("\0"))
    .digest("hex")
    .slice(0, 8);
  return `${content}-v8-${process.versions.v8}-${process.arch}-${flags}`;
}

function readIfThere(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/**
 * Written whole under a name of its own, then renamed: a process reading it meanwhile sees the old
 * file or the new one. Caches of the file's earlier content go.
 */
function keepCodeCache(script: Script, cacheFile: string, filename: string): void {
  const partial = `${cacheFile}.${process.pid}.partial`;
  try {
    writeFileSync(partial, script.createCachedData(), { flag: "wx" });
    renameSync(partial, cacheFile);
    const folder = dirname(filename);
    const ofThisContent = basename(cacheFile).slice(0, basename(filename).length + 1 + CONTENT_KEY_LENGTH);
    for (const name of readdirSync(folder)) {
      const ofThisFile = name.startsWith(`${basename(filename)}.`) && name.endsWith(CACHE_SUFFIX);
      if (ofThisFile && !name.startsWith(ofThisContent)) rmSync(join(folder, name), { force: true });
    }
  } catch {
    // a folder that cannot be written: the next process compiles the file again
    rmSync(partial, { force: true });
  }
}
