import { availableParallelism } from "node:os";
import { promisify } from "node:util";
import zlib from "node:zlib";
import pLimit from "p-limit";

/**
 * The codings asked for, and undone here rather than by axios: axios undoes them as a stream with a
 * flush per network chunk, each chunk's callback and buffers on the main thread; one whole-body
 * call runs in libuv's thread pool and hands back one buffer.
 */
export const ACCEPTED_CODINGS = "br, gzip, deflate";

type Decoder = (bytes: Buffer, options: zlib.ZlibOptions & zlib.BrotliOptions) => Promise<Buffer>;

const brotliDecompress = promisify<Buffer, zlib.BrotliOptions, Buffer>(zlib.brotliDecompress);
const gunzip = promisify<Buffer, zlib.ZlibOptions, Buffer>(zlib.gunzip);
const inflate = promisify<Buffer, zlib.ZlibOptions, Buffer>(zlib.inflate);
const inflateRaw = promisify<Buffer, zlib.ZlibOptions, Buffer>(zlib.inflateRaw);

const DECODERS: Readonly<Record<string, Decoder>> = {
  br: brotliDecompress,
  gzip: gunzip,
  "x-gzip": gunzip,
  // RFC 9110 names the zlib format; some servers send raw deflate
  deflate: (bytes, options) => inflate(bytes, options).catch(() => inflateRaw(bytes, options)),
};

/**
 * Output buffers big enough for a JSON page in one or two: each buffer filled is a trip from the
 * thread pool back to the main thread (at zlib's default 16 KiB, hundreds a page, each waiting
 * while the main thread reads another page).
 */
const outputChunkSize = (compressed: number): number => Math.min(64 * 2 ** 20, Math.max(64 * 2 ** 10, compressed * 16));

/**
 * Bodies decompressed at once, in the whole process: libuv's four pool threads decompressing
 * together on two cores would take the core the main thread reads the pages on.
 */
const decompressing = pLimit(Math.max(1, availableParallelism() - 1));

/** A body whose Content-Encoding cannot be undone: unknown, or not what it says. */
export class ContentCodingError extends Error {}

/**
 * The body with its Content-Encoding undone, last coding first (`gzip, br` was gzipped, then
 * brotli'd). `identity` and an absent header leave it as it came.
 */
export async function decodeContent(bytes: Buffer, contentEncoding: string | undefined): Promise<Buffer> {
  const codings = (contentEncoding ?? "")
    .split(",")
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== "" && coding !== "identity");
  let body = bytes;
  if (body.length === 0) return body;
  for (const coding of codings.reverse()) {
    const decoder = DECODERS[coding];
    if (!decoder)
      throw new ContentCodingError(`the response came in Content-Encoding "${coding}", which cannot be decoded (${ACCEPTED_CODINGS} can)`);
    try {
      const coded = body;
      body = await decompressing(() => decoder(coded, { chunkSize: outputChunkSize(coded.length) }));
    } catch (cause) {
      throw new ContentCodingError(`the response body is not the ${coding} it says it is (truncated?): ${(cause as Error).message}`);
    }
  }
  return body;
}
