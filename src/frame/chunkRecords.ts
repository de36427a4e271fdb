import type { JsonRecord } from "./types";
import { sliceChunk, type PageChunk } from "./pageChunk";

/** The columns of each decoded page, by the records array the pipeline passes along. */
const chunks = new WeakMap<readonly JsonRecord[], PageChunk>();

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
  chunks.set(records, chunk);
}

/** The columns a decoded page's records carry, if they are such a page's. */
export function chunkOf(records: readonly JsonRecord[]): PageChunk | undefined {
  return chunks.get(records);
}

/** The records of a decoded page after the first `from`, their columns cut to match. */
export function dropLeadingRecords(records: JsonRecord[], from: number): JsonRecord[] {
  const chunk = chunkOf(records);
  const kept = records.slice(from);
  if (!chunk) return kept;
  attachChunk(kept, sliceChunk(chunk, from));
  return kept;
}
