/**
 * A page's bytes as a Buffer with Node's own slicing methods, which buffer.toString(encoding,
 * start, end) calls after checking its arguments: the scanner slices a few hundred thousand
 * strings a page, and the checks cost more than the slicing. @types/node does not list them.
 */
export interface ByteText extends Buffer {
  latin1Slice(start: number, end: number): string;
  utf8Slice(start: number, end: number): string;
}

export function byteText(bytes: Uint8Array): ByteText {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as ByteText;
}
