import { RateLimitPacer } from "../../src/transport/rateLimitPacer";
import { retryDelayMs, serverWaitMs } from "../../src/transport/retryPolicy";
import { AxiosError, AxiosHeaders } from "axios";

const response = (status: number, headers: Record<string, string>) => ({ status, headers });

async function timeAcquires(pacer: RateLimitPacer, count: number): Promise<number[]> {
  const started = Date.now();
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    await pacer.acquire();
    times.push(Date.now() - started);
  }
  return times;
}

test("without rate-limit headers nothing is paced", async () => {
  const pacer = new RateLimitPacer(20);
  pacer.observe(response(200, {}));
  const times = await timeAcquires(pacer, 5);
  expect(times[4]).toBeLessThan(50);
});

test("with plenty remaining nothing is paced", async () => {
  const pacer = new RateLimitPacer(20);
  pacer.observe(response(200, { "x-ratelimit-limit": "500", "x-ratelimit-remaining": "400" }));
  expect((await timeAcquires(pacer, 5))[4]).toBeLessThan(50);
});

test("once remaining is as low as the in-flight bound, requests are spaced over the window", async () => {
  const pacer = new RateLimitPacer(20);
  pacer.observe(response(200, { "x-ratelimit-limit": "1200", "x-ratelimit-remaining": "10" })); // 50 ms apart
  const times = await timeAcquires(pacer, 4);
  expect(times[3]).toBeGreaterThanOrEqual(140);
});

test("a 429 pauses every request until its wait ends", async () => {
  const pacer = new RateLimitPacer(20);
  pacer.observe(response(429, { "retry-after": "0.2" }), 200);
  expect((await timeAcquires(pacer, 1))[0]).toBeGreaterThanOrEqual(190);
});

test("a forced 429 paces only until its window resets, not for the rest of the pull", async () => {
  const pacer = new RateLimitPacer(20);
  const resetIn = (ms: number) => String((Date.now() + ms) / 1000);
  pacer.observe(response(429, { "x-ratelimit-limit": "500", "x-ratelimit-remaining": "0", "retry-after": "0.1", "x-ratelimit-reset": resetIn(100) }), 100);
  const times = await timeAcquires(pacer, 6);
  expect(times[0]).toBeGreaterThanOrEqual(90);
  // at 500 a minute, paced requests would be 120 ms apart: past the reset they are not paced at all
  expect(times[5] - times[0]).toBeLessThan(100);
});

test("a response without the headers ends pacing: the service no longer reports a limit", async () => {
  const pacer = new RateLimitPacer(20);
  pacer.observe(response(200, { "x-ratelimit-limit": "600", "x-ratelimit-remaining": "1" })); // 100 ms apart
  pacer.observe(response(200, {}));
  expect((await timeAcquires(pacer, 4))[3]).toBeLessThan(50);
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

  test("exponential backoff with jitter; the service's wait wins when longer", () => {
    const plain = errorWith(500, {});
    for (const retry of [1, 2, 3]) {
      const delay = retryDelayMs(retry, plain, 100);
      expect(delay).toBeGreaterThanOrEqual(100 * 2 ** (retry - 1));
      expect(delay).toBeLessThanOrEqual(125 * 2 ** (retry - 1));
    }
    expect(retryDelayMs(1, errorWith(429, { "retry-after": "2" }), 100)).toBe(2000);
  });
});
