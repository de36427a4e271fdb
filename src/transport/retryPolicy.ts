import { AxiosError, isCancel } from "axios";

/** Longest wait we accept from Retry-After / X-RateLimit-Reset before giving up the retry. */
export const MAX_SERVER_WAIT_MS = 120_000;

const header = (error: AxiosError, name: string): string | undefined => {
  const value = error.response?.headers?.[name];
  return value === undefined || value === null ? undefined : String(value);
};

/** The wait the service asked for: Retry-After (seconds or HTTP date), else X-RateLimit-Reset (epoch seconds). */
export function serverWaitMs(error: AxiosError, now = Date.now()): number | undefined {
  const retryAfter = header(error, "retry-after");
  if (retryAfter !== undefined) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return Math.max(0, date - now);
  }
  const reset = Number(header(error, "x-ratelimit-reset"));
  if (error.response?.status === 429 && Number.isFinite(reset) && reset > 0) {
    return Math.max(0, reset * 1000 - now);
  }
  return undefined;
}

/** Transient: no response (reset, timeout, refused), 5xx, 429, or a 200 whose JSON did not parse. */
export function isTransient(error: AxiosError): boolean {
  if (isCancel(error) || error.code === AxiosError.ERR_CANCELED) return false;
  const status = error.response?.status;
  if (status === undefined) return true;
  if (status === 429 || status >= 500) return true;
  return error.code === MALFORMED_JSON;
}

export const MALFORMED_JSON = "ERR_MALFORMED_JSON";

/** Exponential backoff with up to 25% jitter; the service's own wait wins when longer. */
export function retryDelayMs(retryNumber: number, error: AxiosError, baseDelayMs: number): number {
  const backoff = baseDelayMs * 2 ** (retryNumber - 1);
  const jittered = backoff + backoff * 0.25 * Math.random();
  const asked = serverWaitMs(error);
  return asked === undefined ? jittered : Math.max(jittered, Math.min(asked, MAX_SERVER_WAIT_MS));
}
