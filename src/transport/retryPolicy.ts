import { AxiosError } from "axios";
import { headerCount, headerDate } from "./rateHeaders";

export const MALFORMED_JSON = "ERR_MALFORMED_JSON";
/** A 200 whose JSON parsed but is not the answer asked for (no `data`, a record that is not an object). */
export const MALFORMED_BODY = "ERR_MALFORMED_BODY";
export const TRUNCATED = "ERR_TRUNCATED";
export const TIMED_OUT = "ETIMEDOUT";

/** The longest single wait by default, whoever asks for it (Retry-After, X-RateLimit-Reset, backoff). */
export const DEFAULT_MAX_WAIT_MS = 60_000;

const header = (error: AxiosError, name: string): string | undefined => {
  const value = error.response?.headers?.[name];
  return value === undefined || value === null ? undefined : String(value);
};

/** The wait the service asked for: Retry-After (seconds or HTTP date), else X-RateLimit-Reset (epoch seconds). */
export function serverWaitMs(error: AxiosError, now = Date.now()): number | undefined {
  const retryAfter = header(error, "retry-after");
  if (retryAfter !== undefined) {
    const seconds = headerCount(retryAfter);
    if (seconds !== undefined) return seconds * 1000;
    const date = headerDate(retryAfter);
    if (date !== undefined) return Math.max(0, date - now);
  }
  const reset = headerCount(header(error, "x-ratelimit-reset"));
  if (error.response?.status === 429 && reset !== undefined && reset > 0) {
    return Math.max(0, reset * 1000 - now);
  }
  return undefined;
}

/**
 * A response whose body broke off: axios rejects it before settling, so it has a status but no
 * data (a settled response always has data, "" at least).
 */
export const isTruncated = (error: AxiosError): boolean => error.response !== undefined && error.response.data === undefined;

/**
 * Transient: no response (reset, refused, out of time), a broken-off body, 5xx, 429, or a 200
 * whose JSON did not parse or is not the answer asked for.
 */
export function isTransient(error: AxiosError): boolean {
  const status = error.response?.status;
  if (status === undefined || isTruncated(error)) return true;
  if (status === 429 || status >= 500) return true;
  return error.code === MALFORMED_JSON || error.code === MALFORMED_BODY;
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
