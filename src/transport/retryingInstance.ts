import axios, { AxiosError, type AxiosInstance, type AxiosResponse, type InternalAxiosRequestConfig } from "axios";
import axiosRetry from "axios-retry";
import { beginAttempt, readAnswer, readFailure } from "./attempt";

/**
 * Installs the attempt interceptors (pacing, deadline, reading the body) and axios-retry on an
 * instance this library created; the retry policy itself travels with each request (request.ts).
 * Response interceptors run in the order they were added: the body is read before axios-retry
 * decides, so a body that does not parse is retried like a reset connection.
 */
export function withRetries(instance: AxiosInstance): AxiosInstance {
  instance.interceptors.request.use(beginAttempt);
  instance.interceptors.response.use(readAnswer, readFailure);
  axiosRetry(instance, { retries: 0 });
  return instance;
}

/**
 * A caller's instance is used as is (its defaults, credential and interceptors) and never
 * reconfigured: the retries live on an instance of our own whose transport is a plain request
 * through the caller's. Only what this library sets per request is passed on; the caller's
 * instance returns the raw body, read once, here.
 */
export function retryingThrough(given: AxiosInstance): AxiosInstance {
  const adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    try {
      const response = await given.request({
        method: config.method,
        url: config.url,
        baseURL: config.baseURL,
        params: config.params,
        paramsSerializer: config.paramsSerializer,
        signal: config.signal,
        responseType: config.responseType,
        transformResponse: [],
        validateStatus: config.validateStatus,
      });
      return { ...response, config };
    } catch (error) {
      // re-addressed to our config, which axios-retry sends again (the caller's holds their headers)
      if (error instanceof AxiosError) throw new AxiosError(error.message, error.code, config, error.request, error.response);
      throw error;
    }
  };
  return withRetries(axios.create({ adapter, transformResponse: [] }));
}
