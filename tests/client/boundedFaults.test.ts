import { inspect } from "node:util";
import axios from "axios";
import { Client } from "../../src/client/client";
import { APIError, ClientClosedError, RateLimitExceededError, ValidationError } from "../../src/errors";
import { DEFAULT_OPTIONS } from "../../src/client/options";
import { TOKEN, captureWarnings, pagesRequested, roundTrip, useEmulator } from "./fixture";
import { startEmulator } from "../../src/emulator";

const env = useEmulator();

const everything = (value: unknown) => inspect(value, { depth: 10, showHidden: true });

/** The outcome of a promise that must settle within `seconds` (the test fails with a clear message otherwise). */
async function settlesWithin<T>(seconds: number, promise: Promise<T>): Promise<T | Error> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`did not settle within ${seconds} s`)), seconds * 1000);
  });
  try {
    return await Promise.race([promise.catch((error: Error) => error), limit]);
  } finally {
    clearTimeout(timer);
  }
}

describe("a deadline per attempt over headers and body", () => {
  test("a body trickling in past the timeout is abandoned and retried", async () => {
    env.emulator.setFaults([{ resource: "brands", page: 2, kind: "trickle", times: 1 }]);
    const records = await settlesWithin(10, env.client({ timeout: 500 }).rawQuery("brands", { perPage: 10, maxPages: 3 }));
    expect(records).toHaveLength(30);
    expect(pagesRequested(env.emulator, "brands").filter((page) => page === 2)).toHaveLength(2);
  });

  test("raise: a page that always trickles rejects as a timeout after its retries", async () => {
    env.emulator.setFaults([{ resource: "brands", page: 2, kind: "trickle" }]);
    const client = env.client({ timeout: 300, retries: 1, onErrors: "raise" });
    const error = await settlesWithin(10, client.rawQuery("brands", { perPage: 10, maxPages: 3 }));
    expect(error).toBeInstanceOf(APIError);
    expect((error as APIError).code).toBe("ETIMEDOUT");
    expect((error as APIError).message).toMatch(/no complete answer within 300 ms/);
  });

  test("warn: a page that always trickles is named in the warning", async () => {
    env.emulator.setFaults([{ resource: "brands", page: 2, kind: "trickle" }]);
    const client = env.client({ timeout: 300, retries: 1 });
    const outcome = await settlesWithin(
      10,
      captureWarnings(() => client.rawQuery("brands", { perPage: 10, maxPages: 3 })),
    );
    const { result, warnings } = outcome as Awaited<ReturnType<typeof captureWarnings<unknown[]>>>;
    expect(result).toHaveLength(20);
    expect(warnings[0].message).toMatch(/page 2 \(ETIMEDOUT .*no complete answer within 300 ms/);
  });
});

describe("a body cut off mid-stream", () => {
  test("is retried", async () => {
    env.emulator.setFaults([{ resource: "brands", page: 2, kind: "cutOff", bytes: 100, times: 2 }]);
    const records = await env.client().rawQuery("brands", { perPage: 10, maxPages: 3 });
    expect(records).toHaveLength(30);
    expect(pagesRequested(env.emulator, "brands").filter((page) => page === 2)).toHaveLength(3);
  });

  test("after the retries it is reported as a truncated response", async () => {
    env.emulator.setFaults([{ resource: "brands", page: 2, kind: "cutOff", bytes: 100 }]);
    const error = await env
      .client({ retries: 2, onErrors: "raise" })
      .rawQuery("brands", { perPage: 10, maxPages: 3 })
      .catch((caught) => caught);
    expect(error).toBeInstanceOf(APIError);
    expect(error.message).toMatch(/truncated/);
    expect(error.message).not.toMatch(/no message/);
    expect(pagesRequested(env.emulator, "brands").filter((page) => page === 2)).toHaveLength(3);
  });
});

describe("a cap on any single wait", () => {
  test("maxWaitMs is a checked client option, 60 s by default", () => {
    expect(DEFAULT_OPTIONS.maxWaitMs).toBe(60_000);
    expect(() => env.client({ maxWaitMs: 5_000 })).not.toThrow();
    expect(() => env.client({ maxWaitMs: -1 })).toThrow(ValidationError);
    expect(() => env.client({ maxWaitMs: -1 })).toThrow(/maxWaitMs/);
  });

  test("raise: Retry-After past the cap rejects at once with RateLimitExceededError, and the client is not frozen", async () => {
    env.emulator.setFaults([{ resource: "brands", page: 3, kind: "rateLimit", retryAfter: 3600, times: 1 }]);
    const client = env.client({ onErrors: "raise" });
    const error = await settlesWithin(5, client.rawQuery("brands", { perPage: 10, maxPages: 5 }));
    expect(error).toBeInstanceOf(RateLimitExceededError);
    expect((error as RateLimitExceededError).retryAfterMs).toBe(3_600_000);
    expect((error as Error).message).toMatch(/3600 s/);
    // another call on the same client settles promptly too: told the service's wait, not held for it
    const second = await settlesWithin(5, client.rawQuery("regions"));
    expect(second).toBeInstanceOf(RateLimitExceededError);
  });

  test("warn: the page whose Retry-After is past the cap is named in the warning", async () => {
    env.emulator.setFaults([{ resource: "brands", page: 3, kind: "rateLimit", retryAfter: 3600, times: 1 }]);
    const client = env.client({ batchSize: 1, nWorkers: 1 });
    const outcome = await settlesWithin(
      5,
      captureWarnings(() => client.rawQuery("brands", { perPage: 10, maxPages: 3 })),
    );
    const { result, warnings } = outcome as Awaited<ReturnType<typeof captureWarnings<unknown[]>>>;
    expect(result).toHaveLength(20);
    expect(warnings).toHaveLength(1);
    expect(warnings[0].detail).toBe("failed pages: 3");
    expect(warnings[0].message).toMatch(/page 3 \(HTTP 429 .*3600 s/);
  });

  test("a wait within the cap is still honoured, for the other calls too", async () => {
    env.emulator.setFaults([{ resource: "brands", page: 1, kind: "rateLimit", retryAfter: 1, times: 1 }]);
    const client = env.client({ maxWaitMs: 2000 });
    const records = await settlesWithin(5, client.rawQuery("brands", { perPage: 10, maxPages: 2 }));
    expect(records).toHaveLength(20);
  });
});

describe("after aclose() no request leaves", () => {
  test.each(["pages", "rawPages"] as const)(
    "a %s consumer between pages gets ClientClosedError and no more requests go out",
    async (kind) => {
      const client = env.client({ batchSize: 2, nWorkers: 1 });
      const stream =
        kind === "pages" ? client.pages("brands", { perPage: 5, maxPages: 20 }) : client.rawPages("brands", { perPage: 5, maxPages: 20 });
      const first = await stream.next();
      expect(first.value).toMatchObject({ page: 1 });
      await env.emulator.until((stats) => stats.inFlight === 0); // whatever went ahead of the consumer has been answered
      const sentBeforeClose = pagesRequested(env.emulator, "brands");
      await client.aclose();
      const next = await stream.next().catch((caught) => caught);
      expect(next).toBeInstanceOf(ClientClosedError);
      await roundTrip(env.emulator);
      expect(pagesRequested(env.emulator, "brands")).toEqual(sentBeforeClose);
    },
  );

  test("a frame call waiting out its retry delay rejects with ClientClosedError and sends nothing more", async () => {
    env.emulator.setFaults([{ resource: "brands", kind: "status", status: 503 }]);
    const client = env.client({ retryBaseDelayMs: 30_000 });
    const pending = client.brands({ maxPages: 1 }).catch((caught) => caught);
    await env.emulator.until((stats) => stats.log[0]?.status === 503);
    await client.aclose();
    expect(await settlesWithin(2, pending)).toBeInstanceOf(ClientClosedError);
    await roundTrip(env.emulator);
    expect(pagesRequested(env.emulator, "brands")).toEqual([1]);
  });

  test("a call held by the pacer after a 429 rejects with ClientClosedError and sends nothing more", async () => {
    env.emulator.setFaults([{ resource: "brands", page: 2, kind: "rateLimit", retryAfter: 30 }]);
    const client = env.client({ batchSize: 1, nWorkers: 1 });
    const pending = client.rawQuery("brands", { perPage: 5, maxPages: 5 }).catch((caught) => caught);
    await env.emulator.until((stats) => stats.log[1]?.status === 429);
    await client.aclose();
    expect(await settlesWithin(2, pending)).toBeInstanceOf(ClientClosedError);
    await roundTrip(env.emulator);
    expect(pagesRequested(env.emulator, "brands")).toEqual([1, 2]);
  });

  test("a hung request under a closing client rejects with ClientClosedError", async () => {
    env.emulator.setFaults([{ resource: "brands", kind: "hang" }]);
    const client = env.client();
    const pending = client.brands({ maxPages: 1 }).catch((caught) => caught);
    await env.emulator.until((stats) => stats.inFlight === 1);
    await client.aclose();
    expect(await settlesWithin(2, pending)).toBeInstanceOf(ClientClosedError);
  });
});

describe("the token is redacted from every service text", () => {
  test("raise: an error body echoing the Authorization header", async () => {
    env.emulator.setFaults([{ resource: "brands", kind: "echoHeaders", status: 403 }]);
    const error = await env
      .client({ onErrors: "raise" })
      .rawQuery("brands")
      .catch((caught) => caught);
    expect(error).toBeInstanceOf(APIError);
    expect(error.serviceMessage).toMatch(/authorization: Bearer \*\*\*/);
    expect(everything(error)).not.toContain(TOKEN);
  });

  test("warn: a 5xx echoing the headers, and a body naming the token bare, never reach the warning", async () => {
    env.emulator.setFaults([
      { resource: "brands", page: 2, kind: "echoHeaders", status: 502 },
      { resource: "brands", page: 3, kind: "status", status: 500, body: `token ${TOKEN} is not allowed here` },
    ]);
    const { result, warnings } = await captureWarnings(() => env.client({ retries: 1 }).rawQuery("brands", { perPage: 10, maxPages: 3 }));
    expect(result).toHaveLength(10);
    expect(warnings).toHaveLength(1);
    expect(warnings[0].message).toMatch(/page 2 .*Bearer \*\*\*.*page 3 .*token \*\*\* is not allowed/);
    expect(everything(warnings)).not.toContain(TOKEN);
  });

  test("a caller's axios instance: its own credential is redacted too", async () => {
    const secret = "callers-own-credential";
    const instance = axios.create({ baseURL: env.emulator.url, headers: { Authorization: secret, Accept: "application/json" } });
    env.emulator.setFaults([{ resource: "brands", kind: "echoHeaders" }]);
    const client = new Client({ client: instance, verbose: false });
    const error = await client.rawQuery("brands").catch((caught) => caught);
    await client.aclose();
    expect(error.serviceMessage).toMatch(/authorization: \*\*\*/);
    expect(everything(error)).not.toContain(secret);
  });

  test("a short token (an emulator's \"t\") is redacted where it stands alone, not out of the service's words", async () => {
    const emulator = await startEmulator({ token: "t", rateLimit: false });
    const client = new Client("t", { baseUrl: emulator.url, verbose: false, retries: 0 });
    try {
      // rawQuery sends an include brands does not offer as it is, for the service's 400 (a method refuses it first)
      const unknownInclude = await client.rawQuery("brands", { include: "bogus" }).catch((caught) => caught);
      expect(unknownInclude.serviceMessage).toMatch(/^Requested include\(s\) `bogus` are not allowed/);
      emulator.setFaults([{ resource: "brands", kind: "status", status: 500, body: "token t, Bearer t is not allowed" }]);
      const echoed = await client.brands().catch((caught) => caught);
      expect(echoed.serviceMessage).toBe("token ***, Bearer *** is not allowed");
    } finally {
      await client.aclose();
      await emulator.close();
    }
  });

  test("a token of 8 characters or more is redacted inside words and URL-encoded too; Bearer%20 is a Bearer", async () => {
    const token = "tok-SECRET/123|x";
    const emulator = await startEmulator({ rateLimit: false });
    const client = new Client(token, { baseUrl: emulator.url, verbose: false, retries: 0 });
    try {
      const lowerHex = encodeURIComponent(token).replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase());
      const phpJson = token.replace(/\//g, "\\/");
      const body = `Unauthenticated: Bearer%20${token} x${token}1 ${encodeURIComponent(token)}y Bearer+abc&next ${lowerHex} ${encodeURI(token)} ${phpJson}`;
      emulator.setFaults([{ resource: "brands", kind: "status", status: 401, body }]);
      const error = await client.brands().catch((caught) => caught);
      expect(error.serviceMessage).toBe("Unauthenticated: Bearer *** x***1 ***y Bearer ***&next *** *** ***");
      expect(everything(error)).not.toMatch(/SECRET/);
    } finally {
      await client.aclose();
      await emulator.close();
    }
  });

  test("any Bearer value, not only the client's own token", async () => {
    env.emulator.setFaults([
      { resource: "brands", kind: "status", status: 401, body: '{"message":"expired: Bearer someone-elses-token"}' },
    ]);
    const error = await env
      .client()
      .rawQuery("brands")
      .catch((caught) => caught);
    expect(error.serviceMessage).toBe("expired: Bearer ***");
  });
});
