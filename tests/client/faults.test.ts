import { inspect } from "node:util";
import { APIError, ClientClosedError, RateLimitExceededError } from "../../src/errors";
import { TOKEN, captureWarnings, pagesRequested, useEmulator } from "./fixture";

const env = useEmulator();

const everyError = (error: unknown) => inspect(error, { depth: 10, showHidden: true });

test("a burst of 5xx is retried away", async () => {
  env.emulator.setFaults([
    { resource: "brands", page: 1, kind: "status", status: 503, times: 3 },
    { resource: "brands", page: 3, kind: "status", status: 500, times: 2 },
  ]);
  const records = await env.client({ retries: 3 }).rawQuery("brands", { perPage: 10, maxPages: 5 });
  expect(records).toHaveLength(50);
  expect(pagesRequested(env.emulator, "brands").sort()).toEqual([1, 1, 1, 1, 2, 3, 3, 3, 4, 5]);
});

test("malformed JSON and connection resets on a 200 are retried", async () => {
  env.emulator.setFaults([
    { resource: "brands", page: 2, kind: "malformed", times: 2 },
    { resource: "brands", page: 3, kind: "reset", times: 2 },
  ]);
  const records = await env.client().rawQuery("brands", { perPage: 10, maxPages: 4 });
  expect(records).toHaveLength(40);
});

test("a hung page times out, is retried, and succeeds", async () => {
  env.emulator.setFaults([{ resource: "brands", page: 2, kind: "hang", times: 1 }]);
  const records = await env.client({ timeout: 300 }).rawQuery("brands", { perPage: 10, maxPages: 3 });
  expect(records).toHaveLength(30);
});

test("429 with Retry-After on the first request is waited out", async () => {
  env.emulator.setFaults([{ resource: "brands", page: 1, kind: "rateLimit", retryAfter: 1, times: 1 }]);
  const started = Date.now();
  const records = await env.client().rawQuery("brands", { perPage: 10, maxPages: 2 });
  expect(records).toHaveLength(20);
  expect(Date.now() - started).toBeGreaterThanOrEqual(950);
});

test("429 on later pages pauses and recovers without losing pages", async () => {
  env.emulator.setFaults([{ resource: "brands", page: [3, 4], kind: "rateLimit", retryAfter: 1, times: 2 }]);
  const records = await env.client().rawQuery("brands", { perPage: 10, maxPages: 6 });
  expect(records).toHaveLength(60);
});

test("429 past the retries in raise mode is RateLimitExceededError carrying the wait", async () => {
  env.emulator.setFaults([{ resource: "brands", page: 1, kind: "rateLimit", retryAfter: 0 }]);
  const error = await env
    .client({ onErrors: "raise", retries: 1 })
    .rawQuery("brands", { maxPages: 1 })
    .catch((caught) => caught);
  expect(error).toBeInstanceOf(RateLimitExceededError);
  expect(error.status).toBe(429);
  expect(error.retryAfterMs).toBe(0);
});

test("warn: failed pages are skipped and named in one warning; the rest is kept", async () => {
  env.emulator.setFaults([{ resource: "brands", page: [2, 4], kind: "status", status: 500 }]);
  const { result, warnings } = await captureWarnings(() => env.client({ retries: 1 }).rawQuery("brands", { perPage: 10, maxPages: 5 }));
  expect(result).toHaveLength(30);
  expect(warnings).toHaveLength(1);
  expect(warnings[0].message).toMatch(
    /brands: 2 of 5 pages failed after retries and were skipped: page 2 \(HTTP 500.*\); page 4 \(HTTP 500/,
  );
  expect(warnings[0].code).toBe("FOUNTFRAME_PARTIAL_RESULT");
  expect(warnings[0].detail).toBe("failed pages: 2, 4");
  expect(everyError(warnings)).not.toContain(TOKEN);
});

test("raise: the first failing page rejects the call and stops the pull", async () => {
  env.emulator.setFaults([{ resource: "brands", page: 3, kind: "status", status: 502 }]);
  const client = env.client({ onErrors: "raise", retries: 1, batchSize: 1, nWorkers: 1 });
  const error = await client.rawQuery("brands", { perPage: 5 }).catch((caught) => caught);
  expect(error).toBeInstanceOf(APIError);
  expect(error.status).toBe(502);
  expect(Math.max(...pagesRequested(env.emulator, "brands"))).toBeLessThanOrEqual(4);
});

test("no retry on 401, 404 or 422; the token never appears in an error", async () => {
  const bad = env.client();
  const unknownId = await bad.rawQuery("brands", { id: 987654321 }).catch((caught) => caught);
  expect(unknownId).toBeInstanceOf(APIError);
  expect(unknownId.status).toBe(404);
  expect(env.emulator.stats.requests).toBe(1);

  const { Client } = await import("../../src/client/client");
  const wrongToken = "wrong-token-also-secret";
  const unauthenticated = new Client(wrongToken, { baseUrl: env.emulator.url, verbose: false });
  const denied = await unauthenticated.rawQuery("brands").catch((caught) => caught);
  await unauthenticated.aclose();
  expect(denied.status).toBe(401);
  expect(denied.serviceMessage).toBe("Unauthenticated.");
  expect(everyError(denied)).not.toContain(wrongToken);
  expect(everyError(unknownId)).not.toContain(TOKEN);
  expect(env.emulator.stats.requests).toBe(2);
});

test("a network failure after retries is an APIError without the token", async () => {
  env.emulator.setFaults([{ resource: "brands", kind: "reset" }]);
  const error = await env
    .client({ retries: 2, onErrors: "raise" })
    .rawQuery("brands", { maxPages: 1 })
    .catch((caught) => caught);
  expect(error).toBeInstanceOf(APIError);
  expect(error.status).toBeUndefined();
  expect(pagesRequested(env.emulator, "brands")).toHaveLength(3);
  expect(everyError(error)).not.toContain(TOKEN);
  expect(everyError(error)).not.toMatch(/Authorization|Bearer/i);
});

test("a hung request under a closing client rejects with a clear error", async () => {
  env.emulator.setFaults([{ resource: "brands", kind: "hang" }]);
  const client = env.client();
  const pending = client.rawQuery("brands", { maxPages: 1 }).catch((caught) => caught);
  await env.emulator.until((stats) => stats.inFlight === 1);
  await client.aclose();
  expect(String(await pending)).toMatch(/clos/i);
});

test("a client closed while a malformed answer waits to be read again rejects with ClientClosedError", async () => {
  env.emulator.setFaults([{ resource: "brands", page: 1, kind: "malformed", times: 5 }]);
  const client = env.client({ retries: 3, retryBaseDelayMs: 60_000 });
  const pending = client.rawQuery("brands", { maxPages: 1 }).catch((caught) => caught);
  // the first, malformed answer has been sent whole: the client is in its backoff
  await env.emulator.until((stats) => stats.log.some((entry) => entry.path.endsWith("/brands") && entry.status === 200));
  await client.aclose();
  expect(await pending).toBeInstanceOf(ClientClosedError);
  expect(pagesRequested(env.emulator, "brands")).toEqual([1]);
});
