import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmulator, type Emulator } from "../../src/emulator";
import { Client } from "../../src/client/client";
import { openStore, type Store } from "../../src/store";

const TOKEN = "dropped-table-token";
const STUDIES = { studies: [1, 2, 3], metricKeys: "differentiation" };

/** A tracked table the user dropped is synced again whole: its marks and cursor speak of rows no longer there. */
describe("a sync of a tracked table that was dropped", () => {
  let emulator: Emulator;
  let client: Client;
  let dir: string;
  let store: Store;
  const count = async (table: string) => Number((await store.query(`SELECT count(*) AS n FROM ${table}`)).column("n").values[0]);

  beforeEach(async () => {
    emulator = await startEmulator({ rateLimit: false, token: TOKEN });
    client = new Client(TOKEN, { baseUrl: emulator.url, verbose: false, retries: 0 });
    dir = mkdtempSync(join(tmpdir(), "fountframe-dropped-"));
    store = await openStore(join(dir, "fount.duckdb"));
  });
  afterEach(async () => {
    await store.close();
    await client.aclose();
    await emulator.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("makes a resource's run a full one: every row again, not the changes alone", async () => {
    const first = await client.sync(store, "brands", {});
    await store.query("DROP TABLE brands");
    emulator.revise({ resource: "brands", ids: [5] });
    const again = await client.sync(store, "brands", {});
    expect(again).toMatchObject({ mode: "full", added: first.rows, rows: first.rows, removed: 0 });
    expect(await count("brands")).toBe(first.rows);
    expect(await client.sync(store, "brands", {})).toMatchObject({ mode: "incremental", rows: first.rows });
  });

  it("makes a brandscape run a full one: every study pulled again, whatever its mark", async () => {
    const first = await client.sync(store, "brandscapeData", STUDIES);
    await store.query("DROP TABLE brandscape_data");
    const again = await client.sync(store, "brandscapeData", STUDIES);
    expect(again).toMatchObject({ mode: "full", rows: first.rows, added: first.rows, partitions: { replaced: [1, 2, 3], removed: [] } });
    expect(await count("brandscape_data")).toBe(first.rows);
  });
});
