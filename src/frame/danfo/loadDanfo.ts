import { createRequire } from "node:module";
import type * as Danfo from "../../danfo";
import type { DataFrame } from "../../danfo";
import { requireWithCodeCache } from "./codeCache";
import { deferMathjs } from "./deferMathjs";
import { giveNotebookForm } from "./notebookForm";

// set by the build (tsup.config.ts)
declare const __FOUNTFRAME_DANFO_BUNDLED__: boolean | undefined;

/**
 * The one door to danfo, always by require: import() of the 6.7 MB CommonJS file would first have
 * Node scan all of it for its export names (cjs-module-lexer, a quarter second of CPU). Built, the
 * dist/danfo.cjs beside either bundle (dist/danfo.mjs re-exports that same module, so
 * `import * as dfd from "fountframe/danfo"` holds the same DataFrame class), compiled with the code
 * cache kept beside it (codeCache.ts); from the sources
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
