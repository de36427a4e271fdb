import { setTimeout as sleep } from "node:timers/promises";
import { AxiosError } from "axios";
import { APIError, RateLimitExceededError, apiError, errorFromResponse } from "../errors";
import type { Connection } from "./axiosInstance";
import { ServiceAskedToWait, type RateLimitPacer } from "./rateLimitPacer";
import { MalformedAnswer } from "./malformedAnswer";
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
 * One GET: each attempt paced, under its own deadline and the call's signal; transient failures
 * retried after a backoff; errors mapped to the library's own. Once `signal` is aborted nothing
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
  for (let retriesDone = 0; ; retriesDone += 1) {
    const slot = await pacer.acquire(signal).catch((error: unknown) => {
      throw error instanceof ServiceAskedToWait ? refusedBeforeSending(error, url, policy) : error;
    });
    const deadline = AbortSignal.timeout(policy.timeoutMs);
    try {
      const response = await connection.axios.request({
        ...connection.requestDefaults,
        method: "GET",
        url: path,
        params,
        signal: AbortSignal.any([signal, deadline]),
        ...(decode ? { responseType: "arraybuffer", transformResponse: [errorBodyAsText] } : {}),
      });
      pacer.settle(slot, response);
      const body = decode ? await decode(response.data as Buffer) : response.data;
      checkBody(check, body);
      return body;
    } catch (error) {
      signal.throwIfAborted();
      const failure = describeFailure(error, deadline.aborted, url, connection, policy);
      pacer.settle(slot, (error as AxiosError).response, failure.waitMs);
      const waitTooLong = failure.waitMs !== undefined && failure.waitMs > policy.maxWaitMs;
      if (!failure.transient || waitTooLong || retriesDone >= policy.retries) throw failure.error;
      await sleep(retryDelayMs(retriesDone + 1, failure.waitMs, policy.baseDelayMs, policy.maxWaitMs), undefined, { signal }).catch(() => {
        signal.throwIfAborted();
      });
    }
  }
}

function checkBody(check: ((body: unknown) => void) | undefined, body: unknown): void {
  try {
    check?.(body);
  } catch (error) {
    throw new MalformedAnswer(error instanceof APIError ? error.serviceMessage : String((error as Error)?.message ?? error));
  }
}

/** With the bytes kept for a decoder, an error's body is still read as the service's text or JSON. */
function errorBodyAsText(data: unknown, _headers: unknown, status?: number): unknown {
  if (status === undefined || status < 300 || !Buffer.isBuffer(data)) return data;
  const text = data.toString("utf8");
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
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
  if (error instanceof MalformedAnswer) {
    return { transient: true, error: apiError({ status: 200, url, message: error.message, code: MALFORMED_BODY }) };
  }
  if (!(error instanceof AxiosError)) {
    return {
      transient: false,
      error: apiError({ status: undefined, url, message: redact(String((error as Error)?.message ?? error)) }),
    };
  }
  const transient = isTransient(error);
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
