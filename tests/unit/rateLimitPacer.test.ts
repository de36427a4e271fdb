import { RateLimitPacer, ServiceAskedToWait } from "../../src/transport/rateLimitPacer";
import { retryDelayMs, serverWaitMs } from "../../src/transport/retryPolicy";
import { FakeClock, elapsedUntil, settled } from "./fakeClock";

const response = (status: number, headers: Record<string, string>) => ({ status, headers });

/** A pacer on a fake clock, and the clock. */
function pacerOnFakeClock(maxWaitMs?: number): { pacer: RateLimitPacer; clock: FakeClock } {
  const clock = new FakeClock();
  return { pacer: new RateLimitPacer(maxWaitMs, clock), clock };
}

/** Acquires `count` slots one after another; when each was given, in ms from the start. */
async function grantTimes(pacer: RateLimitPacer, clock: FakeClock, count: number): Promise<number[]> {
  const started = clock.now();
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    await elapsedUntil(clock, pacer.acquire());
    times.push(clock.now() - started);
  }
  return times;
}

/** An acquire that has been started; whether it has been given its slot yet. */
function startAcquire(pacer: RateLimitPacer, signal?: AbortSignal): { granted: () => boolean; result: Promise<unknown> } {
  let granted = false;
  const result = pacer.acquire(signal).then(
    () => (granted = true),
    (error: unknown) => error,
  );
  return { granted: () => granted, result };
}

const WINDOW_MS = 60_000;
/** the pacer counts its own sends over a window a second longer than the service's */
const SEND_WINDOW_MS = WINDOW_MS + 1_000;

test("without rate-limit headers nothing is paced", async () => {
  const { pacer, clock } = pacerOnFakeClock();
  pacer.settle(await pacer.acquire(), response(200, {}));
  expect(await grantTimes(pacer, clock, 5)).toEqual([0, 0, 0, 0, 0]);
});

test("with plenty remaining nothing is paced", async () => {
  const { pacer, clock } = pacerOnFakeClock();
  pacer.settle(await pacer.acquire(), response(200, { "x-ratelimit-limit": "500", "x-ratelimit-remaining": "400" }));
  expect(await grantTimes(pacer, clock, 5)).toEqual([0, 0, 0, 0, 0]);
});

test("never more requests in a window than X-RateLimit-Limit, counting the client's own sends", async () => {
  const { pacer, clock } = pacerOnFakeClock();
  const first = await pacer.acquire();
  pacer.settle(first, response(200, { "x-ratelimit-limit": "4", "x-ratelimit-remaining": "3" }));
  // the limit's worth go at once, answers not yet seen; the next waits until the first send leaves the window
  expect(await grantTimes(pacer, clock, 4)).toEqual([0, 0, 0, SEND_WINDOW_MS]);
});

test("what the service says is left, less the requests sent after the one it answered, is the budget", async () => {
  const { pacer, clock } = pacerOnFakeClock();
  const slots = [await pacer.acquire(), await pacer.acquire(), await pacer.acquire()];
  // the first request's answer: 3 left after it; two more went since, so one more may go, the next a window later
  pacer.settle(slots[0], response(200, { "x-ratelimit-limit": "500", "x-ratelimit-remaining": "3" }));
  expect(await grantTimes(pacer, clock, 2)).toEqual([0, WINDOW_MS]);
});

test("a used-up budget lasts until the window the answer speaks of resets", async () => {
  const { pacer, clock } = pacerOnFakeClock();
  const resetAt = String((clock.now() + 2_000) / 1000);
  pacer.settle(
    await pacer.acquire(),
    response(200, { "x-ratelimit-limit": "500", "x-ratelimit-remaining": "0", "x-ratelimit-reset": resetAt }),
  );
  expect(await grantTimes(pacer, clock, 3)).toEqual([2_000, 2_000, 2_000]);
});

test("a 429 pauses every request until its wait ends", async () => {
  const { pacer, clock } = pacerOnFakeClock();
  pacer.settle(await pacer.acquire(), response(429, { "retry-after": "0.2" }), 200);
  expect(await grantTimes(pacer, clock, 2)).toEqual([200, 200]);
});

test("a wait longer than maxWaitMs still ends exactly when the window resets, not before", async () => {
  const { pacer, clock } = pacerOnFakeClock(1_000);
  clock.advance((1_500 - (clock.now() % 1000)) % 1000); // the reset, 2.5 s on, falls on a whole second (headers are whole numbers)
  const reset = String((clock.now() + 2_500) / 1000);
  pacer.settle(
    await pacer.acquire(),
    response(200, { "x-ratelimit-limit": "500", "x-ratelimit-remaining": "0", "x-ratelimit-reset": reset }),
  );
  const waiting = startAcquire(pacer);
  for (const step of [1_000, 1_000]) {
    clock.advance(step);
    await settled();
    expect(waiting.granted()).toBe(false);
  }
  clock.advance(499);
  await settled();
  expect(waiting.granted()).toBe(false);
  clock.advance(1);
  await settled();
  expect(waiting.granted()).toBe(true);
});

test("a 429 asking for more than maxWaitMs refuses requests at once instead of holding them", async () => {
  const { pacer } = pacerOnFakeClock(1_000);
  pacer.settle(await pacer.acquire(), response(429, { "retry-after": "3600" }), 3_600_000);
  const refusal = await pacer.acquire().catch((error: unknown) => error);
  expect(refusal).toBeInstanceOf(ServiceAskedToWait);
  expect((refusal as ServiceAskedToWait).waitMs).toBe(3_600_000);
});

test("a response without the headers ends pacing: the service no longer reports a limit", async () => {
  const { pacer } = pacerOnFakeClock();
  const [first, second] = [await pacer.acquire(), await pacer.acquire()];
  pacer.settle(first, response(200, { "x-ratelimit-limit": "2", "x-ratelimit-remaining": "0" }));
  const waiting = startAcquire(pacer);
  await settled();
  expect(waiting.granted()).toBe(false);
  pacer.settle(second, response(200, {}));
  await settled();
  expect(waiting.granted()).toBe(true);
});

test("a request already waiting goes as soon as an answer lifts the limit, not when its wait ends", async () => {
  const { pacer, clock } = pacerOnFakeClock();
  const [first, second] = [await pacer.acquire(), await pacer.acquire()];
  pacer.settle(first, response(200, { "x-ratelimit-limit": "2", "x-ratelimit-remaining": "0" }));
  const waiting = startAcquire(pacer);
  clock.advance(50);
  await settled();
  expect(waiting.granted()).toBe(false);
  pacer.settle(second, response(200, {}));
  await settled();
  expect(waiting.granted()).toBe(true);
  expect(clock.nextWake()).toBeUndefined();
});

test("an aborted wait rejects with the signal's reason", async () => {
  const { pacer } = pacerOnFakeClock();
  pacer.settle(await pacer.acquire(), response(429, {}), 30_000);
  const reason = new Error("closed");
  const controller = new AbortController();
  const waiting = startAcquire(pacer, controller.signal);
  await settled();
  controller.abort(reason);
  expect(await waiting.result).toBe(reason);
});

test("the pacer runs on the real clock by default", async () => {
  const pacer = new RateLimitPacer();
  pacer.settle(await pacer.acquire(), response(429, {}), 20);
  await expect(pacer.acquire()).resolves.toEqual({ sequence: 2 });
});

describe("retry delays", () => {
  const errorWith = (status: number, headers: Record<string, string>) => ({ status, headers });

  test("Retry-After in seconds or as an HTTP date; X-RateLimit-Reset as epoch seconds", () => {
    expect(serverWaitMs(errorWith(429, { "retry-after": "3" }))).toBe(3000);
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(serverWaitMs(errorWith(503, { "retry-after": "Thu, 01 Jan 2026 00:00:05 GMT" }), now)).toBe(5000);
    expect(serverWaitMs(errorWith(429, { "x-ratelimit-reset": String(now / 1000 + 7) }), now)).toBe(7000);
    expect(serverWaitMs(errorWith(500, {}))).toBeUndefined();
  });

  test("exponential backoff with jitter; the service's wait wins when longer; never past the cap", () => {
    for (const retry of [1, 2, 3]) {
      const delay = retryDelayMs(retry, undefined, 100);
      expect(delay).toBeGreaterThanOrEqual(100 * 2 ** (retry - 1));
      expect(delay).toBeLessThanOrEqual(125 * 2 ** (retry - 1));
    }
    expect(retryDelayMs(1, 2000, 100)).toBe(2000);
    expect(retryDelayMs(1, 3_600_000, 100, 60_000)).toBe(60_000);
    expect(retryDelayMs(20, undefined, 100, 60_000)).toBe(60_000);
  });
});
