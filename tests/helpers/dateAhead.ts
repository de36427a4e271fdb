/** Everything Jest's fake timers can fake but Date: timers, ticks and I/O stay real. */
const ALL_BUT_DATE = [
  "hrtime",
  "nextTick",
  "performance",
  "queueMicrotask",
  "requestAnimationFrame",
  "cancelAnimationFrame",
  "requestIdleCallback",
  "cancelIdleCallback",
  "setImmediate",
  "clearImmediate",
  "setInterval",
  "clearInterval",
  "setTimeout",
  "clearTimeout",
] as const;

/**
 * Runs `run` with Date `ms` ahead of the real time (and moving on with it): what was written
 * before is that much older, without waiting for it to age.
 */
export async function withDateAhead<T>(ms: number, run: () => Promise<T>): Promise<T> {
  jest.useFakeTimers({ doNotFake: [...ALL_BUT_DATE], now: Date.now() + ms, advanceTimers: true });
  try {
    return await run();
  } finally {
    jest.useRealTimers();
  }
}
