import { documentedFlags, gatherPageChunk } from "../table/pageChunk";
import type { PageChunk, RowShape } from "../table/types";
import { scanPage } from "./pageScanner";

/** A worker's answer for one response body. */
export type DecodedBody =
  /** a page of records, as columns; `ids` are the records' ids (for the page checks); `bytes`: the body, when its records may be asked for later */
  | { kind: "chunk"; chunk: PageChunk; ids: Float64Array | unknown[]; meta: unknown; bytes?: Uint8Array }
  /** anything else (an item, an error body): the parsed body itself */
  | { kind: "body"; body: unknown }
  | { kind: "malformed" }
  /** a page whose `data` holds something other than records: why (notRecordsReason) */
  | { kind: "notRecords"; reason: string };

/**
 * The one decoder of a response body, the same on the main thread and in a worker thread: the
 * bytes as UTF-8 JSON. With a row `shape` (a frame's pages in workers), a page of records comes
 * back as its columns and ids; anything else comes back parsed as it is.
 */
export function decodeBody(bytes: Uint8Array, shape?: RowShape): DecodedBody {
  // a page of records straight to columns when the scanner takes it; anything else as parsed
  const scanned = shape && scanPage(withoutByteOrderMark(bytes), shape);
  if (scanned) {
    documentedFlags(scanned.chunk, shape.declaredTypes);
    return scanned;
  }
  return parsedBody(bytes, shape);
}

/** The bytes after a leading UTF-8 byte order mark, which JSON's RFC 8259 lets a reader ignore (as `Response.json()` does). */
function withoutByteOrderMark(bytes: Uint8Array): Uint8Array {
  return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
}

/** A body's JSON value: its bytes as UTF-8, after any byte order mark, parsed (throws where they are no JSON). */
export function bodyJson(bytes: Uint8Array): unknown {
  const text = withoutByteOrderMark(bytes);
  return JSON.parse(Buffer.from(text.buffer, text.byteOffset, text.byteLength).toString("utf8"));
}

/** decodeBody by JSON.parse: the answer for every body, and the one the page scanner must equal. */
export function parsedBody(bytes: Uint8Array, shape?: RowShape): DecodedBody {
  let body: { data?: unknown; meta?: unknown } | null;
  try {
    body = bodyJson(bytes) as typeof body;
  } catch {
    return { kind: "malformed" };
  }
  const records = body?.data;
  if (!shape || !Array.isArray(records)) return { kind: "body", body };
  const reason = notRecordsReason(records);
  if (reason) return { kind: "notRecords", reason };
  const chunk = gatherPageChunk(records, shape);
  const idList = records.map((record) => (record as { id?: unknown } | null)?.id);
  const ids = idList.every((id) => typeof id === "number") ? Float64Array.from(idList as number[]) : idList;
  return { kind: "chunk", chunk, ids, meta: body?.meta };
}

/**
 * Why a page's `data` is not a list of records (objects), or undefined when it is. Pure and
 * import-free: the worker threads say the same words as the main thread.
 */
export function notRecordsReason(data: readonly unknown[]): string | undefined {
  const at = data.findIndex((record) => record === null || typeof record !== "object" || Array.isArray(record));
  if (at < 0) return undefined;
  const value = data[at];
  const said = value === null ? "null" : Array.isArray(value) ? "a list" : `${typeof value} ${JSON.stringify(value)}`.slice(0, 40);
  return `the answer's \`data[${at}]\` is ${said} where a record (an object) belongs`;
}
