import { APIError } from "./apiError";

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
