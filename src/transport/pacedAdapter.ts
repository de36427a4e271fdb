import { AxiosError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from "axios";
import type { RateLimitPacer } from "./rateLimitPacer";
import { TIMED_OUT, serverWaitMs } from "./retryPolicy";

/**
 * Every attempt, the first and each retry axios-retry sends, goes through here: it waits for the
 * rate pacer, runs under its own deadline (the request's `timeout`, headers and body together:
 * axios's own timeout only watches an idle socket), and tells the pacer what the answer said.
 * The wait for the pacer is not part of the attempt's time. The request's `signal` stays the
 * call's, so axios-retry's backoff is cut short by the call alone.
 */
export function pacedAdapter(send: AxiosAdapter, pacer: RateLimitPacer): AxiosAdapter {
  return async function paced(config: InternalAxiosRequestConfig): Promise<AxiosResponse> {
    const callSignal = config.signal as AbortSignal | undefined;
    const slot = await pacer.acquire(callSignal);
    const deadline = config.timeout ? AbortSignal.timeout(config.timeout) : undefined;
    const signal = deadline && callSignal ? AbortSignal.any([callSignal, deadline]) : (deadline ?? callSignal);
    try {
      const response = await send({ ...config, timeout: 0, signal });
      pacer.settle(slot, response);
      return { ...response, config };
    } catch (error) {
      const response = error instanceof AxiosError ? error.response : undefined;
      pacer.settle(slot, response, response ? serverWaitMs(response) : undefined);
      if (deadline?.aborted && !callSignal?.aborted) {
        throw new AxiosError(`no complete answer within ${config.timeout} ms`, TIMED_OUT, config);
      }
      // addressed to this request's config, the one axios-retry sends again
      if (error instanceof AxiosError) throw new AxiosError(error.message, error.code, config, error.request, response);
      throw error;
    }
  };
}
