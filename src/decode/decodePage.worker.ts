import { Piscina, transferableSymbol, valueSymbol } from "piscina";
import type { RowShape } from "../records";
import type { DecodedBody } from "./decodedBody";
import { chunkBuffers, gatherPageChunk } from "../frame/pageChunk";
import { notRecordsReason } from "../pages/recordsCheck";

/** The task as the pool sends it: the body's bytes and the row shape the pull looked up for its endpoint. */
export interface DecodeTask {
  bytes: ArrayBuffer;
  shape: RowShape;
}

/**
 * A worker thread's job: one response body's bytes parsed and a page of records shaped into
 * columns, handed back by transfer. Anything but a page of records comes back parsed as it is.
 */
export default function decodePage({ bytes, shape }: DecodeTask): object {
  let body: { data?: unknown; meta?: unknown } | null;
  try {
    body = JSON.parse(Buffer.from(bytes).toString("utf8"));
  } catch {
    return { kind: "malformed" };
  }
  const records = body?.data;
  if (!Array.isArray(records)) return { kind: "body", body };
  const reason = notRecordsReason(records);
  if (reason) return { kind: "notRecords", reason };
  const chunk = gatherPageChunk(records, shape);
  const idList = records.map((record) => (record as { id?: unknown } | null)?.id);
  const ids = idList.every((id) => typeof id === "number") ? Float64Array.from(idList as number[]) : idList;
  const decoded: DecodedBody = { kind: "chunk", chunk, ids, meta: body?.meta };
  const buffers = chunkBuffers(chunk);
  if (ids instanceof Float64Array) buffers.push(ids.buffer as ArrayBuffer);
  return Piscina.move({ [transferableSymbol]: buffers, [valueSymbol]: decoded });
}
