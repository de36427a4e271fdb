import { setTimeout as sleep } from "node:timers/promises";

/** The longest single wait by default, whoever asks for it (Retry-After, X-RateLimit-Reset, backoff). */
export const DEFAULT_MAX_WAIT_MS = 60_000;

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

interface HeaderSource {
  status?: number;
  headers?: Record<string, unknown>;
}

/** One request let through by the pacer; hand it back to `settle` with what came of it. */
export interface Slot {
  /** the how-many-th request of this client */
  readonly sequence: number;
}

/** The service asked for a wait longer than the client accepts: no request is sent until it ends. */
export class ServiceAskedToWait extends Error {
  constructor(readonly waitMs: number) {
    super(`the service asked to wait ${Math.ceil(waitMs / 1000)} s before another request`);
  }
}

const WINDOW_MS = 60_000;
/** A wait for the budget looks again at least this often; never a busy loop, whatever maxWaitMs (0 included). */
const LONGEST_NAP_MS = 1_000;
/** Our own requests are counted over a slightly longer window: a request arrives after it is sent. */
const SEND_WINDOW_MS = WINDOW_MS + 1_000;

/**
 * Keeps one client's requests within the service's rate limit instead of failing the pull
 * (WIRE.md: never fire more than the budget allows). A request goes only when
 * - fewer than `X-RateLimit-Limit` of this client's requests went in the last window, and
 * - the latest answer's `X-RateLimit-Remaining`, less the requests sent after the one it
 *   answered, is not used up (until that answer's window ends: `X-RateLimit-Reset`, else a
 *   window after it arrived), and
 * - no 429 asked for a wait that has not yet passed.
 * A 429 asking for more than `maxWaitMs` makes every request fail at once until its wait ends,
 * so that no answer holds the client longer than the cap. An answer without the headers, or with
 * a value that is not a whole number (blank, "abc", -1, 2.5), means the service no longer reports
 * a limit: pacing stops.
 */
export class RateLimitPacer {
  #limit: number | undefined;
  #budget: { remaining: number; afterSequence: number; until: number } | undefined;
  /** send times of this client's requests in the last SEND_WINDOW_MS, oldest first */
  #sentAt: number[] = [];
  #sent = 0;
  #pausedUntil = 0;
  #refusedUntil = 0;
  /** aborted when an answer changes what the waiting requests wait for, so they look again */
  #changed = new AbortController();
  /** requests waiting on #changed (with none, an answer has nobody to wake) */
  #waiting = 0;

  constructor(
    private readonly maxWaitMs = DEFAULT_MAX_WAIT_MS,
    private readonly clock: Clock = systemClock,
  ) {}

  /** Waits until a request may go; rejects with ServiceAskedToWait, or the signal's reason. */
  async acquire(signal?: AbortSignal): Promise<Slot> {
    for (;;) {
      signal?.throwIfAborted();
      const now = this.clock.now();
      if (this.#refusedUntil > now) throw new ServiceAskedToWait(this.#refusedUntil - now);
      const waitMs = this.#waitBeforeSending(now);
      if (waitMs <= 0) break;
      const wake = signal ? AbortSignal.any([signal, this.#changed.signal]) : this.#changed.signal;
      this.#waiting += 1;
      try {
        await this.clock.sleep(Math.min(waitMs, Math.max(this.maxWaitMs, LONGEST_NAP_MS)), wake).catch(() => signal?.throwIfAborted());
      } finally {
        this.#waiting -= 1;
      }
    }
    this.#sentAt.push(this.clock.now());
    this.#sent += 1;
    return { sequence: this.#sent };
  }

  /** Requests the latest answer's X-RateLimit-Remaining leaves, less those sent since; undefined when no limit is known. */
  budgetLeft(): number | undefined {
    const budget = this.#budget;
    if (!budget || Date.now() >= budget.until) return undefined;
    return Math.max(0, budget.remaining - (this.#sent - budget.afterSequence));
  }

  /** What the answer to a slot's request said (nothing when no answer came). */
  settle(slot: Slot, response: HeaderSource | undefined, waitMs?: number): void {
    if (!response?.headers) return;
    if (this.#waiting > 0) {
      this.#changed.abort();
      this.#changed = new AbortController();
    }
    const now = this.clock.now();
    if (response.status === 429 && waitMs !== undefined) {
      if (waitMs > this.maxWaitMs) this.#refusedUntil = Math.max(this.#refusedUntil, now + waitMs);
      else this.#pausedUntil = Math.max(this.#pausedUntil, now + waitMs);
    }
    const remaining = headerCount(response.headers["x-ratelimit-remaining"]);
    if (remaining === undefined) {
      this.#limit = undefined;
      this.#budget = undefined;
      return;
    }
    const limit = headerCount(response.headers["x-ratelimit-limit"]);
    if (limit !== undefined && limit > 0) this.#limit = limit;
    const resetAt = (headerCount(response.headers["x-ratelimit-reset"]) ?? NaN) * 1000;
    const windowEnd =
      Number.isFinite(resetAt) && resetAt > now ? resetAt : now + (response.status === 429 && waitMs !== undefined ? waitMs : WINDOW_MS);
    this.#budget = { remaining, afterSequence: slot.sequence, until: Math.min(windowEnd, now + WINDOW_MS) };
  }

  #waitBeforeSending(now: number): number {
    let until = this.#pausedUntil;
    const expired = this.#sentAt.findIndex((sentAt) => sentAt > now - SEND_WINDOW_MS);
    this.#sentAt.splice(0, expired < 0 ? this.#sentAt.length : expired);
    if (this.#limit !== undefined && this.#sentAt.length >= this.#limit) {
      until = Math.max(until, this.#sentAt[this.#sentAt.length - this.#limit] + SEND_WINDOW_MS);
    }
    const budget = this.#budget;
    if (budget && now >= budget.until) this.#budget = undefined;
    else if (budget && this.#sent - budget.afterSequence >= budget.remaining) until = Math.max(until, budget.until);
    return until - now;
  }
}

/** Where the pacer reads the time and waits: the real one, or a stand-in a test moves by hand. */
export interface Clock {
  /** milliseconds since the epoch */
  now(): number;
  /** resolves after `ms`; rejects when `signal` aborts first */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) => sleep(ms, undefined, { signal }),
};
