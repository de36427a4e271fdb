import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmulator, type Emulator } from "../../src/emulator";
import { Client } from "../../src/client/client";
import { openStore } from "../../src/store";
import type { Store } from "../../src/store";
import { ValidationError } from "../../src/errors";
import type { DataFrame } from "danfojs-node";
import { captureWarnings } from "../client/fixture";

const TOKEN = "sync-token-s3cr3t";
const STUDIES = { studies: [1, 2, 3], metricKeys: ["differentiation", "esteem"] };

/** Rows of a table as plain objects ordered by id, for comparing a store with a fresh pull. */
async function rowsOf(store: Store, sql: string): Promise<Record<string, unknown>[]> {
  const frame = await store.query(sql);
  const columns = frame.columns;
  return (frame.values as unknown[][]).map((row) => Object.fromEntries(columns.map((c, i) => [c, row[i]])));
}

/** The store's table equals a fresh pull, cell for cell: the same columns, values and types, rows matched by id. */
async function expectSameAsPull(store: Store, table: string, fresh: DataFrame): Promise<void> {
  const stored = await store.query(`SELECT * FROM ${table} ORDER BY id`);
  expect(stored.shape).toEqual(fresh.shape);
  const ids = fresh.column("id").values as number[];
  const order = ids.map((_, i) => i).sort((a, b) => ids[a] - ids[b]);
  for (const name of fresh.columns) {
    const pulled = fresh.column(name).values as unknown[];
    expect([name, stored.column(name).values]).toEqual([name, order.map((i) => pulled[i])]);
  }
}

describe("client.sync into a DuckDB store, over HTTP against the emulator", () => {
  let emulator: Emulator;
  let client: Client;
  let dir: string;
  let store: Store;
  const requests = (resource: string) => emulator.stats.log.filter((entry) => entry.path.endsWith(`/${resource}`)).length;

  beforeEach(async () => {
    emulator = await startEmulator({ rateLimit: false, token: TOKEN });
    client = new Client(TOKEN, { baseUrl: emulator.url, verbose: false, retryBaseDelayMs: 5 });
    dir = mkdtempSync(join(tmpdir(), "fountframe-sync-"));
    store = await openStore(join(dir, "fount.duckdb"));
  });
  afterEach(async () => {
    await store.close();
    await client.aclose();
    await emulator.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("pulls everything first, then only the studies whose data_updated_at moved, replaced whole", async () => {
    const first = await client.sync(store, "brandscapeData", STUDIES);
    expect(first).toMatchObject({ table: "brandscape_data", mode: "full", updated: 0, removed: 0 });
    expect(first.added).toBe(first.rows);
    const fresh = await client.brandscapeData(STUDIES);
    expect(first.rows).toBe(fresh.shape[0]);

    const unchanged = await client.sync(store, "brandscapeData", STUDIES);
    expect(unchanged).toMatchObject({
      mode: "incremental",
      added: 0,
      updated: 0,
      removed: 0,
      requests: 1,
      partitions: { replaced: [], removed: [] },
    });

    emulator.revise({ studies: [2] });
    emulator.resetStats();
    const second = await client.sync(store, "brandscapeData", STUDIES);
    const studyRows = Number((await rowsOf(store, "SELECT count(*) AS n FROM brandscape_data WHERE study_id = 2"))[0].n);
    expect(second).toMatchObject({ mode: "incremental", added: 0, removed: 0, partitions: { replaced: [2], removed: [] } });
    expect(second.updated).toBeGreaterThan(studyRows / 2);
    expect(second.updated).toBeLessThanOrEqual(studyRows);
    expect(requests("studies")).toBe(1);
    expect(requests("brandscape-data")).toBe(Math.ceil(studyRows / client.perPage));
    expect(second.requests).toBe(1 + requests("brandscape-data"));

    // the store equals a fresh full pull, cell for cell
    await expectSameAsPull(store, "brandscape_data", await client.brandscapeData(STUDIES));
  });

  it("merges a resource by id from filter[updated_since], and removes ids gone only under a full run", async () => {
    const first = await client.sync(store, "brands", {});
    expect(first.mode).toBe("full");
    const { at } = emulator.revise({ resource: "brands", ids: [3, 7] });
    emulator.remove({ resource: "brands", ids: [5] });
    emulator.resetStats();
    const second = await client.sync(store, "brands", {});
    expect(second).toMatchObject({ mode: "incremental", added: 0, updated: 2, removed: 0, requests: 1 });
    const since = emulator.stats.log[0].query;
    expect(decodeURIComponent(since)).toMatch(/filter\[updated_since\]=\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    const revised = await rowsOf(
      store,
      "SELECT id, name, strftime(updated_at, '%Y-%m-%dT%H:%M:%S') AS at FROM brands WHERE id IN (3, 7) ORDER BY id",
    );
    expect(revised.map((row) => row.at)).toEqual([at.slice(0, 19), at.slice(0, 19)]);
    expect(String(revised[0].name)).toMatch(/\(revised /);
    expect((await rowsOf(store, "SELECT count(*) AS n FROM brands WHERE id = 5"))[0].n).toBe(1);

    const full = await client.sync(store, "brands", { mode: "full" });
    expect(full).toMatchObject({ mode: "full", removed: 1, added: 0, updated: 0 });
    expect((await rowsOf(store, "SELECT count(*) AS n FROM brands WHERE id = 5"))[0].n).toBe(0);
    // timestamps in the service's form, strings kept: the same cells as a fresh pull
    await expectSameAsPull(store, "brands", await client.brands());
  });

  it("pulls a study that newly matches a country and year query, and drops a study gone", async () => {
    const query = { countryCode: "US", yearNumber: 2024, metricKeys: "differentiation" };
    await client.sync(store, "brandscapeData", { ...query, table: "us_2024" });
    const added = emulator.addStudy({ country: "US", year: 2024 });
    // the new study is pulled by its id alone: study + country + year is no recommended combination
    const { result: report, warnings } = await captureWarnings(() => client.sync(store, "brandscapeData", { ...query, table: "us_2024" }));
    expect(warnings).toEqual([]);
    expect(report).toMatchObject({
      mode: "incremental",
      added: added.amount_of_cells,
      updated: 0,
      removed: 0,
      partitions: { replaced: [added.id], removed: [] },
    });

    const [gone] = (await rowsOf(store, `SELECT DISTINCT study_id FROM us_2024 WHERE study_id <> ${added.id} ORDER BY 1`)).map((r) =>
      Number(r.study_id),
    );
    const goneRows = Number((await rowsOf(store, `SELECT count(*) AS n FROM us_2024 WHERE study_id = ${gone}`))[0].n);
    emulator.remove({ resource: "studies", ids: [gone] });
    const after = await client.sync(store, "brandscapeData", { ...query, table: "us_2024" });
    expect(after).toMatchObject({ removed: goneRows, partitions: { replaced: [], removed: [gone] } });
  });

  it("lists what it tracks, never the token, and refuses bad arguments before any request", async () => {
    await client.sync(store, "brands", { filters: { name: "a" } });
    const tables = await store.tables();
    expect(tables).toEqual([expect.objectContaining({ table: "brands", endpoint: "brands", query: { filters: { name: "a" } } })]);
    expect(tables[0].cursor).toMatch(/^\d{4}-/);
    expect(JSON.stringify(await rowsOf(store, "SELECT * FROM fountframe_sync"))).not.toContain(TOKEN);
    emulator.resetStats();
    // @ts-expect-error -- not a method name
    await expect(client.sync(store, "brand", {})).rejects.toThrow(/^endpoint: a method name/);
    // @ts-expect-error -- not a mode
    await expect(client.sync(store, "brands", { mode: "fast" })).rejects.toThrow(ValidationError);
    await expect(client.sync(store, "brands", { table: "x; DROP TABLE brands" })).rejects.toThrow(/^table: /);
    await expect(client.sync(store, "brands", { maxPages: 1 })).rejects.toThrow(/^maxPages: /);
    // @ts-expect-error -- not a store
    await expect(client.sync({}, "brands", {})).rejects.toThrow(/^store: /);
    await expect(client.sync(store, "brands", { filters: { name: "b" } })).rejects.toThrow(/^table: brands holds a sync of brands/);
    expect(emulator.stats.log).toHaveLength(0);
  });

  it("runs two syncs on one store one after the other: the second waits and finds nothing left to do", async () => {
    await client.sync(store, "brandscapeData", STUDIES);
    emulator.revise({ studies: [1] });
    const [first, second] = await Promise.all([
      client.sync(store, "brandscapeData", STUDIES),
      client.sync(store, "brandscapeData", STUDIES),
    ]);
    expect(first.partitions).toEqual({ replaced: [1], removed: [] });
    expect(second).toMatchObject({ added: 0, updated: 0, removed: 0, partitions: { replaced: [], removed: [] } });
  });

  it("adds the columns a later pull brings and says so", async () => {
    await client.sync(store, "brandscapeData", { studies: [1], metricKeys: "differentiation" });
    const report = await client.sync(store, "brandscapeData", { studies: [1], metricKeys: ["differentiation", "esteem"], mode: "full" });
    expect(report.addedColumns).toEqual(expect.arrayContaining(["esteem_c", "esteem_rank"]));
    expect(report.addedColumns.every((name) => name.startsWith("esteem"))).toBe(true);
    expect(report).toMatchObject({ added: 0, removed: 0, widenedColumns: [] });
    const frame = await store.query("SELECT count(esteem_c) AS n, count(*) AS total FROM brandscape_data");
    expect(frame.column("n").values[0]).toBe(frame.column("total").values[0]);
  });

  it("writes the same cells into a table new to the studies and over one that holds them (a full run again), counting none updated", async () => {
    const options = { ...STUDIES, perPage: 10 };
    // a column whose type widens from page to page of a pull: whole number, numeric text, text
    emulator.setFaults([
      { kind: "revised", resource: "brandscape-data", field: "mixed", value: 5, page: 1 },
      { kind: "revised", resource: "brandscape-data", field: "mixed", value: "1.50", page: 2 },
      { kind: "revised", resource: "brandscape-data", field: "mixed", value: "n/a", page: 3 },
    ]);
    const first = await client.sync(store, "brandscapeData", options);
    const written = await store.query("SELECT * FROM brandscape_data ORDER BY id");
    const again = await client.sync(store, "brandscapeData", { ...options, mode: "full" });
    expect(again).toMatchObject({ mode: "full", added: 0, updated: 0, removed: 0, rows: first.rows });
    const rewritten = await store.query("SELECT * FROM brandscape_data ORDER BY id");
    expect(rewritten.columns).toEqual(written.columns);
    expect(rewritten.values).toEqual(written.values);
    const mixed = await store.query("SELECT DISTINCT mixed FROM brandscape_data WHERE mixed IS NOT NULL ORDER BY 1");
    expect(mixed.values.flat()).toEqual(["1.50", "5", "n/a"]);
  });

  it("counts as updated the rows a full run of fewer fields or metric keys empties (a column the pull no longer brings)", async () => {
    const first = await client.sync(store, "studies", { fields: ["id", "name", "respondents"] });
    const held = Number((await store.query("SELECT count(respondents) AS n FROM studies")).column("n").values[0]);
    expect(held).toBeGreaterThan(0);
    const narrower = await client.sync(store, "studies", { fields: ["id", "name"], mode: "full" });
    expect(narrower).toMatchObject({ mode: "full", added: 0, removed: 0, updated: held, rows: first.rows });
    expect(Number((await store.query("SELECT count(respondents) AS n FROM studies")).column("n").values[0])).toBe(0);
    const same = await client.sync(store, "studies", { fields: ["id", "name"], mode: "full" });
    expect(same).toMatchObject({ updated: 0 });
  });

  it("rolls a failed run back whole: the rows and the state stay as they were", async () => {
    await client.sync(store, "brandscapeData", { ...STUDIES, perPage: 25 });
    const before = (await store.query("SELECT * FROM brandscape_data ORDER BY id")).values;
    const state = (await store.query("SELECT * FROM fountframe_sync")).values;
    emulator.revise({ studies: [1, 2, 3] });
    emulator.setFaults([{ kind: "status", status: 500, resource: "brandscape-data", page: 3 }]);
    const failing = new Client(TOKEN, { baseUrl: emulator.url, verbose: false, retries: 0, onErrors: "raise" });
    await expect(failing.sync(store, "brandscapeData", { ...STUDIES, perPage: 25 })).rejects.toThrow();
    await failing.aclose();
    expect((await store.query("SELECT * FROM brandscape_data ORDER BY id")).values).toEqual(before);
    expect((await store.query("SELECT * FROM fountframe_sync")).values).toEqual(state);
  });
});
