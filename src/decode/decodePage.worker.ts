import { Piscina, transferableSymbol, valueSymbol } from "piscina";
import type { DecodeTask } from "./decodePool";
import { chunkBuffers } from "../table/pageChunk";
import { decodeBody } from "./decodeBody";

/** A worker thread's job: decodeBody, its columns (and the bytes, when kept) handed back by transfer. */
export default function decodePage({ bytes, shape, keepBytes }: DecodeTask): object {
  const decoded = decodeBody(new Uint8Array(bytes), shape);
  if (decoded.kind !== "chunk") return decoded;
  const buffers = chunkBuffers(decoded.chunk);
  if (keepBytes) {
    decoded.bytes = new Uint8Array(bytes);
    buffers.push(bytes);
  }
  if (decoded.ids instanceof Float64Array) buffers.push(decoded.ids.buffer as ArrayBuffer);
  return Piscina.move({ [transferableSymbol]: buffers, [valueSymbol]: decoded });
}
