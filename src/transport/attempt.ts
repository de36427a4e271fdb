import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from "axios";
import { APIError } from "../errors";
import { MalformedAnswer } from "./malformedAnswer";
import type { RateLimitPacer, Slot } from "./rateLimitPacer";
import { MALFORMED_BODY, MALFORMED_JSON, serverWaitMs } from "./retryPolicy";

/**
 * What one GET carries through its attempts (axios-retry sends the same config again): the call's
 * signal, the pacer every attempt waits on, the attempt deadline, and how a 200's body is read.
 * A class, not a plain object, so that axios's config merge passes it on by reference.
 */
export class CallAttempts {
  /** the deadline of the attempt under way */
  deadline: AbortSignal | undefined;
  #slot: Slot | undefined;

  constructor(
    readonly signal: AbortSignal,
    readonly pacer: RateLimitPacer,
    readonly timeoutMs: number,
    /** the body's bytes to the caller's decoder (a worker thread) instead of parsed here */
    readonly decode?: (bytes: Buffer) => Promise<unknown>,
    /** throws when a 200's body is not the answer asked for: retried like a body that does not parse */
    readonly check?: (body: unknown) => void,
  ) {}

  /** True when the last attempt ran out of time (and not because the call was aborted). */
  get timedOut(): boolean {
    return this.deadline?.aborted === true && !this.signal.aborted;
  }

  /** Waits for the pacer, then arms a fresh deadline: the wait is not part of the attempt's time. */
  async begin(config: InternalAxiosRequestConfig): Promise<void> {
    this.#slot = await this.pacer.acquire(this.signal);
    this.deadline = AbortSignal.timeout(this.timeoutMs);
    config.signal = AbortSignal.any([this.signal, this.deadline]);
  }

  /** Tells the pacer what the answer said; waitMs is the wait a 429 asked for. */
  settle(response: AxiosResponse | undefined, waitMs?: number): void {
    if (this.#slot) this.pacer.settle(this.#slot, response, waitMs);
    this.#slot = undefined;
  }
}

declare module "axios" {
  interface AxiosRequestConfig {
    /** set by getJson; requests without it (none are sent) pass the attempt interceptors untouched */
    fountframeAttempts?: CallAttempts;
  }
}

/** Every attempt, the first and each retry, is paced and gets its own deadline. */
export async function beginAttempt(config: InternalAxiosRequestConfig): Promise<InternalAxiosRequestConfig> {
  await config.fountframeAttempts?.begin(config);
  return config;
}

/**
 * A 200's body read here, inside the retries: JSON that does not parse and a body that fails the
 * caller's check become errors axios-retry sees, so they are retried like any transient failure.
 */
export async function readAnswer(response: AxiosResponse): Promise<AxiosResponse> {
  const attempts = response.config.fountframeAttempts;
  if (!attempts) return response;
  attempts.settle(response);
  let body: unknown;
  try {
    body = attempts.decode ? await attempts.decode(response.data as Buffer) : parseJson(response);
  } catch (error) {
    // a decoder's verdict, addressed to this request so that axios-retry can send it again
    if (error instanceof AxiosError && error.code === MALFORMED_JSON) {
      throw new AxiosError(error.message, MALFORMED_JSON, response.config, response.request, response);
    }
    if (!(error instanceof MalformedAnswer)) throw error;
    throw malformedBody(response, error.message);
  }
  try {
    attempts.check?.(body);
  } catch (error) {
    throw malformedBody(response, error instanceof APIError ? error.serviceMessage : String((error as Error)?.message ?? error));
  }
  response.data = body;
  return response;
}

const malformedBody = (response: AxiosResponse, message: string) =>
  new AxiosError(message, MALFORMED_BODY, response.config, response.request, response);

/** An error's body is still read as the service's JSON or text; the pacer hears about the answer. */
export function readFailure(error: unknown): never {
  if (error instanceof AxiosError && error.config?.fountframeAttempts) {
    const { response } = error;
    if (response && response.data !== undefined) response.data = textOrJson(response.data);
    error.config.fountframeAttempts.settle(response, response ? serverWaitMs(error) : undefined);
  }
  throw error;
}

function parseJson(response: AxiosResponse): unknown {
  const { data } = response;
  if (typeof data !== "string" || data === "") return data;
  try {
    return JSON.parse(data);
  } catch {
    throw new AxiosError(`malformed JSON in a ${response.status} response`, MALFORMED_JSON);
  }
}

function textOrJson(data: unknown): unknown {
  const text = Buffer.isBuffer(data) ? data.toString("utf8") : data;
  if (typeof text !== "string") return data;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
