import { readFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import axios, { AxiosError, type AxiosInstance, type AxiosRequestConfig } from "axios";
import axiosRetry from "axios-retry";
import { ValidationError } from "../errors";
import { DEFAULT_USER_AGENT } from "../version";
import type { ResolvedOptions } from "../client/options";
import { serializeParams } from "./queryString";
import { MALFORMED_JSON } from "./retryPolicy";

export interface Connection {
  axios: AxiosInstance;
  /** per-request settings applied to every call (so a caller's instance is never reconfigured) */
  requestDefaults: AxiosRequestConfig;
  close(): void;
}

const retryInstalled = new WeakSet<AxiosInstance>();

/** axios-retry's interceptors, installed once per instance, doing nothing unless a request asks. */
export function ensureRetryInterceptor(instance: AxiosInstance): void {
  if (retryInstalled.has(instance)) return;
  axiosRetry(instance, { retries: 0 });
  retryInstalled.add(instance);
}

/** JSON parsed here so a truncated 200 becomes a retryable error instead of a string of data. */
function parseJson(this: AxiosRequestConfig, data: unknown, _headers: unknown, status?: number): unknown {
  if (typeof data !== "string" || data === "") return data;
  try {
    return JSON.parse(data);
  } catch {
    if (status !== undefined && status >= 400) return data;
    throw new AxiosError(`malformed JSON in a ${status ?? ""} response`, MALFORMED_JSON, this as never, undefined, undefined);
  }
}

function httpsAgentFor(verify: boolean | string): https.Agent {
  if (typeof verify === "string") {
    let ca: Buffer;
    try {
      ca = readFileSync(verify);
    } catch (cause) {
      throw new ValidationError("verify", `cannot read the CA certificate file ${verify}: ${(cause as Error).message}`);
    }
    return new https.Agent({ keepAlive: true, ca });
  }
  return new https.Agent({ keepAlive: true, rejectUnauthorized: verify });
}

/** Our own instance: token, Accept, User-Agent, keep-alive agents, TLS as asked. */
export function createConnection(authToken: string | undefined, options: ResolvedOptions, given?: AxiosInstance): Connection {
  const requestDefaults: AxiosRequestConfig = {
    timeout: options.timeout,
    responseType: "text",
    paramsSerializer: { serialize: serializeParams },
    transformResponse: [parseJson],
    validateStatus: (status) => status >= 200 && status < 300,
  };
  if (given) {
    ensureRetryInterceptor(given);
    if (!given.defaults.baseURL) requestDefaults.baseURL = withSlash(options.baseUrl);
    return { axios: given, requestDefaults, close: () => {} };
  }
  const httpAgent = new http.Agent({ keepAlive: true });
  const httpsAgent = httpsAgentFor(options.verify);
  const instance = axios.create({
    baseURL: withSlash(options.baseUrl),
    headers: {
      Authorization: `Bearer ${authToken}`,
      Accept: "application/json",
      "User-Agent": options.userAgent || DEFAULT_USER_AGENT,
    },
    httpAgent,
    httpsAgent,
    maxRedirects: 0,
  });
  ensureRetryInterceptor(instance);
  return {
    axios: instance,
    requestDefaults,
    close: () => {
      httpAgent.destroy();
      httpsAgent.destroy();
    },
  };
}

const withSlash = (url: string) => (url.endsWith("/") ? url : `${url}/`);
