import { readFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import axios, { type AxiosInstance, type AxiosRequestConfig } from "axios";
import { ValidationError, secretRedactor } from "../errors";
import { DEFAULT_USER_AGENT } from "../version";
import { serializeParams } from "./queryString";
import { retryingThrough, withRetries } from "./retryingInstance";
import { withSlash } from "../text/withSlash";

export interface Connection {
  /** the instance that addresses the service (ours, or the caller's used as is): URLs are built with it */
  axios: AxiosInstance;
  /** the instance requests go through: the attempt interceptors and axios-retry on it */
  requester: AxiosInstance;
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
    // the body is read in the attempt interceptors (attempt.ts), where a malformed one can be retried
    transformResponse: [],
    validateStatus: (status) => status >= 200 && status < 300,
  };
  if (given) {
    if (!given.defaults.baseURL) requestDefaults.baseURL = withSlash(options.baseUrl);
    return {
      axios: given,
      requester: retryingThrough(given),
      requestDefaults,
      redact: secretRedactor(credentialOf(given)),
      close: () => {},
    };
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
    requester: withRetries(instance),
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
