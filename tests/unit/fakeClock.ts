import type { Clock } from "../../src/transport/rateLimitPacer";

/** A clock that moves only when told: waits are exact and take no real time. */
export class FakeClock implements Clock {
  #time: number;
  #sleepers: { until: number; wake: () => void }[] = [];

  constructor(start = 1_700_000_000_000) {
    this.#time = start;
  }

  now(): number {
    return this.#time;
  }

  sleep(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      signal.throwIfAborted();
      const sleeper = { until: this.#time + ms, wake: () => resolve() };
      this.#sleepers.push(sleeper);
      signal.addEventListener("abort", () => {
        this.#sleepers = this.#sleepers.filter((other) => other !== sleeper);
        reject(signal.reason);
      });
    });
  }

  /** Moves time forward, waking every sleep that ends by then. */
  advance(ms: number): void {
    this.#time += ms;
    const due = this.#sleepers.filter((sleeper) => sleeper.until <= this.#time);
    this.#sleepers = this.#sleepers.filter((sleeper) => sleeper.until > this.#time);
    for (const sleeper of due) sleeper.wake();
  }

  /** When the earliest sleep ends, if any sleep is pending. */
  nextWake(): number | undefined {
    return this.#sleepers.length ? Math.min(...this.#sleepers.map((sleeper) => sleeper.until)) : undefined;
  }
}

/** Lets every pending promise callback run (real event-loop turn; no time passes on the fake clock). */
export const settled = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Resolves `work`, moving the clock from one pending sleep's end to the next until it is done;
 * gives how far the clock moved. Fails when nothing is left to wake and it is still not done.
 */
export async function elapsedUntil<T>(clock: FakeClock, work: Promise<T>): Promise<number> {
  const start = clock.now();
  let done = false;
  const finish = () => void (done = true);
  work.then(finish, finish);
  for (;;) {
    await settled();
    if (done) return work.then(() => clock.now() - start);
    const wake = clock.nextWake();
    if (wake === undefined) throw new Error("still waiting with no sleep pending");
    clock.advance(wake - clock.now());
  }
}
