import { cachedJson, type BodyFetch, type PullWrites } from "../cache";
import type { DecodePool } from "../decode";
import type { RowShape } from "../records";
import { getJson } from "../transport/request";
import type { PullOptions, PullParts } from "./parts";

/** How a frame's pull decodes its pages: `pool` is chosen once its first page is in. */
export interface PullDecoding {
  shape: RowShape;
  pool: DecodePool | undefined;
}

/** How one body is read: decoded by a frame's workers, checked, its cache write held for the pull's checks. */
export interface BodyRead {
  decoding?: PullDecoding;
  check?: (body: unknown) => void;
  writes?: PullWrites;
}

/**
 * One response body, in three stages: the transport's GET (pacing, retries, deadline), the
 * response cache around it when one is set, and the worker threads' decoding when the pull chose
 * them (stored bytes are decoded the same way as fetched ones).
 */
export function getBody(
  parts: PullParts,
  options: PullOptions,
  path: string,
  params: Record<string, string | number>,
  signal: AbortSignal,
  read: BodyRead = {},
): Promise<unknown> {
  const { decoding, check, writes } = read;
  const pool = decoding?.pool;
  const decode = pool && ((bytes: Buffer) => pool.decode(bytes, decoding.shape));
  const policy = {
    retries: options.retries,
    baseDelayMs: options.retryBaseDelayMs,
    timeoutMs: options.timeout,
    maxWaitMs: options.maxWaitMs,
  };
  const fetch: BodyFetch = (keep) =>
    getJson(
      parts.connection,
      parts.pacer,
      policy,
      path,
      params,
      signal,
      decode &&
        (async (bytes) => {
          await keep?.(bytes);
          return decode(bytes);
        }),
      check,
    );
  const cache = parts.cache(options.cache);
  if (!cache) return fetch();
  return cachedJson(cache, cache.key(parts.baseUrl(), path, params), fetch, { decode, check, writes });
}
