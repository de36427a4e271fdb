import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { Client } from "../../src/client/client";
import type { ClientOptions } from "../../src/client/options";
import { startEmulator, type Emulator } from "../../src/emulator";
import { captureWarnings } from "./fixture";
import { expectSameFrame } from "./sameFrame";

/** The process's threads (Linux): a client's decode workers run in threads of their own, started when it first decodes in a worker. */
const threadCount = (): number => readdirSync("/proc/self/task").length;
/** libuv's thread pool starts its threads on first use (a worker's start uses it) and keeps them: started before any count. */
const startThreadPool = (): Promise<unknown> => promisify(gzip)("");

let emulator: Emulator;
let limited: Emulator;
const clients: Client[] = [];
const client = (options: ClientOptions, on: Emulator = emulator): Client => {
  const made = new Client("token", { baseUrl: on.url, verbose: false, ...options });
  clients.push(made);
  return made;
};
// several pages of wide records, some cells missing or null (includes vary per record)
const WIDE = { filters: { countries: [1, 2, 3], years: [1, 2], audiences: [1] }, perPage: 150 };
const STACKED = { filters: { countries: [1], years: [1] }, include: ["audiences" as const], stackData: true, perPage: 40 };

beforeAll(async () => {
  [emulator, limited] = await Promise.all([startEmulator({ rateLimit: false }), startEmulator({ rateLimit: 8 }), startThreadPool()]);
});
afterEach(() => Promise.all(clients.splice(0).map((made) => made.aclose())));
afterAll(() => Promise.all([emulator.close(), limited.close()]));

describe("pages decoded by worker threads", () => {
  it("stay on the main thread for a small pull by default", async () => {
    await client({ threads: 0 }).brandscapeData(WIDE);
    const before = threadCount();
    await client({}).brandscapeData(WIDE);
    expect(threadCount()).toBe(before);
  });

  it("make the frame the main thread makes", async () => {
    const main = await client({ threads: 0 }).brandscapeData(WIDE);
    const before = threadCount();
    const threads = client({ threads: 2 });
    // the threads, seen at every turn of the event loop while the pull runs
    const seen: number[] = [];
    let pulling = true;
    const look = () => {
      seen.push(threadCount());
      if (pulling) setImmediate(look);
    };
    look();
    const { result: threaded, warnings } = await captureWarnings(() => threads.brandscapeData(WIDE)).finally(() => (pulling = false));
    expect(Math.max(...seen)).toBeGreaterThan(before); // the pages were decoded in threads of their own
    expect(threadCount()).toBe(before); // which end once the pages are in, before the frame is made
    await threads.aclose();
    expect(threadCount()).toBe(before);
    expect(warnings).toEqual([]);
    expect(main.shape[0]).toBeGreaterThan(WIDE.perPage * 2);
    expectSameFrame(threaded, main);
  });

  it("make the same stacked frame", async () => {
    const main = await client({ threads: 0 }).brandscapeData(STACKED);
    const threaded = await client({ threads: 1 }).brandscapeData(STACKED);
    expect(main.shape[0]).toBeGreaterThan(STACKED.perPage);
    expectSameFrame(threaded, main);
  });

  it("make the same frame from the cache, and with the page-size switch", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fountframe-workers-"));
    try {
      const main = await client({ threads: 0 }).brandscapeData({ ...WIDE, perPage: undefined });
      const cached = client({ threads: 1, cache: { dir } });
      await cached.brandscapeData(WIDE);
      const requests = emulator.stats.requests;
      expectSameFrame(await cached.brandscapeData(WIDE), await client({ threads: 0 }).brandscapeData(WIDE));
      expect(emulator.stats.requests).toBe(requests + Math.ceil(main.shape[0] / WIDE.perPage)); // only the threads: 0 pull
      // 8 a minute: the pull at 100 a page needs more, so the rest comes at 1,000 a page
      const switched = await client({ threads: 1 }, limited).brandscapeData({ ...WIDE, perPage: undefined });
      expect(limited.stats.log.map((entry) => new URLSearchParams(entry.query).get("per_page"))).toContain("1000");
      expectSameFrame(switched, main);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("retry a page whose JSON is cut short", async () => {
    emulator.setFaults([{ resource: "brandscape-data", page: 2, kind: "malformed", times: 1 }]);
    const threaded = await client({ threads: 1, retryBaseDelayMs: 1 }).brandscapeData(WIDE);
    emulator.setFaults([]);
    expectSameFrame(threaded, await client({ threads: 0 }).brandscapeData(WIDE));
  });
});
