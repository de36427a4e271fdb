import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Coding } from "./acceptEncoding";

const gzip = promisify(zlib.gzip);
const deflate = promisify(zlib.deflate);
const brotli = promisify(zlib.brotliCompress);

/**
 * Levels of a production web server's dynamic compression: zlib's default (Apache mod_deflate's),
 * and brotli 5 (between Cloudflare's 4 and ngx_brotli's 6; 6 costs much more CPU for little).
 */
const GZIP_LEVEL = 6;
const BROTLI_QUALITY = 5;

/** Bodies shorter than this go out as they are (nginx's gzip_min_length is 20; a header's worth). */
export const MIN_COMPRESSED_BYTES = 256;

/** The body in `coding`, compressed on the thread pool (not the event loop that serves the other requests). */
export function compressBody(body: Buffer, coding: Coding): Promise<Buffer> {
  if (coding === "gzip") return gzip(body, { level: GZIP_LEVEL });
  // RFC 9110's deflate: the zlib format, not raw deflate
  if (coding === "deflate") return deflate(body, { level: GZIP_LEVEL });
  return brotli(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    },
  });
}

/**
 * Compressed answers by request, as a caching proxy in front of the service keeps them (one per
 * URL and coding, Vary: Accept-Encoding): the same page asked again is not compressed again, so
 * that the emulator's compressing does not eat the CPU of the client it measures. Bounded in
 * bytes; the oldest go first.
 */
export class CompressedBodies {
  readonly #entries = new Map<string, Buffer>();
  #bytes = 0;

  constructor(private readonly maxBytes = 512 * 1024 * 1024) {}

  /** Compressed, not kept: an answer that may differ next time. */
  compress(body: Buffer, coding: Coding): Promise<Buffer> {
    return compressBody(body, coding);
  }

  /** The answer to the request `key` in `coding` when one is kept. */
  kept(key: string, coding: Coding): Buffer | undefined {
    const kept = this.#entries.get(`${coding} ${key}`);
    return kept && kept.length > 0 ? kept : undefined;
  }

  /** The answer to the request `key` in `coding`: the one kept, or `body` compressed and kept. */
  async get(key: string, body: Buffer, coding: Coding): Promise<Buffer> {
    const kept = this.kept(key, coding);
    if (kept) return kept;
    const fullKey = `${coding} ${key}`;
    const compressed = await compressBody(body, coding);
    this.#keep(fullKey, compressed);
    return compressed;
  }

  #keep(key: string, compressed: Buffer): void {
    if (compressed.length > this.maxBytes || this.#entries.has(key)) return;
    this.#entries.set(key, compressed);
    this.#bytes += compressed.length;
    for (const [oldest, buffer] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= buffer.length;
    }
  }
}
