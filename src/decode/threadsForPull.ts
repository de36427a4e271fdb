import type { JsonRecord } from "../records";
import { availableParallelism } from "node:os";
import { autoThreads } from "./decodePool";

export type ThreadsOption = "auto" | number;

/**
 * Below this many cells (records × flattened columns, estimated from the first page) a pull's pages
 * are decoded on the main thread: a worker's start and the copies would cost more than they save.
 */
export const WORKER_MIN_CELLS = 2_000_000;
/**
 * On fewer than four cores workers pay only for wide records (V8 keeps a record of more than ~128
 * keys as a dictionary, slow to read on the main thread); narrow ones are read faster than they
 * cross threads. With four cores or more, parsing in parallel pays at any width.
 */
export const WIDE_RECORD_COLUMNS = 128;
const MANY_CORES = 4;

/** Worker threads to decode the rest of a frame's pull with; 0 keeps it on the main thread. */
export function threadsForPull(threads: ThreadsOption, first: readonly JsonRecord[], total: number | undefined, pagesLeft: number): number {
  if (pagesLeft <= 0 || threads === 0) return 0;
  if (threads !== "auto") return threads;
  const width = flatWidth(first[0] ?? {});
  if ((total ?? 0) * width < WORKER_MIN_CELLS) return 0;
  return width >= WIDE_RECORD_COLUMNS || availableParallelism() >= MANY_CORES ? autoThreads() : 0;
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
