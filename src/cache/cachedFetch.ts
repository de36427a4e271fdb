import { jsonText } from "../text/jsonText";
import type { PullWrites } from "./pullWrites";
import type { ResponseCache } from "./responseCache";

/** Fetches a body; `keep`, when given, receives the raw bytes before they are decoded. */
export type BodyFetch = (keep?: (bytes: Buffer) => Promise<void>) => Promise<unknown>;

export interface CachedRead {
  /** the worker threads' decoder, handed the stored bytes as a response's would be */
  decode?: (bytes: Buffer) => Promise<unknown>;
  /** what the answer must be (the fetch checks its own answers with it too); throws otherwise */
  check?: (body: unknown) => void;
  /** a pull's writes, held until its pages pass; without it the answer is written at once */
  writes?: PullWrites;
}

/**
 * The body stored under `key`, else `fetch`'s, kept for next time. A stored body is parsed (or
 * decoded) and checked again; one that does not pass is fetched again. Only an answer that passed
 * `check` (inside the fetch, whose retries it drives) is kept. A failed write is a warning, never
 * a failed pull.
 */
export async function cachedJson(cache: ResponseCache, key: string, fetch: BodyFetch, read: CachedRead = {}): Promise<unknown> {
  const { decode, check, writes } = read;
  const stored = await cache.get(key);
  if (stored) {
    try {
      const body = decode ? await decode(stored) : JSON.parse(stored.toString("utf8"));
      check?.(body);
      writes?.read(key);
      return body;
    } catch {
      // fetched again below
    }
  }
  let bytes: Buffer | undefined;
  const body = await fetch(
    decode &&
      (async (raw) => {
        bytes = Buffer.from(raw);
      }),
  );
  // jsonText: a body nested too deeply for JSON.stringify is kept too
  const text = bytes ?? jsonText(body) ?? "null";
  if (writes) writes.hold(body, key, text);
  else await cache.write(key, text);
  return body;
}
