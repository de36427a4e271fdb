import { setTimeout as sleep } from "node:timers/promises";
import { APIError, RateLimitExceededError } from "../errors";
import { apiError, errorFromResponse } from "../errors/fromResponse";
import type { PullWrites } from "../cache/pullWrites";
import { decodeBody, type DecodedBody } from "../decode/decodeBody";
import type { DecodePool } from "../decode/decodePool";
import type { RowShape } from "../table/types";
import { MALFORMED_BODY, MALFORMED_JSON, TIMED_OUT, TRUNCATED, retryWaitMs, type AttemptFailure } from "../transport/retryPolicy";
import { TransportFailure } from "../transport/transport";
import { DecodedPage } from "./envelope";
import type { PullOptions, PullParts } from "./parts";

/**
 * How a body's bytes are decoded: as they are (records, an item, a tool's answer), or, with a row
 * `shape` (a frame's pages after the first), a page straight to its columns, by `pool`'s worker
 * threads when the pull chose them.
 */
export interface BodyDecoding {
  readonly shape?: RowShape;
  readonly pool?: DecodePool;
  /** a page decoded to columns keeps its bytes, for its records when they are asked for */
  readonly keepBytes?: boolean;
}

/** One request as a pull asks it: where, how its body is read, and what the body must be. */
export interface RequestAsked<T> {
  path: string;
  params: Record<string, string | number>;
  /** ends the request and its waits: the pull's (the client's closing), or its head start's */
  signal: AbortSignal;
  /**
   * The decoded body as the caller takes it (a page's envelope, a tool's answer): throws when the
   * body is not the answer asked for, which is then asked again like any failed attempt.
   */
  accept(body: unknown): T;
  decoding?: BodyDecoding;
  /** a pull's cache writes, held until its pages pass; without it an answer is written at once */
  writes?: PullWrites;
  /** the pull's bound on requests in flight (a p-limit), held while an attempt is on the wire and while a failed send waits to be retried */
  sending?: <R>(send: () => Promise<R>) => Promise<R>;
}

/** A body that was read whole but is not the answer asked for: its code and why. */
class NotTheAnswer extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * One request, from the pacer to an accepted body: the response cache when it holds an answer that
 * passes, else attempts of pace → send → undo the coding (the transport) → decode → accept. Every
 * failure, whatever its kind, goes to the one retry policy (retryWaitMs), so a request is sent at
 * most `retries + 1` times. Errors are built here, from the decoded body of the service's answer.
 */
export async function request<T>(parts: PullParts, options: PullOptions, asked: RequestAsked<T>): Promise<T> {
  const { path, params, signal, writes, sending } = asked;
  const cache = parts.cache(options.cache);
  const key = cache?.key(parts.baseUrl(), path, params);
  if (cache && key) {
    const stored = await cache.get(key);
    const value = stored && (await accepted(stored, asked).catch(() => undefined));
    if (value !== undefined) {
      writes?.read(key);
      return value;
    }
  }
  const retry = { retries: options.retries, baseDelayMs: options.retryBaseDelayMs, maxWaitMs: options.maxWaitMs };
  /** the pull's in-flight slot: held from an attempt's start until a body is in, the waits between failed sends included */
  let slot: (() => void) | undefined;
  try {
    for (let retryNumber = 1; ; retryNumber++) {
      let status: number | undefined;
      try {
        if (sending) slot ??= await slotOf(sending);
        const sent = await parts.transport.send(path, params, { signal, timeoutMs: options.timeout });
        // the body is in: undoing its coding and decoding it do not hold the slot
        slot?.();
        slot = undefined;
        status = sent.status;
        const answer = await parts.transport.undoCoding(sent, path, params);
        // a worker takes the bytes it decodes: the cache keeps a copy
        const bytes = cache && asked.decoding?.pool ? Buffer.from(answer.bytes) : answer.bytes;
        const value = await accepted(answer.bytes, asked);
        if (cache && key) {
          if (writes) writes.hold(value, key, bytes);
          else await cache.write(key, bytes);
        }
        return value;
      } catch (error) {
        signal.throwIfAborted();
        const failure = attemptFailure(error);
        if (!failure) throw error;
        const waitMs = retryWaitMs(failure, retryNumber, retry);
        if (waitMs === undefined) throw errorOf(error as TransportFailure | NotTheAnswer, status, parts, asked, options.maxWaitMs);
        // an abort ends the wait with the signal's own reason (ClientClosedError on aclose())
        await sleep(waitMs, undefined, { signal }).catch((error: unknown) => {
          signal.throwIfAborted();
          throw error;
        });
      }
    }
  } finally {
    slot?.();
  }
}

/** A slot of a p-limit bound, held until the function it resolves to is called. */
function slotOf(sending: NonNullable<RequestAsked<unknown>["sending"]>): Promise<() => void> {
  return new Promise((gotSlot) => {
    void sending(() => new Promise<void>((release) => gotSlot(release)));
  });
}

/** The retry policy's view of a failed attempt; undefined for an error that is no attempt's (a defect). */
function attemptFailure(error: unknown): AttemptFailure | undefined {
  if (error instanceof NotTheAnswer) return { kind: "notTheAnswer" };
  if (!(error instanceof TransportFailure)) return undefined;
  const { failure } = error;
  if (failure.kind === "answer") return { kind: "answer", status: failure.answer.status, waitMs: failure.waitMs };
  return failure;
}

async function accepted<T>(bytes: Buffer, { accept, decoding }: RequestAsked<T>): Promise<T> {
  const { pool, shape, keepBytes } = decoding ?? {};
  const decoded = pool && shape ? await pool.decode(bytes, shape, keepBytes) : decodeBody(bytes, shape);
  if (keepBytes && decoded.kind === "chunk") decoded.bytes ??= bytes;
  const body = bodyOf(decoded);
  try {
    return accept(body);
  } catch (error) {
    throw new NotTheAnswer(MALFORMED_BODY, error instanceof APIError ? error.serviceMessage : String((error as Error)?.message ?? error));
  }
}

function bodyOf(decoded: DecodedBody): unknown {
  switch (decoded.kind) {
    case "chunk":
      return new DecodedPage(decoded.chunk, decoded.ids, decoded.meta, decoded.bytes);
    case "body":
      return decoded.body;
    case "malformed":
      throw new NotTheAnswer(MALFORMED_JSON, "the response body was not valid JSON (truncated?)");
    case "notRecords":
      throw new NotTheAnswer(MALFORMED_BODY, decoded.reason);
  }
}

/** The error a request ends with once its last attempt failed. */
function errorOf(
  error: TransportFailure | NotTheAnswer,
  status: number | undefined,
  parts: PullParts,
  { path, params }: RequestAsked<unknown>,
  maxWaitMs: number,
): APIError {
  if (error instanceof NotTheAnswer) return apiError({ status, url: parts.url(path, params), message: error.message, code: error.code });
  const { failure, url, message } = error;
  const tooLong = (waitMs: number) => `the service asked to wait ${Math.ceil(waitMs / 1000)} s, more than maxWaitMs (${maxWaitMs} ms)`;
  switch (failure.kind) {
    case "answer": {
      const { answer, waitMs } = failure;
      const note = waitMs !== undefined && waitMs > maxWaitMs ? ` (${tooLong(waitMs)}: not retried)` : "";
      const decoded = decodeBody(answer.bytes);
      const body = decoded.kind === "body" ? decoded.body : answer.bytes.toString("utf8");
      return errorFromResponse(answer.status, body, url, waitMs, (said) => parts.transport.redact(said) + note);
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
