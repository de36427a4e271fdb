import { join } from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import { startEmulator, type Emulator } from "../../src/emulator";
import { Client } from "../../src/client/client";
import { openStore } from "../../src/store";
import { tempFolder } from "../helpers/tempFolder";
import { withDuckDB } from "./helpers/storeFixture";

const TOKEN = "layout-token";
const ROW_GROUP_ROWS = 16_384;

/** One value of a query on a store file opened by DuckDB itself, as another tool would open it. */
async function readWithDuckDB(file: string, sql: string): Promise<unknown> {
  const instance = await DuckDBInstance.create(file);
  const connection = await instance.connect();
  try {
    return (await connection.runAndReadAll(sql)).getRows()[0][0];
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

/** How the store lays out its file: small blocks for a file it makes, row groups it checkpoints as they fill. */
describe("the store's file", () => {
  const dir = tempFolder("fountframe-store-layout-");

  it("makes a file of 64 KiB blocks, and keeps the blocks of a file DuckDB made", async () => {
    const made = join(dir, "made.duckdb");
    const store = await openStore(made);
    expect((await store.query("SELECT block_size FROM pragma_database_size() WHERE database_name = current_database()")).values).toEqual([
      [65_536],
    ]);
    await store.query("CREATE TABLE mine AS SELECT 1 AS id");
    await store.close();
    expect(Number(await readWithDuckDB(made, "SELECT count(*) FROM mine"))).toBe(1);

    const theirs = join(dir, "theirs.duckdb");
    await withDuckDB(theirs, "CREATE TABLE kept AS SELECT range AS id FROM range(3)");
    const opened = await openStore(theirs);
    const sizes = await opened.query("SELECT block_size FROM pragma_database_size() WHERE database_name = current_database()");
    expect(sizes.values).toEqual([[262_144]]);
    expect((await opened.query("SELECT count(*) AS n FROM kept")).values).toEqual([[3]]);
    await opened.close();
  });

  it("lays a sync's rows in row groups of 16,384 rows", async () => {
    const emulator: Emulator = await startEmulator({ rateLimit: false, token: TOKEN, scale: 40_000 });
    const client = new Client(TOKEN, { baseUrl: emulator.url, verbose: false });
    const file = join(dir, "fount.duckdb");
    const store = await openStore(file);
    try {
      const studies = await client.studies({ filters: { released: 1 }, perPage: 1000 });
      const report = await client.sync(store, "brandscapeData", {
        studies: studies.column("id").values as number[],
        fields: ["id", "study_id", "brand_id", "audience_id"],
        include: "no_default",
        perPage: 1000,
      });
      expect(report.rows).toBe(40_000);
      const groups = await store.query(
        "SELECT count(DISTINCT row_group_id) AS groups, max(count) AS largest FROM pragma_storage_info('brandscape_data') WHERE segment_type <> 'VALIDITY'",
      );
      const [[count, largest]] = groups.values as number[][];
      expect(largest).toBeLessThanOrEqual(ROW_GROUP_ROWS);
      expect(count).toBeGreaterThanOrEqual(Math.ceil(40_000 / ROW_GROUP_ROWS));
    } finally {
      await store.close();
      await client.aclose();
      await emulator.close();
    }
    expect(Number(await readWithDuckDB(file, "SELECT count(DISTINCT id) FROM brandscape_data"))).toBe(40_000);
  });
});
