import type { RowShape } from "../records";
import { gatherPageChunk } from "../frame/pageChunk";
import { notRecordsReason } from "../pages/recordsCheck";
import type { DecodedBody } from "./decodedBody";

/**
 * The one decoder of a response body, the same on the main thread and in a worker thread: the
 * bytes as UTF-8 JSON. With a row `shape` (a frame's pages in workers), a page of records comes
 * back as its columns and ids; anything else comes back parsed as it is.
 */
export function decodeBody(bytes: Uint8Array, shape?: RowShape): DecodedBody {
  let body: { data?: unknown; meta?: unknown } | null;
  try {
    body = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8"));
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
