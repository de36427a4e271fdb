import { FountError } from "./base";
import { redactBearer } from "./redact";

export interface APIErrorInit {
  status: number | undefined;
  url: string;
  message: string;
  /** the failure's code when no response came (ECONNRESET, ETIMEDOUT, ...) */
  code?: string;
  /** what to check when the cause is guessable (the token, the base URL); never holds a secret */
  hint?: string;
}

/** The service answered with an error, or could not be reached, after any retries. */
export class APIError extends FountError {
  static override readonly kind: string = "APIError";
  /** HTTP status, or undefined when no response arrived (network error, timeout) */
  readonly status: number | undefined;
  /** the request URL without the query string's secrets (there are none: the token is a header) */
  readonly url: string;
  /** the service's own message, or a short excerpt of a non-JSON body */
  readonly serviceMessage: string;
  readonly code: string | undefined;
  /** what to check when the cause is guessable; also the message's closing parenthesis */
  readonly hint: string | undefined;

  constructor(init: APIErrorInit) {
    const where = init.status === undefined ? (init.code ?? "network error") : `HTTP ${init.status}`;
    // the last guard: whoever built the message, no bearer credential is kept
    const message = redactBearer(init.message);
    super(`${where} from ${init.url}: ${message}${init.hint ? ` (${init.hint})` : ""}`);
    this.status = init.status;
    this.url = init.url;
    this.serviceMessage = message;
    this.code = init.code;
    this.hint = init.hint;
  }
}

/** HTTP 429 still answered after every retry. */
export class RateLimitExceededError extends APIError {
  static override readonly kind: string = "RateLimitExceededError";
  /** milliseconds the service asked us to wait, when it said */
  readonly retryAfterMs: number | undefined;

  constructor(init: APIErrorInit & { retryAfterMs?: number }) {
    super(init);
    this.retryAfterMs = init.retryAfterMs;
  }
}

/** HTTP 401: the service did not accept the token. */
export class AuthenticationError extends APIError {
  static override readonly kind: string = "AuthenticationError";
}

/** HTTP 403: the token is valid but may not read this. */
export class PermissionDeniedError extends APIError {
  static override readonly kind: string = "PermissionDeniedError";
}

/** HTTP 404: no such route or item (a query that matches nothing is a DataNotFoundError instead). */
export class NotFoundError extends APIError {
  static override readonly kind: string = "NotFoundError";
}

/** HTTP 422: the service refused a parameter's value. */
export class UnprocessableEntityError extends APIError {
  static override readonly kind: string = "UnprocessableEntityError";
}

/** HTTP 5xx: the service failed, after any retries. */
export class ServerError extends APIError {
  static override readonly kind: string = "ServerError";
}

/** No answer: the connection failed (refused, reset, DNS, TLS), after any retries. */
export class APIConnectionError extends APIError {
  static override readonly kind: string = "APIConnectionError";
}

/** No complete answer within the timeout, after any retries. */
export class APITimeoutError extends APIConnectionError {
  static override readonly kind: string = "APITimeoutError";
}
