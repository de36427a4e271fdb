import { AxiosError } from "axios";
import type { IAxiosRetryConfig } from "axios-retry";
import { APIError, RateLimitExceededError, apiError, errorFromResponse } from "../errors";
import type { Connection } from "./axiosInstance";
import { ServiceAskedToWait, type RateLimitPacer } from "./rateLimitPacer";
import { CallAttempts } from "./attempt";
import { MALFORMED_BODY, MALFORMED_JSON, TIMED_OUT, TRUNCATED, isTransient, isTruncated, retryDelayMs, serverWaitMs } from "./retryPolicy";

export interface RequestPolicy {
  /** retries after the first attempt, for transient failures only */
  retries: number;
  baseDelayMs: number;
  /** wall-clock limit of one attempt, headers and body together */
  timeoutMs: number;
  /** the longest single wait; a service asking for more fails the request at once */
  maxWaitMs: number;
}

interface Failure {
  error: APIError;
  transient: boolean;
  /** the wait the service asked for */
  waitMs?: number;
}

/**
 * One GET through axios-retry: each attempt paced and under its own deadline (attempt.ts), the
 * call's signal honoured during the waits; transient failures retried after a backoff or the
 * service's capped wait; errors mapped to the library's own. Once `signal` is aborted nothing
 * more is sent and the call rejects with the signal's reason (ClientClosedError on aclose()).
 */
export async function getJson(
  connection: Connection,
  pacer: RateLimitPacer,
  policy: RequestPolicy,
  path: string,
  params: Record<string, string | number>,
  signal: AbortSignal,
  /** the body's bytes to the caller's decoder (a worker thread) instead of parsed here */
  decode?: (bytes: Buffer) => Promise<unknown>,
  /** throws when a 200's body is not the answer asked for: retried like a body that does not parse */
  check?: (body: unknown) => void,
): Promise<unknown> {
  const url = connection.axios.getUri({ ...connection.requestDefaults, url: path, params });
  const attempts = new CallAttempts(signal, pacer, policy.timeoutMs, decode, check);
  try {
    const response = await connection.requester.request({
      ...connection.requestDefaults,
      method: "GET",
      url: path,
      params,
      signal,
      ...(decode ? { responseType: "arraybuffer" } : {}),
      fountframeAttempts: attempts,
      "axios-retry": retryOptions(policy, attempts),
    });
    return response.data;
  } catch (error) {
    signal.throwIfAborted();
    if (error instanceof ServiceAskedToWait) throw refusedBeforeSending(error, url, policy);
    throw describeFailure(error, attempts.timedOut, url, connection, policy).error;
  }
}

/** The retry policy as axios-retry takes it, for one call. */
function retryOptions(policy: RequestPolicy, attempts: CallAttempts): IAxiosRetryConfig {
  const askedWait = (error: AxiosError) => (error.response ? serverWaitMs(error) : undefined);
  return {
    retries: policy.retries,
    retryCondition: (error) => {
      if (attempts.signal.aborted) return false;
      const waitMs = askedWait(error);
      if (waitMs !== undefined && waitMs > policy.maxWaitMs) return false;
      return attempts.timedOut || isTransient(error);
    },
    retryDelay: (retryNumber, error) => retryDelayMs(retryNumber, askedWait(error), policy.baseDelayMs, policy.maxWaitMs),
    // the backoff is cut short by the call's signal only: the next attempt arms its own deadline
    onRetry: (_retryNumber, _error, config) => {
      config.signal = attempts.signal;
    },
  };
}

/** Never passes an axios error on: its `config` holds the Authorization header. */
function describeFailure(error: unknown, timedOut: boolean, url: string, connection: Connection, policy: RequestPolicy): Failure {
  const { redact } = connection;
  if (timedOut) {
    return {
      transient: true,
      error: apiError({ status: undefined, url, code: TIMED_OUT, message: `no complete answer within ${policy.timeoutMs} ms` }),
    };
  }
  if (!(error instanceof AxiosError)) {
    return {
      transient: false,
      error: apiError({ status: undefined, url, message: redact(String((error as Error)?.message ?? error)) }),
    };
  }
  const transient = isTransient(error);
  if (error.code === MALFORMED_BODY) {
    return { transient, error: apiError({ status: 200, url, message: error.message, code: MALFORMED_BODY }) };
  }
  if (error.code === MALFORMED_JSON) {
    return {
      transient,
      error: apiError({ status: 200, url, message: "the response body was not valid JSON (truncated?)", code: MALFORMED_JSON }),
    };
  }
  if (error.response && isTruncated(error)) {
    const message = "the response was truncated: the connection closed before its body was complete";
    return { transient, error: apiError({ status: error.response.status, url, message, code: TRUNCATED }) };
  }
  if (error.response) {
    const waitMs = serverWaitMs(error);
    const note = waitMs !== undefined && waitMs > policy.maxWaitMs ? ` (${tooLong(waitMs, policy)}: not retried)` : "";
    return {
      transient,
      waitMs,
      error: errorFromResponse(error.response.status, error.response.data, url, waitMs, (message) => redact(message) + note),
    };
  }
  return { transient, error: apiError({ status: undefined, url, message: redact(error.message), code: error.code }) };
}

/** A request the pacer refused: a 429 asked for a wait past the cap, and it has not ended. */
function refusedBeforeSending(refusal: ServiceAskedToWait, url: string, policy: RequestPolicy): RateLimitExceededError {
  return new RateLimitExceededError({
    status: 429,
    url,
    message: `not sent (${tooLong(refusal.waitMs, policy)})`,
    retryAfterMs: refusal.waitMs,
  });
}

const tooLong = (waitMs: number, policy: RequestPolicy) =>
  `the service asked to wait ${Math.ceil(waitMs / 1000)} s, more than maxWaitMs (${policy.maxWaitMs} ms)`;
