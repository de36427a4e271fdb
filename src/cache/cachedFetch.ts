import type { ResponseCache } from "./responseCache";

/** Fetches a body; `keep`, when given, receives the raw bytes before they are decoded. */
export type BodyFetch = (keep?: (bytes: Buffer) => Promise<void>) => Promise<unknown>;

/**
 * The body stored under `key`, else `fetch`'s, stored for next time. A stored body is parsed (or
 * handed to `decode`, the worker threads' decoder, as the bytes a response would be); one that does
 * not parse is fetched again. A failed write is a warning, never a failed pull.
 */
export async function cachedJson(
  cache: ResponseCache,
  key: string,
  fetch: BodyFetch,
  decode?: (bytes: Buffer) => Promise<unknown>,
): Promise<unknown> {
  const stored = await cache.get(key);
  if (stored) {
    try {
      return decode ? await decode(stored) : JSON.parse(stored.toString("utf8"));
    } catch {
      // rewritten below
    }
  }
  const write = (body: Buffer | string) =>
    cache.put(key, body).catch((error: Error) => {
      process.emitWarning(`fountframe: the response cache in ${cache.dir} could not be written: ${error.message}`);
    });
  if (decode) return fetch((bytes) => write(Buffer.from(bytes)));
  const body = await fetch();
  await write(JSON.stringify(body));
  return body;
}
