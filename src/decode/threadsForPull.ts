import type { JsonRecord } from "../frame/types";
import { autoThreads } from "./decodePool";

export type ThreadsOption = "auto" | number;

/**
 * Below this many cells (records × flattened columns, estimated from the first page) a pull's pages
 * are decoded on the main thread: a worker's start and the copies would cost more than they save.
 */
export const WORKER_MIN_CELLS = 2_000_000;

/** Worker threads to decode the rest of a frame's pull with; 0 keeps it on the main thread. */
export function threadsForPull(threads: ThreadsOption, first: readonly JsonRecord[], total: number | undefined, pagesLeft: number): number {
  if (pagesLeft <= 0 || threads === 0) return 0;
  if (threads !== "auto") return threads;
  const cells = (total ?? 0) * flatWidth(first[0] ?? {});
  return cells >= WORKER_MIN_CELLS ? autoThreads() : 0;
}

/** Columns a record makes, counting an included object's keys (one level down is enough to tell). */
function flatWidth(record: JsonRecord): number {
  let width = 0;
  for (const key in record) {
    const value = record[key];
    width += value !== null && typeof value === "object" && !Array.isArray(value) ? Object.keys(value).length : 1;
  }
  return width;
}
