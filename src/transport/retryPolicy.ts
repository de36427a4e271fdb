import type { AxiosError } from "axios";
import { DEFAULT_MAX_WAIT_MS, headerCount } from "./rateLimitPacer";

/** A 200 whose body is not JSON. */
export const MALFORMED_JSON = "ERR_MALFORMED_JSON";
/** A 200 whose JSON parsed but is not the answer asked for (no `data`, a record that is not an object). */
export const MALFORMED_BODY = "ERR_MALFORMED_BODY";
export const TRUNCATED = "ERR_TRUNCATED";
export const TIMED_OUT = "ETIMEDOUT";

/** An answer as far as its wait goes: its status and headers (lower-case names). */
export interface AnswerHead {
  status: number;
  headers?: Readonly<Record<string, unknown>> | null;
}

const header = (answer: AnswerHead, name: string): string | undefined => {
  const value = answer.headers?.[name];
  return value === undefined || value === null ? undefined : String(value);
};

/** The wait the service asked for: Retry-After (seconds or HTTP date), else X-RateLimit-Reset (epoch seconds). */
export function serverWaitMs(answer: AnswerHead, now = Date.now()): number | undefined {
  const retryAfter = header(answer, "retry-after");
  if (retryAfter !== undefined) {
    const seconds = headerCount(retryAfter);
    if (seconds !== undefined) return seconds * 1000;
    const date = headerDate(retryAfter);
    if (date !== undefined) return Math.max(0, date - now);
  }
  const reset = headerCount(header(answer, "x-ratelimit-reset"));
  if (answer.status === 429 && reset !== undefined && reset > 0) {
    return Math.max(0, reset * 1000 - now);
  }
  return undefined;
}

/**
 * A response whose body broke off: axios rejects it before settling, so it has a status but no
 * data (a settled response always has data, "" at least).
 */
export const isTruncated = (error: AxiosError): boolean => error.response !== undefined && error.response.data === undefined;

/** How long and how often to try: the client's settings. */
export interface RetrySettings {
  /** retries after the first attempt, whatever failed */
  retries: number;
  baseDelayMs: number;
  /** the longest single wait; a service asking for more fails the request at once */
  maxWaitMs: number;
}

/** Why an attempt brought no accepted body, as far as the retry policy looks. */
export type AttemptFailure =
  /** a whole answer that is not a 2xx, and the wait it asked for */
  | { kind: "answer"; status: number; waitMs: number | undefined }
  /** the pacer would have to wait longer than maxWaitMs: nothing was sent */
  | { kind: "refused" }
  /** no answer; `transient` when the request went out (a reset, a refused connection) */
  | { kind: "unreachable"; transient: boolean }
  /** the body broke off, did not undo its coding, did not come within the deadline, or is not the answer asked for */
  | { kind: "truncated" | "undecodable" | "timedOut" | "notTheAnswer" };

/**
 * The one retry policy, for every kind of failure: how long to wait before retry `retryNumber`
 * (1 for the first), or undefined when the attempt is not retried. Transient failures are retried
 * (no answer, a body broken off, out of time, not decompressible or not the answer asked for, a
 * 5xx or 429) after an exponential backoff or the service's own wait, unless that wait is past
 * `maxWaitMs`; at most `retries` times, so a request is sent at most `retries + 1` times.
 */
export function retryWaitMs(
  failure: AttemptFailure,
  retryNumber: number,
  { retries, baseDelayMs, maxWaitMs }: RetrySettings,
): number | undefined {
  if (retryNumber > retries) return undefined;
  switch (failure.kind) {
    case "answer": {
      const { status, waitMs } = failure;
      if (status !== 429 && status < 500) return undefined;
      if (waitMs !== undefined && waitMs > maxWaitMs) return undefined;
      return retryDelayMs(retryNumber, waitMs, baseDelayMs, maxWaitMs);
    }
    case "refused":
      return undefined;
    case "unreachable":
      return failure.transient ? retryDelayMs(retryNumber, undefined, baseDelayMs, maxWaitMs) : undefined;
    default:
      return retryDelayMs(retryNumber, undefined, baseDelayMs, maxWaitMs);
  }
}

/**
 * Exponential backoff with up to 25% jitter; the service's own wait wins when longer. `maxWaitMs`
 * caps how far the backoff grows, never below `baseDelayMs`: a cap of 0 (never wait for the service)
 * must not turn the retries into a burst against a service that is failing.
 */
export function retryDelayMs(
  retryNumber: number,
  askedMs: number | undefined,
  baseDelayMs: number,
  maxWaitMs = DEFAULT_MAX_WAIT_MS,
): number {
  const backoff = baseDelayMs * 2 ** (retryNumber - 1);
  const jittered = backoff + backoff * 0.25 * Math.random();
  return Math.min(Math.max(maxWaitMs, baseDelayMs), Math.max(jittered, askedMs ?? 0));
}

/** Retry-After as an HTTP date (the other form it may take), in ms since the epoch; else undefined. */
function headerDate(value: unknown): number | undefined {
  if (typeof value !== "string" || !/[a-z]/i.test(value)) return undefined;
  const date = Date.parse(value);
  return Number.isFinite(date) ? date : undefined;
}
