import { APIError, RateLimitExceededError } from "./apiError";
import { redactBearer } from "./redact";

const EXCERPT_LENGTH = 200;

/** The service's message: top-level `message` (bavapi), `data.message` (the docs), or a body excerpt. */
export function serviceMessage(body: unknown): string {
  let parsed = body;
  if (typeof body === "string") {
    try {
      parsed = JSON.parse(body);
    } catch {
      const text = body
        .replace(/<[^>]*>/g, " ")
        .replace(/\s+/g, " ")
        .trim();
      return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH)}…` : text || "(empty body)";
    }
  }
  if (parsed && typeof parsed === "object") {
    const record = parsed as { message?: unknown; data?: { message?: unknown } };
    const message = record.message ?? record.data?.message;
    if (typeof message === "string") return message;
  }
  return "(no message)";
}

/**
 * The one factory for service errors. It takes only what it needs (status, body, url, wait) so
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
  const message = tidy(serviceMessage(body));
  if (status === 429) return new RateLimitExceededError({ status, url, message, retryAfterMs });
  return new APIError({ status, url, message });
}
