import { readFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import axios, { AxiosError, type AxiosInstance, type AxiosRequestConfig, type InternalAxiosRequestConfig } from "axios";
import { ValidationError, secretRedactor } from "../errors";
import { DEFAULT_USER_AGENT } from "../version";
import { serializeParams } from "./queryString";
import { MALFORMED_JSON } from "./retryPolicy";
import { withSlash } from "../text/withSlash";

export interface Connection {
  axios: AxiosInstance;
  /** per-request settings applied to every call (so a caller's instance is never reconfigured) */
  requestDefaults: AxiosRequestConfig;
  /** removes this connection's credential (and any Bearer value) from a text before it is kept */
  redact(text: string): string;
  close(): void;
}

export interface ConnectionSettings {
  baseUrl: string;
  /** false skips TLS verification; a string is a path to a CA certificate file */
  verify: boolean | string;
  userAgent: string;
}

/** JSON parsed here so a truncated 200 becomes a retryable error instead of a string of data. */
function parseJson(this: InternalAxiosRequestConfig, data: unknown, _headers: unknown, status?: number): unknown {
  if (typeof data !== "string" || data === "") return data;
  try {
    return JSON.parse(data);
  } catch {
    if (status !== undefined && status >= 400) return data;
    throw new AxiosError(`malformed JSON in a ${status ?? ""} response`, MALFORMED_JSON, this, undefined, undefined);
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

/**
 * Our own instance: token, Accept, User-Agent, keep-alive agents, TLS as asked. No axios timeout:
 * each attempt's deadline is a signal (see request.ts), which bounds the body as well.
 */
export function createConnection(authToken: string | undefined, options: ConnectionSettings, given?: AxiosInstance): Connection {
  const requestDefaults: AxiosRequestConfig = {
    timeout: 0,
    responseType: "text",
    paramsSerializer: { serialize: serializeParams },
    transformResponse: [parseJson],
    validateStatus: (status) => status >= 200 && status < 300,
  };
  if (given) {
    if (!given.defaults.baseURL) requestDefaults.baseURL = withSlash(options.baseUrl);
    return { axios: given, requestDefaults, redact: secretRedactor(credentialOf(given)), close: () => {} };
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
  return {
    axios: instance,
    requestDefaults,
    redact: secretRedactor(authToken),
    close: () => {
      httpAgent.destroy();
      httpsAgent.destroy();
    },
  };
}

/** The credential of a caller's instance, as its default Authorization header carries it. */
function credentialOf(instance: AxiosInstance): string | undefined {
  const { headers } = instance.defaults;
  const authorization = headers.Authorization ?? headers.authorization ?? headers.common?.Authorization ?? headers.common?.authorization;
  return typeof authorization === "string" ? authorization.replace(/^\s*\S+\s+/, "") || undefined : undefined;
}
