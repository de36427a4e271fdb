import Module, { createRequire } from "node:module";
import { lazyModuleObject } from "./lazyModule";

// set by the build (tsup.config.ts), whose dist/danfo.cjs defers its bundled mathjs itself
declare const __FOUNTFRAME_DANFO_BUNDLED__: boolean | undefined;

let deferred = false;

/**
 * danfo requires mathjs when it loads (about 60% of danfo's load time) but calls it only in a few
 * statistics (median, mode, std, variance, describe), always through the module object
 * (`mathjs_1.median(...)`). Until one of them runs, danfo gets a stand-in in require's cache; the
 * first property read loads the real mathjs and forwards to it. Nothing happens when mathjs is
 * already loaded or cannot be found, nor in the build, where danfo's mathjs is bundled
 * (lazyMathjs.cjs).
 */
export function deferMathjs(): void {
  if (deferred || typeof __FOUNTFRAME_DANFO_BUNDLED__ === "boolean") return;
  deferred = true;
  let path: string;
  let requireMathjs: NodeJS.Require;
  try {
    requireMathjs = createRequire(createRequire(__filename).resolve("danfojs-node"));
    path = requireMathjs.resolve("mathjs");
  } catch {
    return;
  }
  // require.cache is Module._cache, shared by every require and by import() of CommonJS
  const cache = requireMathjs.cache;
  if (cache[path]) return;

  let real: Record<PropertyKey, unknown> | undefined;
  const load = (): Record<PropertyKey, unknown> => {
    if (!real) {
      if (cache[path] === standIn) delete cache[path];
      real = requireMathjs(path) as Record<PropertyKey, unknown>;
    }
    return real;
  };
  // code of the user's own that requires the same mathjs file is served by it too, and what it sets stays set
  const exports = lazyModuleObject(load);
  const standIn = new Module(path);
  standIn.filename = path;
  standIn.exports = exports;
  standIn.loaded = true;
  cache[path] = standIn;
}
