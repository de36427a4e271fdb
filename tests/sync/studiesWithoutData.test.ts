import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "../../src";
import { startEmulator, type Emulator } from "../../src/emulator";
import { openStore } from "../../src/store";

const TOKEN = "studies-without-data-token";

// At a small scale most studies the lookup lists hold no brandscape rows: a group of such studies,
// pulled together, stages nothing, and the run goes on (it once failed with DuckDB's "Referenced
// column study_id not found" when a whole group came back empty).
describe("a sync whose study lookup lists studies without data", () => {
  let emulator: Emulator;
  let dir: string;

  beforeAll(async () => {
    emulator = await startEmulator({ rateLimit: false, token: TOKEN, scale: 2000, latencyMs: 0 });
    dir = mkdtempSync(join(tmpdir(), "fountframe-empty-studies-"));
  });
  afterAll(async () => {
    await emulator.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("commits the studies that have rows and stores every row once", async () => {
    const client = new Client({ authToken: TOKEN, baseUrl: emulator.url, verbose: false });
    const store = await openStore(join(dir, "empty.duckdb"));
    try {
      const studies = (await client.rawQuery("studies", { fields: ["id"], perPage: 1000 })).map((study) => study.id as number);
      const expected = (await client.rawQuery("brandscape-data", { filters: { studies }, fields: ["id"], perPage: 1000 })).length;
      expect(studies.length).toBeGreaterThan(100);
      const report = await client.sync(store, "brandscapeData", { studies });
      expect(report.rows).toBe(expected);
      const counted = (await store.query("SELECT count(*) AS n, count(DISTINCT id) AS ids FROM brandscape_data")).values as number[][];
      expect(counted[0].map(Number)).toEqual([expected, expected]);
    } finally {
      await store.close();
      await client.aclose();
    }
  });

  it("a first run whose query matches no rows makes the table empty, to query and export, and the next run with rows fills it", async () => {
    const client = new Client({ authToken: TOKEN, baseUrl: emulator.url, verbose: false });
    const store = await openStore(join(dir, "none.duckdb"));
    try {
      const studies = (await client.rawQuery("studies", { fields: ["id"], perPage: 1000 })).map((study) => study.id as number);
      const [first] = await client.rawQuery("brandscape-data", { filters: { studies }, fields: ["study_id"], perPage: 1, maxPages: 1 });
      const withRows = first.study_id as number;
      const none = { studies: [withRows], brandName: "No such brand" };
      expect(await client.sync(store, "brandscapeData", none)).toMatchObject({ rows: 0 });
      expect((await store.query("SELECT count(*) AS n FROM brandscape_data")).column("n").values).toEqual([0]);
      expect((await store.tables()).map(({ table, rows }) => [table, rows])).toEqual([["brandscape_data", 0]]);
      await store.writeParquet("brandscape_data", join(dir, "none-out"));
      const report = await client.sync(store, "brandscapeData", { studies: [withRows], mode: "full" });
      expect(report.rows).toBeGreaterThan(0);
      expect((await store.query("SELECT count(*) AS n FROM brandscape_data")).column("n").values).toEqual([report.rows]);
    } finally {
      await store.close();
      await client.aclose();
    }
  });
});
