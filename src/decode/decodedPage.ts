import type { JsonRecord } from "../frame/types";
import { sliceChunk, type PageChunk } from "./pageChunk";

/** A worker's answer for one response body. */
export type DecodedBody =
  /** a page of records, as columns; `ids` are the records' ids (for the page checks) */
  | { kind: "chunk"; chunk: PageChunk; ids: Float64Array | unknown[]; meta: unknown }
  /** anything else (an item, an error body): the parsed body itself */
  | { kind: "body"; body: unknown }
  | { kind: "malformed" };

const CHUNK = Symbol("fountframe.pageChunk");

/**
 * The body the page pipeline reads (`{ data, meta }`) for a decoded page: `data` holds one
 * `{ id }` per record, for the page checks, and carries the page's columns for FrameBuilder.
 */
export function envelopeOfChunk(chunk: PageChunk, ids: Float64Array | unknown[], meta: unknown): { data: JsonRecord[]; meta: unknown } {
  const data: JsonRecord[] = Array.from(ids, (id) => ({ id }));
  attachChunk(data, chunk);
  return { data, meta };
}

function attachChunk(records: JsonRecord[], chunk: PageChunk): void {
  Object.defineProperty(records, CHUNK, { value: chunk, enumerable: false });
}

/** The columns a decoded page's records carry, if they are such a page's. */
export function chunkOf(records: readonly JsonRecord[]): PageChunk | undefined {
  return (records as unknown as Record<symbol, PageChunk | undefined>)[CHUNK];
}

/** The records of a decoded page after the first `from`, their columns cut to match. */
export function dropLeadingRecords(records: JsonRecord[], from: number): JsonRecord[] {
  const chunk = chunkOf(records);
  const kept = records.slice(from);
  if (!chunk) return kept;
  attachChunk(kept, sliceChunk(chunk, from));
  return kept;
}
