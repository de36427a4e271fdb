import { startEmulator, ValidationError, type Emulator, type FaultRule } from "../../src/emulator";
import { request } from "node:http";
import { getJson, urlOf } from "./http";

/** A GET that keeps whatever body bytes arrive before the connection ends, however it ends. */
function rawGet(url: string): Promise<{ status: number; length: number; received: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { Accept: "application/json", Authorization: "Bearer t" } }, (res) => {
      const chunks: Buffer[] = [];
      const done = () =>
        resolve({ status: res.statusCode!, length: Number(res.headers["content-length"]), received: Buffer.concat(chunks).toString() });
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", done);
      res.on("error", done);
      res.on("aborted", done);
    });
    req.on("error", reject);
    req.end();
  });
}

const regions = (emulator: Emulator, page = 1) => getJson(urlOf(emulator.url, "regions", { page, per_page: 2 }));

async function withEmulator(options: Parameters<typeof startEmulator>[0], body: (emulator: Emulator) => Promise<void>): Promise<void> {
  const emulator = await startEmulator(options);
  try {
    await body(emulator);
  } finally {
    await emulator.close();
  }
}

describe("rate limit", () => {
  test("every answer carries the headers; past the limit 429 with Retry-After and X-RateLimit-Reset", async () => {
    await withEmulator({ rateLimit: 3 }, async (emulator) => {
      const remaining: string[] = [];
      for (let i = 0; i < 3; i++) {
        const answer = await regions(emulator);
        expect(answer.status).toBe(200);
        expect(answer.headers.get("x-ratelimit-limit")).toBe("3");
        remaining.push(answer.headers.get("x-ratelimit-remaining")!);
      }
      expect(remaining).toEqual(["2", "1", "0"]);
      const limited = await regions(emulator);
      expect(limited.status).toBe(429);
      expect(limited.json).toEqual({ data: { message: "Too Many Attempts." } });
      expect(limited.headers.get("x-ratelimit-remaining")).toBe("0");
      const retryAfter = Number(limited.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      const reset = Number(limited.headers.get("x-ratelimit-reset"));
      expect(Math.abs(reset - (Date.now() / 1000 + retryAfter))).toBeLessThan(3);
    });
  });

  test("500 a minute by default, on errors too", async () => {
    await withEmulator({}, async (emulator) => {
      const answer = await getJson(`${emulator.url}brands/99999`);
      expect(answer.status).toBe(404);
      expect(answer.headers.get("x-ratelimit-limit")).toBe("500");
      expect(answer.headers.get("x-ratelimit-remaining")).toBe("499");
    });
  });

  test("rateLimit: false turns it off, headers included", async () => {
    await withEmulator({ rateLimit: false }, async (emulator) => {
      for (let i = 0; i < 5; i++) expect((await regions(emulator)).status).toBe(200);
      expect((await regions(emulator)).headers.get("x-ratelimit-limit")).toBeNull();
    });
  });
});

describe("fault injection", () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await startEmulator({ rateLimit: false });
  });
  afterAll(() => emulator.close());
  beforeEach(() => {
    emulator.setFaults([]);
    emulator.resetStats();
  });

  test("status: 503 by default, for the first N matching requests", async () => {
    emulator.setFaults([{ resource: "regions", kind: "status", times: 2 }]);
    expect((await regions(emulator)).status).toBe(503);
    expect((await getJson(`${emulator.url}sectors`)).status).toBe(200);
    expect((await regions(emulator)).status).toBe(503);
    expect((await regions(emulator)).status).toBe(200);
  });

  test("status: any code and a body that is not JSON", async () => {
    emulator.setFaults([{ kind: "status", status: 502, body: "<html><body>Bad Gateway</body></html>" }]);
    const answer = await regions(emulator);
    expect(answer.status).toBe(502);
    expect(answer.json).toBeUndefined();
    expect(answer.text).toMatch(/Bad Gateway/);
  });

  test("rules match by page, one or several", async () => {
    emulator.setFaults([{ resource: "regions", page: [2, 3], kind: "status", status: 500 }]);
    expect((await regions(emulator, 1)).status).toBe(200);
    expect((await regions(emulator, 2)).status).toBe(500);
    expect((await regions(emulator, 3)).status).toBe(500);
    emulator.setFaults([{ page: 1, kind: "status", status: 504 }]);
    expect((await regions(emulator, 1)).status).toBe(504);
    expect((await regions(emulator, 2)).status).toBe(200);
  });

  test("malformed: a 200 whose JSON is cut short", async () => {
    emulator.setFaults([{ resource: "regions", kind: "malformed", times: 1 }]);
    const broken = await regions(emulator);
    expect(broken.status).toBe(200);
    expect(broken.json).toBeUndefined();
    expect(broken.text.startsWith('{"data":[')).toBe(true);
    expect((await regions(emulator)).json.data).toHaveLength(2);
  });

  test("rateLimit: 429 with Retry-After", async () => {
    emulator.setFaults([{ kind: "rateLimit", retryAfter: 7, times: 1 }]);
    const answer = await regions(emulator);
    expect(answer.status).toBe(429);
    expect(answer.headers.get("retry-after")).toBe("7");
    expect(Number(answer.headers.get("x-ratelimit-reset"))).toBeGreaterThan(Date.now() / 1000);
  });

  test("reset: the connection drops", async () => {
    emulator.setFaults([{ kind: "reset", times: 1 }]);
    await expect(regions(emulator)).rejects.toThrow();
    expect((await regions(emulator)).status).toBe(200);
  });

  test("hang for N ms, then the normal answer", async () => {
    emulator.setFaults([{ kind: "hang", ms: 300, times: 1 }]);
    const started = Date.now();
    const answer = await regions(emulator);
    expect(answer.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
  });

  test("trickle: the normal answer, a few bytes at a time", async () => {
    const whole = (await regions(emulator)).text;
    emulator.setFaults([{ kind: "trickle", bytes: Math.ceil(whole.length / 4), ms: 20, times: 1 }]);
    const pieces: number[] = [];
    const response = await fetch(urlOf(emulator.url, "regions", { page: 1, per_page: 2 }), {
      headers: { Accept: "application/json", Authorization: "Bearer t" },
    });
    for await (const piece of response.body!) pieces.push(piece.length);
    expect(pieces.length).toBeGreaterThanOrEqual(4);
    expect(pieces.reduce((sum, length) => sum + length, 0)).toBe(Buffer.byteLength(whole));
  });

  test("trickle: one byte at a time by default, until the client gives up; the next answer is whole", async () => {
    emulator.setFaults([{ kind: "trickle", times: 1 }]);
    const abort = new AbortController();
    const response = await fetch(urlOf(emulator.url, "regions"), {
      headers: { Accept: "application/json", Authorization: "Bearer t" },
      signal: abort.signal,
    });
    const reader = response.body!.getReader();
    // a byte a piece; two may meet on the way if the reader is slow
    const received = [await reader.read(), await reader.read()].reduce((sum, piece) => sum + piece.value!.length, 0);
    expect(received).toBeGreaterThanOrEqual(2);
    expect(received).toBeLessThanOrEqual(4);
    expect(Number(response.headers.get("content-length"))).toBeGreaterThan(received);
    abort.abort();
    await expect(reader.read()).rejects.toThrow();
    expect((await regions(emulator)).status).toBe(200);
  });

  test("cutOff: a 200 announcing the whole length, and the connection drops after N bytes", async () => {
    emulator.setFaults([{ kind: "cutOff", bytes: 12, times: 1 }]);
    const { status, length, received } = await rawGet(urlOf(emulator.url, "regions", { page: 1, per_page: 2 }));
    expect(status).toBe(200);
    expect(received).toBe('{"data":[{"i');
    expect(length).toBeGreaterThan(12);
    expect((await regions(emulator)).status).toBe(200);
  });

  test("echoHeaders: the error message repeats the request's headers, Authorization included", async () => {
    emulator.setFaults([{ kind: "echoHeaders", times: 1 }]);
    const answer = await getJson(urlOf(emulator.url, "regions"), { token: "echo-me" });
    expect(answer.status).toBe(400);
    expect(answer.json.data.message).toMatch(/^Bad Request: GET \/api\/v2\/regions with headers .*authorization: Bearer echo-me/);
  });

  test("rateHeaders: the normal answer with the headers given, blank ones included", async () => {
    emulator.setFaults([{ kind: "rateHeaders", times: 1, headers: { "X-RateLimit-Limit": "60", "X-RateLimit-Remaining": "" } }]);
    const answer = await regions(emulator);
    expect(answer.status).toBe(200);
    expect(answer.json.data).toHaveLength(2);
    expect(answer.headers.get("x-ratelimit-limit")).toBe("60");
    expect(answer.headers.get("x-ratelimit-remaining")).toBe("");
    expect((await regions(emulator)).headers.has("x-ratelimit-remaining")).toBe(false);
  });

  test("nullRecord: the record at `index` of the page is null, the rest and meta as usual", async () => {
    emulator.setFaults([{ kind: "nullRecord", index: 1, times: 1 }]);
    const spoiled = await regions(emulator);
    const normal = await regions(emulator);
    expect(spoiled.status).toBe(200);
    expect(spoiled.json.data).toEqual([normal.json.data[0], null]);
    expect(spoiled.json.meta).toEqual(normal.json.meta);
  });

  test("revised: every record of the page has `field` set to `value`, added where it was not; meta as usual", async () => {
    emulator.setFaults([
      { kind: "revised", field: "name", value: "Renamed", times: 1 },
      { kind: "revised", field: "note", value: "12.5", times: 1 },
    ]);
    const renamed = await regions(emulator);
    const noted = await regions(emulator);
    const normal = await regions(emulator);
    expect(renamed.status).toBe(200);
    expect(renamed.json.data).toEqual(normal.json.data.map((record: object) => ({ ...record, name: "Renamed" })));
    expect(noted.json.data).toEqual(normal.json.data.map((record: object) => ({ ...record, note: "12.5" })));
    expect(renamed.json.meta).toEqual(normal.json.meta);
  });

  test("hang forever: later requests are answered while it waits; the client's own abort is all that ends it", async () => {
    emulator.setFaults([{ kind: "hang", times: 1 }]);
    const abort = new AbortController();
    const hung = getJson(urlOf(emulator.url, "regions"), { signal: abort.signal });
    await emulator.until((stats) => stats.inFlight === 1);
    const [entry] = emulator.stats.log.slice(-1);
    expect((await regions(emulator)).status).toBe(200);
    expect(emulator.stats.inFlight).toBe(1);
    expect(entry.status).toBe(0);
    const ended = new Promise((resolve) => emulator.events.on("done", (done) => done === entry && resolve(done)));
    abort.abort();
    await expect(hung).rejects.toThrow();
    expect(await ended).toMatchObject({ status: 0 });
  });
});

describe("close()", () => {
  test("ends hung requests and idle keep-alive sockets, and is idempotent", async () => {
    const emulator = await startEmulator({ faults: [{ resource: "brands", kind: "hang" }], rateLimit: false });
    expect((await regions(emulator)).status).toBe(200);
    const hung = getJson(`${emulator.url}brands`).then(
      () => "answered",
      () => "failed",
    );
    const slow = startEmulator({ latencyMs: 60_000 });
    await emulator.until((stats) => stats.inFlight === 1);
    await emulator.close();
    await emulator.close();
    expect(await hung).toBe("failed");
    const slowEmulator = await slow;
    const waiting = getJson(`${slowEmulator.url}regions`).then(
      () => "answered",
      () => "failed",
    );
    await slowEmulator.until((stats) => stats.inFlight === 1);
    await slowEmulator.close();
    expect(await waiting).toBe("failed");
  });

  test("a wait on the stats that can no longer be met rejects when the emulator closes", async () => {
    const emulator = await startEmulator({ rateLimit: false });
    const never = emulator.until((stats) => stats.requests > 0);
    await emulator.close();
    await expect(never).rejects.toThrow(/closed before the condition held/);
    await expect(emulator.until((stats) => stats.requests > 0)).rejects.toThrow(/closed/);
    await expect(emulator.until((stats) => stats.requests === 0)).resolves.toBeUndefined();
  });
});

describe("events", () => {
  test("request on arrival (status 0, counted), done once answered (status set, out of flight), in that order", async () => {
    await withEmulator({ rateLimit: false }, async (emulator) => {
      const seen: string[] = [];
      emulator.events.on("request", (entry) => {
        seen.push(`request ${entry.page} ${entry.status} ${emulator.stats.requests} ${emulator.stats.inFlight}`);
      });
      emulator.events.on("done", (entry) => {
        seen.push(`done ${entry.page} ${entry.status} ${emulator.stats.inFlight}`);
      });
      await regions(emulator, 2);
      await emulator.until((stats) => stats.inFlight === 0);
      expect(seen).toEqual(["request 2 0 1 1", "done 2 200 0"]);
    });
  });
});

describe("stats and latency", () => {
  test("requests, the exact URLs, statuses and the most served at once", async () => {
    const pages: number[] = [];
    await withEmulator(
      { rateLimit: false, latencyMs: ({ resource, page }) => (resource === "regions" ? (pages.push(page), 100) : 0) },
      async (emulator) => {
        await Promise.all([1, 2, 3, 4].map((page) => regions(emulator, page)));
        await getJson(`${emulator.url}brands/99999`);
        expect(emulator.stats.requests).toBe(5);
        expect(emulator.stats.inFlight).toBe(0);
        expect(emulator.stats.maxInFlight).toBe(4);
        expect(pages.sort()).toEqual([1, 2, 3, 4]);
        const log = emulator.stats.log;
        expect(log.map((entry) => entry.page).sort()).toEqual([1, 1, 2, 3, 4]);
        expect(log.at(-1)).toEqual({ path: "/api/v2/brands/99999", query: "", status: 404, page: 1 });
        expect(log.find((entry) => entry.page === 3)).toEqual({
          path: "/api/v2/regions",
          query: "page=3&per_page=2",
          status: 200,
          page: 3,
        });
        emulator.resetStats();
        expect(emulator.stats).toMatchObject({ requests: 0, maxInFlight: 0, log: [] });
      },
    );
  });

  test("faults given at start apply from the first request", async () => {
    const rules: FaultRule[] = [{ resource: "regions", kind: "status", status: 500, times: 1 }];
    await withEmulator({ faults: rules, rateLimit: false }, async (emulator) => {
      expect((await regions(emulator)).status).toBe(500);
      expect((await regions(emulator)).status).toBe(200);
    });
  });
});

describe("malformed requests", () => {
  test("a path that does not percent-decode is a 400, and the emulator keeps serving", async () => {
    await withEmulator({ rateLimit: false }, async (emulator) => {
      const spy = jest.spyOn(console, "error").mockImplementation(() => {});
      try {
        const answer = await getJson(`${emulator.url}%E0%A4%A`);
        expect(answer.status).toBe(400);
        expect(answer.json.data.message).toMatch(/percent-encoding/);
        expect(answer.text).not.toMatch(/at .*\.ts:\d+/);
        expect((await getJson(`${emulator.url}brands/%E0%A4%A`)).status).toBe(400);
        expect((await regions(emulator)).status).toBe(200);
        expect(spy).not.toHaveBeenCalled();
      } finally {
        spy.mockRestore();
      }
    });
  });

  test("HEAD is served as the message says; other methods are 405 with Allow: GET, HEAD", async () => {
    await withEmulator({ rateLimit: false }, async (emulator) => {
      const headers = { Accept: "application/json", Authorization: "Bearer t" };
      const head = await fetch(urlOf(emulator.url, "regions", { per_page: 2 }), { method: "HEAD", headers });
      const get = await regions(emulator);
      expect(head.status).toBe(200);
      expect(head.headers.get("content-length")).toBe(get.headers.get("content-length"));
      expect(await head.text()).toBe("");
      const post = await fetch(urlOf(emulator.url, "regions"), { method: "POST", headers });
      expect(post.status).toBe(405);
      expect(post.headers.get("allow")).toBe("GET, HEAD");
      expect(((await post.json()) as { data: { message: string } }).data.message).toMatch(/Supported methods: GET, HEAD\./);
    });
  });
});

describe("maxPerPage", () => {
  test("a service capping its pages answers at most that many, and meta.per_page says so", async () => {
    await withEmulator({ rateLimit: false, maxPerPage: 4 }, async (emulator) => {
      const answer = await getJson(urlOf(emulator.url, "brands", { page: 2, per_page: 1000 }));
      expect(answer.json.data).toHaveLength(4);
      expect(answer.json.meta).toMatchObject({
        per_page: 4,
        from: 5,
        to: 8,
        current_page: 2,
        last_page: Math.ceil(answer.json.meta.total / 4),
      });
      expect((await getJson(urlOf(emulator.url, "brands", { per_page: 3 }))).json.meta.per_page).toBe(3);
    });
  });

  test("must be a positive integer: the emulator's ValidationError names the option", async () => {
    await expect(startEmulator({ maxPerPage: 0 })).rejects.toThrow(ValidationError);
    await expect(startEmulator({ maxPerPage: 0 })).rejects.toMatchObject({ parameter: "maxPerPage", name: "ValidationError" });
  });

  test("rateLimit and token are checked the same way", async () => {
    await expect(startEmulator({ rateLimit: 1.5 })).rejects.toMatchObject({
      parameter: "rateLimit",
      message: /^rateLimit: a positive integer/,
    });
    await expect(startEmulator({ token: " " })).rejects.toMatchObject({ parameter: "token", message: /^token: a non-empty string/ });
  });
});
