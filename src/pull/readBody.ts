import { setTimeout as sleep } from "node:timers/promises";
import { APIError, RateLimitExceededError, apiError, errorFromResponse } from "../errors";
import { PullWrites } from "../cache";
import { decodeBody, type DecodedBody } from "../decode/decodeBody";
import type { DecodePool } from "../decode";
import { DecodedPage } from "./pageChecks";
import type { RowShape } from "../records";
import { MALFORMED_BODY, MALFORMED_JSON, TIMED_OUT, TRUNCATED, retryDelayMs } from "../transport/retryPolicy";
import { TransportFailure, type Answer, type GetSettings } from "../transport/transport";
import type { PullOptions, PullParts } from "./parts";

/**
 * How a frame's pull decodes its pages: the first as records (the pull's checks and its choice of
 * threads read them), every later one as columns, by `pool` when the pull chose threads, else on
 * the main thread.
 */
export interface PullDecoding {
  shape: RowShape;
  pool: DecodePool | undefined;
  /** set once the first page is in */
  toColumns: boolean;
}

/** How one body is read, and what it must be. */
export interface BodyReading<T> {
  /**
   * The body as the caller takes it (a page's envelope, a tool's answer), checked: throws when
   * the body is not the answer asked for, which is then read again like a body that is not JSON.
   */
  accept(body: unknown): T;
  /** a frame's pages: decoded to columns after the first */
  decoding?: PullDecoding;
  /** a pull's cache writes, held until its pages pass; without it an answer is written at once */
  writes?: PullWrites;
  /** the pull's bound on requests in flight, held while the request is on the wire */
  sending?: GetSettings["sending"];
}

/** A body that was read whole but is not the answer asked for: its code and why. */
class NotTheAnswer extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/**
 * One body, read once: the response cache when it holds it (stored bytes are decoded and checked
 * like fetched ones; one that does not pass is fetched again), else the transport. The bytes are
 * decoded by decodeBody (in a worker thread for a frame's pages once it has them) and checked by
 * `accept`; a body that fails either is read again up to `retries` times after the same backoff as
 * any transient failure. Errors are built here, from the decoded body of the service's answer.
 */
export async function readBody<T>(
  parts: PullParts,
  options: PullOptions,
  path: string,
  params: Record<string, string | number>,
  signal: AbortSignal,
  reading: BodyReading<T>,
): Promise<T> {
  const cache = parts.cache(options.cache);
  const key = cache?.key(parts.baseUrl(), path, params);
  if (cache && key) {
    const stored = await cache.get(key);
    if (stored) {
      const value = await accepted(stored, reading).catch(() => undefined);
      if (value !== undefined) {
        reading.writes?.read(key);
        return value;
      }
    }
  }
  for (let retry = 0; ; retry++) {
    let answer: Answer | undefined;
    let bytes: Buffer;
    let value: T;
    try {
      answer = await getAnswer(parts, options, path, params, signal, reading.sending);
      // a worker takes the bytes it decodes: the cache keeps a copy
      bytes = cache && reading.decoding?.pool ? Buffer.from(answer.bytes) : answer.bytes;
      value = await accepted(answer.bytes, reading);
    } catch (error) {
      if (!(error instanceof NotTheAnswer)) throw error;
      if (retry >= options.retries)
        throw apiError({ status: answer?.status ?? error.status, url: parts.url(path, params), message: error.message, code: error.code });
      // an abort ends the wait with the signal's own reason (ClientClosedError on aclose())
      await sleep(retryDelayMs(retry + 1, undefined, options.retryBaseDelayMs, options.maxWaitMs), undefined, { signal }).catch(
        (error: unknown) => {
          signal.throwIfAborted();
          throw error;
        },
      );
      continue;
    }
    if (cache && key) {
      if (reading.writes) reading.writes.hold(value, key, bytes);
      else await cache.write(key, bytes);
    }
    return value;
  }
}

/** A pull's cache writes, held until its pages pass its checks; undefined without a cache. */
export function heldWrites(parts: PullParts, options: PullOptions): PullWrites | undefined {
  const cache = parts.cache(options.cache);
  return cache && new PullWrites(cache);
}

/** Whether the response cache holds a fresh answer to this request (nothing is read or sent). */
export async function isStored(
  parts: PullParts,
  options: PullOptions,
  path: string,
  params: Record<string, string | number>,
): Promise<boolean> {
  const cache = parts.cache(options.cache);
  return !!cache && (await cache.has(cache.key(parts.baseUrl(), path, params)));
}

async function accepted<T>(bytes: Buffer, { accept, decoding }: BodyReading<T>): Promise<T> {
  const pool = decoding?.pool;
  const shape = decoding?.toColumns ? decoding.shape : undefined;
  const body = bodyOf(pool && shape ? await pool.decode(bytes, shape) : decodeBody(bytes, shape));
  try {
    return accept(body);
  } catch (error) {
    throw new NotTheAnswer(MALFORMED_BODY, error instanceof APIError ? error.serviceMessage : String((error as Error)?.message ?? error));
  }
}

function bodyOf(decoded: DecodedBody): unknown {
  switch (decoded.kind) {
    case "chunk":
      return new DecodedPage(decoded.chunk, decoded.ids, decoded.meta);
    case "body":
      return decoded.body;
    case "malformed":
      throw new NotTheAnswer(MALFORMED_JSON, "the response body was not valid JSON (truncated?)");
    case "notRecords":
      throw new NotTheAnswer(MALFORMED_BODY, decoded.reason);
  }
}

/** The transport's answer, or the APIError of its failure. */
async function getAnswer(
  parts: PullParts,
  options: PullOptions,
  path: string,
  params: Record<string, string | number>,
  signal: AbortSignal,
  sending: GetSettings["sending"],
): Promise<Answer> {
  try {
    return await parts.transport.get(path, params, { signal, retries: options.retries, timeoutMs: options.timeout, sending });
  } catch (error) {
    if (!(error instanceof TransportFailure)) throw error;
    // a body that does not decompress is read again, like one that is not JSON
    if (error.failure.kind === "undecodable") throw new NotTheAnswer(MALFORMED_BODY, error.message, error.failure.status);
    throw errorOf(error, options.maxWaitMs, parts.transport.redact);
  }
}

function errorOf({ failure, url, message }: TransportFailure, maxWaitMs: number, redact: (text: string) => string): APIError {
  const tooLong = (waitMs: number) => `the service asked to wait ${Math.ceil(waitMs / 1000)} s, more than maxWaitMs (${maxWaitMs} ms)`;
  switch (failure.kind) {
    case "answer": {
      const { answer, waitMs } = failure;
      const note = waitMs !== undefined && waitMs > maxWaitMs ? ` (${tooLong(waitMs)}: not retried)` : "";
      const decoded = decodeBody(answer.bytes);
      const body = decoded.kind === "body" ? decoded.body : answer.bytes.toString("utf8");
      return errorFromResponse(answer.status, body, url, waitMs, (said) => redact(said) + note);
    }
    case "refused":
      return new RateLimitExceededError({
        status: 429,
        url,
        message: `not sent (${tooLong(failure.waitMs)})`,
        retryAfterMs: failure.waitMs,
      });
    case "truncated":
      return apiError({ status: failure.status, url, message, code: TRUNCATED });
    case "undecodable":
      return apiError({ status: failure.status, url, message, code: MALFORMED_BODY });
    case "timedOut":
      return apiError({ status: undefined, url, message, code: TIMED_OUT });
    case "unreachable":
      return apiError({ status: undefined, url, message, code: failure.code });
  }
}
