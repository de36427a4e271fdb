import type { JsonRecord, PageChunk } from "../records";

/** The ids of a page's records, one per record: numbers travel as a Float64Array. */
export type RecordIds = Float64Array | readonly unknown[];

/**
 * What a page carries: the service's records, or its rows as columns (decoded by a worker
 * thread) with its records' ids, for the page checks.
 */
export type PageBody =
  | { readonly kind: "records"; readonly records: JsonRecord[] }
  | { readonly kind: "columns"; readonly chunk: PageChunk; readonly ids: RecordIds };

/** A response body a worker thread decoded: its page's columns and ids, and the answer's `meta`. */
export class DecodedPage {
  constructor(
    readonly chunk: PageChunk,
    readonly ids: RecordIds,
    readonly meta: unknown,
  ) {}
}

/** How many records the page holds. */
export const recordCount = (body: PageBody): number => (body.kind === "records" ? body.records.length : body.ids.length);

/** The id of the record at `at` (undefined for a record without one). */
export const idAt = (body: PageBody, at: number): unknown => (body.kind === "records" ? body.records[at]?.id : body.ids[at]);

/**
 * The records of a page that is not columns: only a frame's pull decodes pages in worker threads,
 * and it reads their columns; anything else asking for records of such a page is a defect.
 */
export function recordsOf(body: PageBody): JsonRecord[] {
  if (body.kind === "records") return body.records;
  throw new Error("internal: a page decoded to columns was read as records");
}
