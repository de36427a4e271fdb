import type * as Danfo from "../../danfo";
import type { DataFrame } from "../../danfo";
import { deferMathjs } from "./deferMathjs";
import { giveNotebookForm } from "./notebookForm";

// set by the build (tsup.config.ts)
declare const __FOUNTFRAME_DANFO_BUNDLED__: boolean | undefined;

/**
 * The one door to danfo. Built, dist/danfo.cjs or .mjs beside the bundle (tsup.config.ts points
 * this import there); from the sources (ts-jest, tsx), src/danfo by require, which tsx's CommonJS
 * hooks serve while its import() of a folder of TypeScript fails.
 */
function importDanfo(): Promise<typeof Danfo> {
  if (typeof __FOUNTFRAME_DANFO_BUNDLED__ === "boolean") return import("../../danfo");
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
