/**
 * A count or epoch-seconds header (X-RateLimit-Limit, -Remaining, -Reset, Retry-After's seconds):
 * whole digits only, else unknown. A blank value would read as 0 with Number() and stall the
 * client for a window; negative or fractional ones are not what any service means.
 */
export function headerCount(value: unknown): number | undefined {
  if (typeof value !== "string" && typeof value !== "number") return undefined;
  const text = String(value).trim();
  if (!/^\d+$/.test(text)) return undefined;
  const count = Number(text);
  return Number.isSafeInteger(count) ? count : undefined;
}

/** Retry-After as an HTTP date (the other form it may take), in ms since the epoch; else undefined. */
export function headerDate(value: unknown): number | undefined {
  if (typeof value !== "string" || !/[a-z]/i.test(value)) return undefined;
  const date = Date.parse(value);
  return Number.isFinite(date) ? date : undefined;
}
