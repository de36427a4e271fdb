import type { PageChunk } from "../records";

/** A worker's answer for one response body. */
export type DecodedBody =
  /** a page of records, as columns; `ids` are the records' ids (for the page checks) */
  | { kind: "chunk"; chunk: PageChunk; ids: Float64Array | unknown[]; meta: unknown }
  /** anything else (an item, an error body): the parsed body itself */
  | { kind: "body"; body: unknown }
  | { kind: "malformed" }
  /** a page whose `data` holds something other than records: why (notRecordsReason) */
  | { kind: "notRecords"; reason: string };
