import type { DataFrame } from "danfojs-node";

export type DataFrameClass = typeof DataFrame;

let danfoFrameClass: Promise<DataFrameClass> | undefined;

/** danfo's DataFrame class, loaded on first use: loading danfo (and tfjs) takes over a second. */
export function loadDataFrameClass(): Promise<DataFrameClass> {
  danfoFrameClass ??= import("danfojs-node").then((danfo) => danfo.DataFrame);
  return danfoFrameClass;
}
