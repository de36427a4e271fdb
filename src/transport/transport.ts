import { readFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import axios, {
  AxiosError,
  type AxiosAdapter,
  type AxiosInstance,
  type AxiosResponse,
  type CreateAxiosDefaults,
  type InternalAxiosRequestConfig,
} from "axios";
import { ValidationError, secretRedactor } from "../errors";
import { DEFAULT_USER_AGENT } from "../version";
import { ServiceAskedToWait, type RateLimitPacer } from "./rateLimitPacer";
import { TIMED_OUT, isTruncated, serverWaitMs } from "./retryPolicy";
import { ACCEPTED_CODINGS, ContentCodingError, decodeContent } from "./contentCoding";

/** What one GET brought back, its Content-Encoding undone: nothing is read from the body here. */
export interface Answer {
  status: number;
  /** lower-case names */
  headers: Readonly<Record<string, string>>;
  bytes: Buffer;
}

export interface TransportSettings {
  baseUrl: string;
  /** false skips TLS verification; a string is a path to a CA certificate file */
  verify: boolean | string;
  userAgent: string;
}

/** One attempt's settings: the call's signal and the attempt's deadline. */
export interface SendSettings {
  signal: AbortSignal;
  timeoutMs: number;
}

/**
 * An attempt that ended without a 2xx, told without anything of the request's
 * configuration (which holds the Authorization header): the answer when one came whole, else
 * why none did. `message` is already redacted.
 */
export class TransportFailure extends Error {
  constructor(
    readonly url: string,
    readonly failure:
      | { kind: "answer"; answer: Answer; waitMs: number | undefined }
      | { kind: "truncated"; status: number }
      | { kind: "undecodable"; status: number }
      | { kind: "timedOut"; timeoutMs: number }
      | { kind: "refused"; waitMs: number }
      /** `transient`: the request went out and no answer came (a reset, a refused connection), worth another attempt */
      | { kind: "unreachable"; code: string | undefined; transient: boolean },
    message: string,
  ) {
    super(message);
  }
}

/**
 * The service on the wire: one axios instance, every attempt paced under the rate budget with its
 * own deadline (pacedAdapter). `send` makes one attempt and answers `{ status, headers, bytes }`;
 * whether to try again is the caller's one retry policy (pull/request.ts). A caller's axios instance is used as
 * is (its defaults, credential and interceptors), never reconfigured: requests go through it as
 * the last step of ours.
 */
export class Transport {
  /** requests go through this one */
  readonly #requester: AxiosInstance;
  /** the instance that addresses the service (ours, or the caller's): URLs are built with it */
  readonly #addressing: AxiosInstance;
  readonly #agents: (http.Agent | https.Agent)[];
  /** removes this connection's credential (and any Bearer value) from a text before it is kept */
  readonly redact: (text: string) => string;

  constructor(authToken: string | undefined, settings: TransportSettings, pacer: RateLimitPacer, given?: AxiosInstance) {
    const reading = {
      responseType: "arraybuffer",
      transformResponse: [],
      paramsSerializer: { serialize: serializeParams },
      validateStatus: (status: number) => status >= 200 && status < 300,
    } satisfies CreateAxiosDefaults;
    if (given) {
      this.#agents = [];
      this.#addressing = given;
      this.redact = secretRedactor(credentialOf(given));
      const baseURL = given.defaults.baseURL ? undefined : withSlash(settings.baseUrl);
      this.#requester = axios.create({ ...reading, baseURL, adapter: pacedAdapter(throughCallersInstance(given), pacer) });
    } else {
      const httpAgent = new http.Agent({ keepAlive: true });
      const httpsAgent = httpsAgentFor(settings.verify);
      this.#agents = [httpAgent, httpsAgent];
      this.redact = secretRedactor(authToken);
      this.#requester = axios.create({
        ...reading,
        baseURL: withSlash(settings.baseUrl),
        decompress: false,
        headers: {
          Authorization: `Bearer ${authToken}`,
          Accept: "application/json",
          "Accept-Encoding": ACCEPTED_CODINGS,
          "User-Agent": settings.userAgent || DEFAULT_USER_AGENT,
        },
        httpAgent,
        httpsAgent,
        maxRedirects: 0,
        adapter: pacedAdapter(axios.getAdapter("http"), pacer),
      });
      this.#addressing = this.#requester;
    }
  }

  /** The full address of a request, for messages. */
  url(path: string, params: Record<string, string | number>): string {
    const { baseURL, paramsSerializer } = this.#requester.defaults;
    return this.#addressing.getUri({ ...(baseURL ? { baseURL } : {}), paramsSerializer, url: path, params });
  }

  baseUrl(): string {
    return this.#requester.defaults.baseURL ?? this.#addressing.defaults.baseURL ?? "";
  }

  /**
   * One attempt, paced and sent: the answer as it came, its Content-Encoding not yet undone
   * (`undoCoding`). Rejects with a TransportFailure, or with the signal's reason once it is aborted
   * (nothing more is sent then).
   */
  async send(path: string, params: Record<string, string | number>, { signal, timeoutMs }: SendSettings): Promise<Answer> {
    try {
      return rawAnswerOf(await this.#requester.get<ArrayBuffer | Buffer>(path, { params, signal, timeout: timeoutMs }));
    } catch (error) {
      signal.throwIfAborted();
      throw await this.#failure(error, this.url(path, params), timeoutMs);
    }
  }

  /** The answer with its Content-Encoding undone (off the main thread); a TransportFailure when it cannot be. */
  async undoCoding(answer: Answer, path: string, params: Record<string, string | number>): Promise<Answer> {
    try {
      return { ...answer, bytes: await decodeContent(answer.bytes, answer.headers["content-encoding"]) };
    } catch (error) {
      if (!(error instanceof ContentCodingError)) throw error;
      throw new TransportFailure(this.url(path, params), { kind: "undecodable", status: answer.status }, error.message);
    }
  }

  close(): void {
    for (const agent of this.#agents) agent.destroy();
  }

  async #failure(error: unknown, url: string, timeoutMs: number): Promise<TransportFailure> {
    if (error instanceof ServiceAskedToWait) return new TransportFailure(url, { kind: "refused", waitMs: error.waitMs }, error.message);
    if (!(error instanceof AxiosError))
      return new TransportFailure(
        url,
        { kind: "unreachable", code: undefined, transient: false },
        this.redact(String((error as Error)?.message ?? error)),
      );
    if (error.code === TIMED_OUT)
      return new TransportFailure(url, { kind: "timedOut", timeoutMs }, `no complete answer within ${timeoutMs} ms`);
    const { response } = error;
    if (response && isTruncated(error)) {
      return new TransportFailure(
        url,
        { kind: "truncated", status: response.status },
        "the response was truncated: the connection closed before its body was complete",
      );
    }
    if (response) {
      // an error's body is only read for its message: one that does not decompress has none
      const answer = await answerOf(response).catch(() => ({ ...rawAnswerOf(response), bytes: Buffer.alloc(0) }));
      return new TransportFailure(url, { kind: "answer", answer, waitMs: serverWaitMs(answer) }, `HTTP ${response.status}`);
    }
    return new TransportFailure(url, { kind: "unreachable", code: error.code, transient: true }, this.redact(error.message));
  }
}

/** A base URL ending in `/`, so relative paths resolve below it rather than beside it. */
export const withSlash = (url: string): string => (url.endsWith("/") ? url : `${url}/`);

/** The answer with its Content-Encoding undone (a caller's instance may have undone it already). */
async function answerOf(response: AxiosResponse): Promise<Answer> {
  const raw = rawAnswerOf(response);
  return { ...raw, bytes: await decodeContent(raw.bytes, raw.headers["content-encoding"]) };
}

function rawAnswerOf(response: AxiosResponse): Answer {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers ?? {})) {
    if (value !== undefined && value !== null) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
  }
  const data = response.data as ArrayBuffer | Buffer | string | undefined;
  const bytes = Buffer.isBuffer(data) ? data : typeof data === "string" ? Buffer.from(data) : Buffer.from(data ?? new ArrayBuffer(0));
  return { status: response.status, headers, bytes };
}

/** The caller's instance as our last step: only what this library sets per request is passed on. */
function throughCallersInstance(given: AxiosInstance): AxiosAdapter {
  return async (config: InternalAxiosRequestConfig) =>
    given.request({
      method: config.method,
      url: config.url,
      baseURL: config.baseURL,
      params: config.params,
      paramsSerializer: config.paramsSerializer,
      signal: config.signal,
      responseType: "arraybuffer",
      transformResponse: [],
      validateStatus: config.validateStatus,
    });
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

/** The credential of a caller's instance, as its default Authorization header carries it. */
function credentialOf(instance: AxiosInstance): string | undefined {
  const { headers } = instance.defaults;
  const authorization = headers.Authorization ?? headers.authorization ?? headers.common?.Authorization ?? headers.common?.authorization;
  return typeof authorization === "string" ? authorization.replace(/^\s*\S+\s+/, "") || undefined : undefined;
}

/**
 * The query string as WIRE.md writes it: `filter[name]=swat&filter[studies]=1,2`. Brackets and
 * commas stay readable (both are legal in a query); everything else is percent-encoded.
 */
export function serializeParams(params: Record<string, string | number>): string {
  return Object.entries(params)
    .map(([key, value]) => `${encodeKey(key)}=${encodeValue(String(value))}`)
    .join("&");
}

const encodeKey = (key: string) => encodeURIComponent(key).replace(/%5B/g, "[").replace(/%5D/g, "]");

/** Values at least this long are encoded once for every request that sends them (a filter of hundreds of ids, each page of a pull). */
const LONG_VALUE = 256;
const longValuesEncoded = new Map<string, string>();
const LONG_VALUES_KEPT = 32;

const encodeEachTime = (value: string) => encodeURIComponent(value).replace(/%2C/g, ",");

function encodeValue(value: string): string {
  if (value.length < LONG_VALUE) return encodeEachTime(value);
  let encoded = longValuesEncoded.get(value);
  if (encoded === undefined) {
    encoded = encodeEachTime(value);
    if (longValuesEncoded.size >= LONG_VALUES_KEPT) longValuesEncoded.clear();
    longValuesEncoded.set(value, encoded);
  }
  return encoded;
}

/**
 * Every attempt, the first and each retry, goes through here: it waits for the
 * rate pacer, runs under its own deadline (the request's `timeout`, headers and body together:
 * axios's own timeout only watches an idle socket), and tells the pacer what the answer said.
 * The wait for the pacer is not part of the attempt's time.
 */
function pacedAdapter(send: AxiosAdapter, pacer: RateLimitPacer): AxiosAdapter {
  return async function paced(config: InternalAxiosRequestConfig): Promise<AxiosResponse> {
    const callSignal = config.signal as AbortSignal | undefined;
    const slot = await pacer.acquire(callSignal);
    const deadline = config.timeout ? AbortSignal.timeout(config.timeout) : undefined;
    const signal = deadline && callSignal ? AbortSignal.any([callSignal, deadline]) : (deadline ?? callSignal);
    try {
      const response = await send({ ...config, timeout: 0, signal });
      pacer.settle(slot, response);
      return response;
    } catch (error) {
      const response = error instanceof AxiosError ? error.response : undefined;
      pacer.settle(slot, response, response ? serverWaitMs(response) : undefined);
      if (deadline?.aborted && !callSignal?.aborted) {
        throw new AxiosError(`no complete answer within ${config.timeout} ms`, TIMED_OUT, config);
      }
      throw error;
    }
  };
}
