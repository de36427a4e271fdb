import { setTimeout as sleep } from "node:timers/promises";

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
