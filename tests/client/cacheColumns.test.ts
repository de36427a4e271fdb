import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as arrow from "apache-arrow";
import cacache from "cacache";
import type { DataFrame } from "danfojs-node";
import { Client } from "../../src/client/client";
import type { ClientOptions } from "../../src/client/options";
import { UNMATCHED_METRIC_KEYS_WARNING } from "../../src/pull/pullWarnings";
import { captureWarnings, pagesRequested, TOKEN, useEmulator } from "./fixture";
import { withDateAhead } from "../helpers/dateAhead";
import { expectSameFrame } from "./sameFrame";

// brands: 439 records, 5 pages at 100; study 482's brandscape data: several pages at 50
const env = useEmulator();
const STUDY = { studies: 482, audiences: [1], perPage: 50 };

let dir: string;
beforeEach(() => {
  dir = join(mkdtempSync(join(tmpdir(), "fountframe-columns-")), "cache");
});
afterEach(() => {
  jest.restoreAllMocks();
  rmSync(join(dir, ".."), { recursive: true, force: true });
});

const cached = (options: ClientOptions = {}) => env.client({ cache: { dir }, ...options });

interface IndexEntry {
  key: string;
  integrity: string;
  metadata: unknown;
  path: string;
}

/**
 * The index lines of the cache's columns entries (one entry per frame pull's query), oldest first
 * within a key, from cacache's index files: an entry with no integrity is a removal (cacache.ls
 * imports ESM, which Jest's sandbox cannot).
 */
function columnsIndexLines(): Omit<IndexEntry, "path">[] {
  const index = join(dir, "index-v5");
  const lines: Omit<IndexEntry, "path">[] = [];
  if (!existsSync(index)) return lines;
  for (const name of readdirSync(index, { recursive: true, encoding: "utf8" })) {
    const path = join(index, name);
    if (!statSync(path).isFile()) continue;
    for (const line of readFileSync(path, "utf8").split("\n").filter(Boolean)) {
      lines.push(JSON.parse(line.slice(line.indexOf("\t") + 1)) as Omit<IndexEntry, "path">);
    }
  }
  return lines.filter((entry) => entry.key.includes("fountframe[columns]"));
}

/** The cache's columns entries as they stand (the last line of a key wins). */
async function columnsEntries(): Promise<IndexEntry[]> {
  const latest = new Map<string, Omit<IndexEntry, "path"> | null>();
  for (const entry of columnsIndexLines()) latest.set(entry.key, entry.integrity ? entry : null);
  const entries = [...latest.values()].filter((entry) => !!entry);
  return Promise.all(entries.map(async (entry) => ({ ...entry, path: (await cacache.get.info(dir, entry.key))!.path })));
}

/**
 * `run`'s result, and whether it wrote columns into the cache: a frame made from kept columns
 * writes none; one made from the responses (no columns kept, or none usable) keeps its columns.
 */
async function columnsWritten<T>(run: () => Promise<T>): Promise<{ result: T; written: boolean }> {
  const before = columnsIndexLines().length;
  const result = await run();
  return { result, written: columnsIndexLines().length > before };
}

/** Fills the cache with `pull`, then pulls again: the re-pull is made from columns, with no request, and equals both. */
async function expectColumnsRepull(pull: (options?: ClientOptions) => Promise<DataFrame>, fresh: DataFrame): Promise<DataFrame> {
  const { result: fill, written: atFill } = await columnsWritten(() => pull({ cache: { dir } }));
  expect(atFill).toBe(true);
  expectSameFrame(fill, fresh);
  expect(await columnsEntries()).toHaveLength(1);
  env.emulator.resetStats();
  const { result: again, written } = await columnsWritten(() => pull({ cache: { dir } }));
  expect(written).toBe(false);
  expect(env.emulator.stats.requests).toBe(0);
  expectSameFrame(again, fresh);
  expect(again.index).toEqual(fresh.index);
  return again;
}

describe("a frame pull's columns kept in the cache", () => {
  test("brandscapeData with its default includes, decoded by workers or not: the same frame, no request", async () => {
    const fresh = await env.client({ threads: 0 }).brandscapeData(STUDY);
    expect(fresh.shape[0]).toBeGreaterThan(STUDY.perPage * 2);
    expect(fresh.columns).toEqual(expect.arrayContaining(["brand_name", "global_brand_name", "global_study_name"]));
    await expectColumnsRepull((options) => env.client({ threads: 2, ...options }).brandscapeData(STUDY), fresh);
  });

  test("to-many includes, as lists in a column and stacked into rows", async () => {
    const flat = await env.client().collections({ include: "brands", perPage: 5 });
    await expectColumnsRepull((options) => env.client(options).collections({ include: "brands", perPage: 5 }), flat);
    const stacked = await env.client().collections({ include: "brands", stackData: true, perPage: 5 });
    expect(stacked.shape[0]).toBeGreaterThan(flat.shape[0]);
    // another entry: stackData shapes another frame from the same responses
    const { result: again, written } = await columnsWritten(() => cached().collections({ include: "brands", stackData: true, perPage: 5 }));
    expect(written).toBe(true);
    expectSameFrame(again, stacked);
    const { result: third, written: now } = await columnsWritten(() =>
      cached().collections({ include: "brands", stackData: true, perPage: 5 }),
    );
    expect(now).toBe(false);
    expectSameFrame(third, stacked);
  });

  test("numeric strings, nulls, and columns that appear on a later page", async () => {
    env.emulator.setFaults([
      { resource: "brands", page: 2, kind: "revised", field: "late_score", value: "12.5" },
      { resource: "brands", page: 3, kind: "revised", field: "name", value: null },
      { resource: "brands", page: 4, kind: "revised", field: "late_flag", value: true },
    ]);
    const fresh = await env.client().brands();
    const column = (name: string) => fresh.column(name).values as unknown[];
    expect(column("late_score").slice(99, 101)).toEqual([NaN, 12.5]);
    expect(column("name")[250]).toBeNull();
    expect(column("late_flag").slice(299, 301)).toEqual([null, true]);
    await expectColumnsRepull((options) => env.client(options).brands(), fresh);
  });

  test("fields in the order asked, and every query setting its own entry", async () => {
    const fields = ["name", "id"];
    const fresh = await env.client().brands({ fields });
    // the sector include comes on every brand (the docs' one default include), after the fields
    expect(fresh.columns).toEqual([...fields, "sector_id", "sector_name"]);
    await expectColumnsRepull((options) => env.client(options).brands({ fields }), fresh);
    const { result: fewer, written } = await columnsWritten(() => cached().brands({ fields, maxPages: 2 }));
    expect(written).toBe(true);
    expect(fewer.shape[0]).toBe(200);
  });
});

test("the columns entry is an Arrow IPC file another Arrow reader opens: the frame's columns, cell for cell", async () => {
  const frame = await cached().brandscapeData(STUDY);
  const [entry] = await columnsEntries();
  const kept = arrow.tableFromIPC(readFileSync(entry.path));
  expect(kept.schema.fields.map((field) => field.name)).toEqual(frame.columns);
  expect(kept.numRows).toBe(frame.shape[0]);
  for (const name of frame.columns) expect([...kept.getChild(name)!]).toEqual(frame.column(name).values);
});

test("the columns entry's files are private like every other entry's (0600)", async () => {
  await cached().brands();
  const [entry] = await columnsEntries();
  expect(statSync(entry.path).mode & 0o777).toBe(0o600);
  expect(statSync(dir).mode & 0o777).toBe(0o700);
});

describe("the columns are used only while every response they were made from is unchanged", () => {
  test("one page fetched again with other content: the re-pull is made from the responses, then kept anew", async () => {
    const before = await cached().brands();
    env.emulator.setFaults([{ resource: "brands", page: 2, kind: "revised", field: "name", value: "Renamed" }]);
    // page 2 alone is fetched again (its entry expired for this client) and stored with its new content
    await withDateAhead(60_001, async () => {
      for await (const page of env.client({ cache: { dir, maxAgeMs: 60_000 } }).pages("brands", { page: 2, maxPages: 1 })) {
        expect(page.records[0].name).toBe("Renamed");
      }
    });
    env.emulator.setFaults([]);
    env.emulator.resetStats();
    const { result: after, written } = await columnsWritten(() => cached().brands());
    expect(written).toBe(true);
    expect(env.emulator.stats.requests).toBe(0);
    const names = after.column("name").values as string[];
    expect(names.slice(100, 200).every((name) => name === "Renamed")).toBe(true);
    expect(names.slice(0, 100)).toEqual((before.column("name").values as string[]).slice(0, 100));
    const { result: third, written: now } = await columnsWritten(() => cached().brands());
    expect(now).toBe(false);
    expectSameFrame(third, after);
  });

  test("responses older than maxAgeMs: the pull asks the service, and the columns are not read", async () => {
    await cached().brands();
    env.emulator.resetStats();
    const { written } = await withDateAhead(60_001, () => columnsWritten(() => cached({ cache: { dir, maxAgeMs: 60_000 } }).brands()));
    expect(written).toBe(true);
    expect(pagesRequested(env.emulator, "brands").sort()).toEqual([1, 2, 3, 4, 5]);
  });

  test("a pull that warned keeps no columns: the re-pull warns again", async () => {
    const pull = () => captureWarnings(() => cached().brandscapeData({ studies: 482, metricKeys: ["differentiation", "brand_strenght"] }));
    const { warnings } = await pull();
    expect(warnings.map((warning) => warning.code)).toEqual([UNMATCHED_METRIC_KEYS_WARNING]);
    expect(await columnsEntries()).toEqual([]);
    const { warnings: again } = await pull();
    expect(again.map((warning) => warning.code)).toEqual([UNMATCHED_METRIC_KEYS_WARNING]);
  });
});

describe("a columns entry that cannot be read", () => {
  test("content altered on disk: the pull falls back to the responses, the entry is replaced", async () => {
    const fresh = await cached().brands();
    const [entry] = await columnsEntries();
    const bytes = readFileSync(entry.path);
    bytes[bytes.length - 3] ^= 0xff;
    writeFileSync(entry.path, bytes);
    env.emulator.resetStats();
    const { result: again, written } = await columnsWritten(() => cached().brands());
    expect(written).toBe(true);
    expect(env.emulator.stats.requests).toBe(0);
    expectSameFrame(again, fresh);
    // the altered content is gone; the same columns were written again
    expect(readFileSync(entry.path)).not.toEqual(bytes);
    const { written: now } = await columnsWritten(() => cached().brands());
    expect(now).toBe(false);
  });

  test("an entry that is no columns file (intact as stored): discarded, never read as a frame", async () => {
    const fresh = await cached().brands();
    const [entry] = await columnsEntries();
    const bogus = await cacache.put(dir, entry.key, Buffer.from("not columns"), { metadata: entry.metadata });
    const { result: again, written } = await columnsWritten(() => cached().brands());
    expect(written).toBe(true);
    expectSameFrame(again, fresh);
    expect(await cacache.get.hasContent(dir, bogus.toString())).toBe(false);
    expect((await columnsEntries())[0].integrity).toBe(entry.integrity);
  });

  test("an index line without the responses it was made from: discarded", async () => {
    await cached().brands();
    const [entry] = await columnsEntries();
    await cacache.put(dir, entry.key, readFileSync(entry.path), { metadata: { pages: "all" } });
    const { written } = await columnsWritten(() => cached().brands());
    expect(written).toBe(true);
    const [rewritten] = await columnsEntries();
    expect(rewritten.metadata).toEqual(entry.metadata);
  });
});

/** Records whose keys are the names given, `__proto__` included (an own field, as JSON.parse makes it). */
const record = (entries: [string, unknown][]): Record<string, unknown> => Object.fromEntries(entries);

/** Columns named as no identifier is: empty, numeric, a prototype's, differing only in case, with a BOM, a lone surrogate or a NUL. */
const ODD_NAMES = [
  "",
  "0",
  "12",
  "1.5",
  "__proto__",
  "constructor",
  "null",
  "Name",
  "name",
  "NAME",
  "\ufeffbom",
  "lone\ud800",
  "nul\u0000name",
];

/** Text no UTF-8 round trip keeps (a leading BOM a decoder drops, lone surrogates it cannot encode), and text it does. */
const ODD_TEXTS = ["\ufeffhello", "a\ud800b", "\ufeff", "\ude00\ud83d", "nul\u0000x", "\ud800", "plain", "é😀", "", "\ufeff\ufeff"];
const WELL_FORMED_TEXTS = ["\ufeffé", "\ufeff", "é\u0000x", "😀", "plain", ""];

function oddRecord(id: number): Record<string, unknown> {
  return record([
    ["id", id],
    ["t", ODD_TEXTS[id % ODD_TEXTS.length]],
    ["u", id === 4 ? null : WELL_FORMED_TEXTS[id % WELL_FORMED_TEXTS.length]],
    ["score", id / 2],
    ["flag", id % 3 === 0],
    ...ODD_NAMES.map((name, position): [string, unknown] => [
      name,
      position % 2 ? ODD_TEXTS[(id + position) % ODD_TEXTS.length] : id * position,
    ]),
  ]);
}

/** A WIRE.md paginator on 127.0.0.1 serving `pages` (arrays of records) for any collection, counting the requests. */
async function servePages(
  pages: Record<string, unknown>[][],
): Promise<{ url: string; requests: () => number; close: () => Promise<void> }> {
  const http = await import("node:http");
  const total = pages.reduce((count, page) => count + page.length, 0);
  const perPage = pages[0].length;
  let requests = 0;
  const server = http.createServer((request, response) => {
    requests++;
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const page = Number(url.searchParams.get("page") ?? 1);
    const path = `http://${request.headers.host}${url.pathname}`;
    const link = (to: number) => `${path}?page=${to}`;
    response.setHeader("content-type", "application/json");
    response.end(
      JSON.stringify({
        data: pages[page - 1] ?? [],
        links: {
          first: link(1),
          last: link(pages.length),
          prev: page > 1 ? link(page - 1) : null,
          next: page < pages.length ? link(page + 1) : null,
        },
        meta: {
          current_page: page,
          from: (page - 1) * perPage + 1,
          last_page: pages.length,
          links: [],
          path,
          per_page: perPage,
          to: Math.min(total, page * perPage),
          total,
        },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}/api/v2/`,
    requests: () => requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

test("every name and every string comes back from the columns as the first pull made it: BOMs, lone surrogates, NUL, '', __proto__, case", async () => {
  const pages = [0, 1, 2].map((page) => [1, 2, 3, 4].map((row) => oddRecord(page * 4 + row)));
  const server = await servePages(pages);
  const clients: Client[] = [];
  const pull = (options: ClientOptions = {}) => {
    const client = new Client(TOKEN, { baseUrl: server.url, verbose: false, perPage: 4, ...options });
    clients.push(client);
    return client.brands();
  };
  try {
    const fresh = await pull();
    expect(fresh.shape).toEqual([12, 5 + ODD_NAMES.length]);
    expect(fresh.columns).toEqual(expect.arrayContaining(["t", "u", ...ODD_NAMES]));
    expect(fresh.column("t").values).toEqual(expect.arrayContaining(ODD_TEXTS));
    const { result: fill, written: atFill } = await columnsWritten(() => pull({ cache: { dir } }));
    expect(atFill).toBe(true);
    expectSameFrame(fill, fresh);
    const before = server.requests();
    const { result: again, written } = await columnsWritten(() => pull({ cache: { dir } }));
    expect(written).toBe(false);
    expect(server.requests()).toBe(before);
    expectSameFrame(again, fresh);
  } finally {
    await Promise.all(clients.map((client) => client.aclose()));
    await server.close();
  }
});
