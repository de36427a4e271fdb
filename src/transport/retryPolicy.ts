import type { AxiosError } from "axios";
import type { IAxiosRetryConfig } from "axios-retry";
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

/** Transient: no response (reset, refused, out of time), a broken-off body, 5xx, 429. */
function isTransient(error: AxiosError): boolean {
  const status = error.response?.status;
  if (status === undefined || isTruncated(error)) return true;
  return status === 429 || status >= 500;
}

/** How long and how often to try: the client's settings. */
export interface RetrySettings {
  /** retries after the first attempt, for transient failures only (a request may ask for fewer or more) */
  retries: number;
  baseDelayMs: number;
  /** the longest single wait; a service asking for more fails the request at once */
  maxWaitMs: number;
}

/**
 * The one retry policy, as axios-retry takes it: transient failures are retried after an
 * exponential backoff or the service's own wait, unless that wait is past `maxWaitMs` or the
 * request's signal (the call's) has been aborted.
 */
export function retryPolicy({ retries, baseDelayMs, maxWaitMs }: RetrySettings): IAxiosRetryConfig {
  const askedWait = (error: AxiosError) => (error.response ? serverWaitMs(error.response) : undefined);
  return {
    retries,
    retryCondition: (error) => {
      if ((error.config?.signal as AbortSignal | undefined)?.aborted) return false;
      const waitMs = askedWait(error);
      if (waitMs !== undefined && waitMs > maxWaitMs) return false;
      return error.code === TIMED_OUT || isTransient(error);
    },
    retryDelay: (retryNumber, error) => retryDelayMs(retryNumber, askedWait(error), baseDelayMs, maxWaitMs),
  };
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
