import { setTimeout as sleep } from "node:timers/promises";

interface HeaderSource {
  status?: number;
  headers?: Record<string, unknown>;
}

const WINDOW_MS = 60_000;

/**
 * Paces one client's requests by what the service says of its rate limit, instead of failing
 * the pull: once `X-RateLimit-Remaining` runs as low as the requests we may have in flight,
 * requests are spaced evenly over the window; a 429 pauses every request until its wait ends.
 * What a response said holds until the window it speaks of ends (`X-RateLimit-Reset`, else
 * `Retry-After`, else a full window) or a later response says otherwise; a response without the
 * headers means the service no longer reports a limit, and pacing stops.
 */
export class RateLimitPacer {
  #remaining: number | undefined;
  #limit: number | undefined;
  #knownUntil = 0;
  #nextSlotAt = 0;
  #pausedUntil = 0;

  constructor(private readonly lowWater: number) {}

  observe(response: HeaderSource | undefined, waitMs?: number): void {
    if (!response?.headers) return;
    const now = Date.now();
    if (response.status === 429 && waitMs !== undefined) {
      this.#pausedUntil = Math.max(this.#pausedUntil, now + waitMs);
    }
    const remaining = Number(response.headers["x-ratelimit-remaining"] ?? NaN);
    if (!Number.isFinite(remaining)) {
      this.#remaining = undefined;
      return;
    }
    const limit = Number(response.headers["x-ratelimit-limit"]);
    if (Number.isFinite(limit) && limit > 0) this.#limit = limit;
    this.#remaining = remaining;
    const resetAt = Number(response.headers["x-ratelimit-reset"]) * 1000;
    this.#knownUntil = Number.isFinite(resetAt) && resetAt > now ? resetAt : now + (waitMs ?? WINDOW_MS);
  }

  /** Waits, if the limit asks for it, before a request is sent. */
  async acquire(signal?: AbortSignal): Promise<void> {
    const now = Date.now();
    let waitMs = Math.max(0, this.#pausedUntil - now);
    if (this.#remaining !== undefined && now >= this.#knownUntil) this.#remaining = undefined; // a new window
    if (this.#remaining !== undefined && this.#limit && this.#remaining <= this.lowWater) {
      const slotAt = Math.max(now + waitMs, this.#nextSlotAt);
      this.#nextSlotAt = slotAt + WINDOW_MS / this.#limit;
      waitMs = slotAt - now;
    }
    if (waitMs > 0) await sleep(waitMs, undefined, { signal });
  }
}
