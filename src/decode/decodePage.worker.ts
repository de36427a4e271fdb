import { Piscina, transferableSymbol, valueSymbol } from "piscina";
import type { RowShape } from "../table/types";
import { chunkBuffers } from "../table/pageChunk";
import { decodeBody } from "./decodeBody";

/** The task as the pool sends it: the body's bytes and the row shape the pull looked up for its endpoint. */
export interface DecodeTask {
  bytes: ArrayBuffer;
  shape: RowShape;
}

/** A worker thread's job: decodeBody, its columns handed back by transfer. */
export default function decodePage({ bytes, shape }: DecodeTask): object {
  const decoded = decodeBody(new Uint8Array(bytes), shape);
  if (decoded.kind !== "chunk") return decoded;
  const buffers = chunkBuffers(decoded.chunk);
  if (decoded.ids instanceof Float64Array) buffers.push(decoded.ids.buffer as ArrayBuffer);
  return Piscina.move({ [transferableSymbol]: buffers, [valueSymbol]: decoded });
}
