import { AxiosError, isCancel, type AxiosResponse } from "axios";
import { APIError, errorFromResponse } from "../errors";
import type { Connection } from "./axiosInstance";
import type { RateLimitPacer } from "./rateLimitPacer";
import { MALFORMED_JSON, isTransient, retryDelayMs, serverWaitMs } from "./retryPolicy";

export interface RetrySettings {
  retries: number;
  baseDelayMs: number;
}

export class RequestCanceled extends Error {}

/** One GET with the retry policy, pacing, and errors mapped to the library's own. */
export async function getJson(
  connection: Connection,
  pacer: RateLimitPacer,
  retry: RetrySettings,
  path: string,
  params: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<AxiosResponse<unknown>> {
  try {
    await pacer.acquire(signal);
    const response = await connection.axios.request({
      ...connection.requestDefaults,
      method: "GET",
      url: path,
      params,
      signal,
      "axios-retry": {
        retries: retry.retries,
        retryCondition: isTransient,
        retryDelay: (retryNumber: number, error: AxiosError) => retryDelayMs(retryNumber, error, retry.baseDelayMs),
        shouldResetTimeout: true,
        onRetry: (_count: number, error: AxiosError) => pacer.observe(error.response as never, serverWaitMs(error)),
      },
    } as never);
    pacer.observe(response as never);
    return response;
  } catch (error) {
    throw toLibraryError(error, connection.axios.getUri({ ...connection.requestDefaults, url: path, params }));
  }
}

/** Never passes an axios error on: its `config` holds the Authorization header. */
function toLibraryError(error: unknown, url: string): Error {
  if (isCancel(error) || (error as { name?: string })?.name === "AbortError") return new RequestCanceled("request canceled");
  if (!(error instanceof AxiosError)) return new APIError({ status: undefined, url, message: String((error as Error)?.message ?? error) });
  if (error.code === MALFORMED_JSON) {
    return new APIError({ status: 200, url, message: "the response body was not valid JSON (truncated?)", code: MALFORMED_JSON });
  }
  if (error.response) return errorFromResponse(error.response.status, error.response.data, url, serverWaitMs(error));
  const message = error.code === AxiosError.ECONNABORTED || error.code === AxiosError.ETIMEDOUT
    ? "the request timed out"
    : error.message.replace(/Bearer\s+\S+/g, "Bearer ***");
  return new APIError({ status: undefined, url, message, code: error.code });
}
