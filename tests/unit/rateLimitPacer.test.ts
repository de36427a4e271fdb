import { AxiosError, AxiosHeaders } from "axios";
import { RateLimitPacer, ServiceAskedToWait } from "../../src/transport/rateLimitPacer";
import { retryDelayMs, serverWaitMs } from "../../src/transport/retryPolicy";

const response = (status: number, headers: Record<string, string>) => ({ status, headers });

/** Acquires `count` slots one after another; how long each took to get, from the start. */
async function timeAcquires(pacer: RateLimitPacer, count: number): Promise<number[]> {
  const started = Date.now();
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    await pacer.acquire();
    times.push(Date.now() - started);
  }
  return times;
}

/** Whether one more slot is given within `ms`. */
async function grantedWithin(pacer: RateLimitPacer, ms: number): Promise<boolean> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  try {
    await pacer.acquire(controller.signal);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

test("without rate-limit headers nothing is paced", async () => {
  const pacer = new RateLimitPacer();
  pacer.settle(await pacer.acquire(), response(200, {}));
  expect((await timeAcquires(pacer, 5))[4]).toBeLessThan(50);
});

test("with plenty remaining nothing is paced", async () => {
  const pacer = new RateLimitPacer();
  pacer.settle(await pacer.acquire(), response(200, { "x-ratelimit-limit": "500", "x-ratelimit-remaining": "400" }));
  expect((await timeAcquires(pacer, 5))[4]).toBeLessThan(50);
});

test("never more requests in a window than X-RateLimit-Limit, counting the client's own sends", async () => {
  const pacer = new RateLimitPacer();
  const first = await pacer.acquire();
  pacer.settle(first, response(200, { "x-ratelimit-limit": "4", "x-ratelimit-remaining": "3" }));
  await timeAcquires(pacer, 3); // the limit's worth, answers not yet seen
  expect(await grantedWithin(pacer, 200)).toBe(false);
});

test("what the service says is left, less the requests sent after the one it answered, is the budget", async () => {
  const pacer = new RateLimitPacer();
  const slots = [await pacer.acquire(), await pacer.acquire(), await pacer.acquire()];
  // the first request's answer: 3 left after it; two more went since, so one more may go
  pacer.settle(slots[0], response(200, { "x-ratelimit-limit": "500", "x-ratelimit-remaining": "3" }));
  expect(await grantedWithin(pacer, 100)).toBe(true);
  expect(await grantedWithin(pacer, 200)).toBe(false);
});

test("a used-up budget lasts until the window the answer speaks of resets", async () => {
  const pacer = new RateLimitPacer();
  const resetIn = (ms: number) => String((Date.now() + ms) / 1000);
  pacer.settle(await pacer.acquire(), response(200, { "x-ratelimit-limit": "500", "x-ratelimit-remaining": "0", "x-ratelimit-reset": resetIn(150) }));
  const times = await timeAcquires(pacer, 3);
  expect(times[0]).toBeGreaterThanOrEqual(140);
  expect(times[2] - times[0]).toBeLessThan(100);
});

test("a 429 pauses every request until its wait ends", async () => {
  const pacer = new RateLimitPacer();
  pacer.settle(await pacer.acquire(), response(429, { "retry-after": "0.2" }), 200);
  expect((await timeAcquires(pacer, 1))[0]).toBeGreaterThanOrEqual(190);
});

test("a 429 asking for more than maxWaitMs refuses requests at once instead of holding them", async () => {
  const pacer = new RateLimitPacer(1_000);
  pacer.settle(await pacer.acquire(), response(429, { "retry-after": "3600" }), 3_600_000);
  const refusal = await pacer.acquire().catch((error: unknown) => error);
  expect(refusal).toBeInstanceOf(ServiceAskedToWait);
  expect((refusal as ServiceAskedToWait).waitMs).toBeGreaterThan(3_590_000);
});

test("a response without the headers ends pacing: the service no longer reports a limit", async () => {
  const pacer = new RateLimitPacer();
  const [first, second] = [await pacer.acquire(), await pacer.acquire()];
  pacer.settle(first, response(200, { "x-ratelimit-limit": "2", "x-ratelimit-remaining": "0" }));
  expect(await grantedWithin(pacer, 100)).toBe(false);
  pacer.settle(second, response(200, {}));
  expect(await grantedWithin(pacer, 100)).toBe(true);
});

test("a request already waiting goes as soon as an answer lifts the limit", async () => {
  const pacer = new RateLimitPacer();
  const [first, second] = [await pacer.acquire(), await pacer.acquire()];
  pacer.settle(first, response(200, { "x-ratelimit-limit": "2", "x-ratelimit-remaining": "0" }));
  const waiting = grantedWithin(pacer, 500);
  setTimeout(() => pacer.settle(second, response(200, {})), 50);
  expect(await waiting).toBe(true);
});

test("an aborted wait rejects with the signal's reason", async () => {
  const pacer = new RateLimitPacer();
  pacer.settle(await pacer.acquire(), response(429, {}), 30_000);
  const reason = new Error("closed");
  const controller = new AbortController();
  const waiting = pacer.acquire(controller.signal).catch((error: unknown) => error);
  controller.abort(reason);
  expect(await waiting).toBe(reason);
});

describe("retry delays", () => {
  const errorWith = (status: number, headers: Record<string, string>) =>
    new AxiosError("x", "ERR_BAD_RESPONSE", undefined, undefined, { status, headers: new AxiosHeaders(headers), data: "", statusText: "", config: { headers: new AxiosHeaders() } });

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
