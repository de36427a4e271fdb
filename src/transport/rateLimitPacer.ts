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
 * Works without the headers (then it never paces).
 */
export class RateLimitPacer {
  #remaining: number | undefined;
  #limit: number | undefined;
  #nextSlotAt = 0;
  #pausedUntil = 0;

  constructor(private readonly lowWater: number) {}

  observe(response: HeaderSource | undefined, waitMs?: number): void {
    if (!response?.headers) return;
    const remaining = Number(response.headers["x-ratelimit-remaining"]);
    const limit = Number(response.headers["x-ratelimit-limit"]);
    if (Number.isFinite(remaining)) this.#remaining = remaining;
    if (Number.isFinite(limit) && limit > 0) this.#limit = limit;
    if (response.status === 429 && waitMs !== undefined) {
      this.#pausedUntil = Math.max(this.#pausedUntil, Date.now() + waitMs);
    }
  }

  /** Waits, if the limit asks for it, before a request is sent. */
  async acquire(signal?: AbortSignal): Promise<void> {
    const now = Date.now();
    let waitMs = Math.max(0, this.#pausedUntil - now);
    if (this.#remaining !== undefined && this.#limit && this.#remaining <= this.lowWater) {
      const slotAt = Math.max(now + waitMs, this.#nextSlotAt);
      this.#nextSlotAt = slotAt + WINDOW_MS / this.#limit;
      waitMs = slotAt - now;
    }
    if (waitMs > 0) await sleep(waitMs, undefined, { signal });
  }
}
