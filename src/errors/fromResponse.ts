// An answer that is not the data asked for, as the error of its kind (status, code, the service's message).
import {
  APIConnectionError,
  APIError,
  APITimeoutError,
  AuthenticationError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitExceededError,
  ServerError,
  UnprocessableEntityError,
  redactBearer,
  type APIErrorInit,
} from "./index";

const EXCERPT_LENGTH = 200;

/** Codes of a request that got no complete answer in time. */
const TIMEOUT_CODES = new Set(["ETIMEDOUT", "ECONNABORTED"]);

export const TOKEN_HINT = "check the token: the one given to the Client, or FOUNT_API_TOKEN when none is given";
export const BASE_URL_HINT = "check the base URL: the service's routes are under /api/v2/, e.g. https://fount.wppbav.com/api/v2/";

/**
 * The service's message, from its decoded answer: top-level `message` (bavapi), `data.message`
 * (the docs), or for a body that is not JSON (a string) an excerpt of its text.
 */
export function serviceMessage(body: unknown): string {
  if (typeof body === "string") {
    const text = body
      .replace(/<[^>]*>/g, " ")
      .replace(/\s+/g, " ")
      .trim();
    return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH)}…` : text || "(empty body)";
  }
  if (body && typeof body === "object") {
    const record = body as { message?: unknown; data?: { message?: unknown } };
    const message = record.message ?? record.data?.message;
    if (typeof message === "string") return message;
  }
  return "(no message)";
}

/** A 404 for an unknown route on a URL outside /api/v2/ is most likely a base URL without it. */
function routeOutsideApi(message: string, url: string): boolean {
  if (!/^The route .* could not be found/i.test(message)) return false;
  try {
    return !new URL(url).pathname.includes("/api/v2/");
  } catch {
    return false;
  }
}

function hintFor(init: APIErrorInit): string | undefined {
  if (init.status === 401) return TOKEN_HINT;
  if (init.status === 404 && routeOutsideApi(init.message, init.url)) return BASE_URL_HINT;
  return undefined;
}

/**
 * The one place that picks an APIError's class: by status, or for no answer by the failure's code.
 * Every kind is still an APIError, so `catch (e) { if (e instanceof APIError) … }` keeps working.
 */
export function apiError(init: APIErrorInit & { retryAfterMs?: number }): APIError {
  const full = { ...init, hint: init.hint ?? hintFor(init) };
  const { status } = init;
  if (status === undefined) {
    return TIMEOUT_CODES.has(init.code ?? "") ? new APITimeoutError(full) : new APIConnectionError(full);
  }
  if (status === 401) return new AuthenticationError(full);
  if (status === 403) return new PermissionDeniedError(full);
  if (status === 404) return new NotFoundError(full);
  if (status === 422) return new UnprocessableEntityError(full);
  if (status === 429) return new RateLimitExceededError(full);
  if (status >= 500 && status <= 599) return new ServerError(full);
  return new APIError(full);
}

/**
 * The factory for service answers. It takes only what it needs (status, body, url, wait) so
 * nothing from the request configuration, and so no Authorization header, can reach the error.
 * `tidy` rewrites the service's message before it is kept (the caller redacts its own token there:
 * a service can echo the request's headers).
 */
export function errorFromResponse(
  status: number,
  body: unknown,
  url: string,
  retryAfterMs?: number,
  tidy: (message: string) => string = redactBearer,
): APIError {
  return apiError({ status, url, message: tidy(serviceMessage(body)), retryAfterMs });
}
