import { Piscina, transferableSymbol, valueSymbol } from "piscina";
import type { DecodeTask } from "./decodePool";
import { chunkBuffers } from "../table/pageChunk";
import { decodeBody } from "./decodeBody";

/** A worker thread's job: decodeBody, its columns handed back by transfer. */
export default function decodePage({ bytes, shape }: DecodeTask): object {
  const decoded = decodeBody(new Uint8Array(bytes), shape);
  if (decoded.kind !== "chunk") return decoded;
  const buffers = chunkBuffers(decoded.chunk);
  if (decoded.ids instanceof Float64Array) buffers.push(decoded.ids.buffer as ArrayBuffer);
  return Piscina.move({ [transferableSymbol]: buffers, [valueSymbol]: decoded });
}
