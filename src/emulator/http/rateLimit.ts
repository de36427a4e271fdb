/** The service's per-user limit: a fixed one-minute window opened by the first request in it. */

export const DEFAULT_RATE_LIMIT = 500;
const WINDOW_MS = 60_000;

export interface RateDecision {
  readonly limited: boolean;
  readonly headers: Readonly<Record<string, string>>;
}

const UNLIMITED: RateDecision = { limited: false, headers: {} };

export class RateLimiter {
  private windowStart = 0;
  private hits = 0;

  /** `false` turns limiting off, and with it the headers. */
  constructor(
    private readonly limitPerMinute: number | false,
    private readonly now: () => number = Date.now,
  ) {}

  hit(): RateDecision {
    if (this.limitPerMinute === false) return UNLIMITED;
    const now = this.now();
    if (now - this.windowStart >= WINDOW_MS) {
      this.windowStart = now;
      this.hits = 0;
    }
    const limit = String(this.limitPerMinute);
    if (this.hits >= this.limitPerMinute) {
      const retryAfter = Math.max(1, Math.ceil((this.windowStart + WINDOW_MS - now) / 1000));
      return { limited: true, headers: tooManyHeaders(limit, retryAfter, now) };
    }
    this.hits++;
    return { limited: false, headers: { "X-RateLimit-Limit": limit, "X-RateLimit-Remaining": String(this.limitPerMinute - this.hits) } };
  }

  /** The X-RateLimit-Limit a forced 429 (a fault) reports. */
  limitHeader(): string {
    return this.limitPerMinute === false ? String(DEFAULT_RATE_LIMIT) : String(this.limitPerMinute);
  }
}

export function tooManyHeaders(limit: string, retryAfterSeconds: number, now = Date.now()): Record<string, string> {
  return {
    "X-RateLimit-Limit": limit,
    "X-RateLimit-Remaining": "0",
    "Retry-After": String(retryAfterSeconds),
    "X-RateLimit-Reset": String(Math.ceil(now / 1000) + retryAfterSeconds),
  };
}
