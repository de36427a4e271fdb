import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ValueError } from "../../src/errors";
import { openStore, readTrackedTables } from "../../src/store/openStore";
import { useStoreFixture, withDuckDB } from "./helpers/storeFixture";

const TOKEN = "tracked-tables-s3cr3t";

/** `sync --store FILE --status` reads what a store tracks from its file attached read-only: nothing is written. */
describe("readTrackedTables", () => {
  const fx = useStoreFixture(TOKEN);
  const sha256 = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");

  it("lists what store.tables() lists and leaves the file byte for byte, with nothing beside it", async () => {
    await fx.client.sync(fx.store, "years");
    await fx.client.sync(fx.store, "brands", { fields: ["id", "name"] });
    const listed = await fx.store.tables();
    const file = fx.store.path;
    await fx.store.close();
    const before = sha256(file);
    const files = readdirSync(fx.dir).sort();

    expect(await readTrackedTables(file)).toEqual(listed);
    expect(sha256(file)).toBe(before);
    expect(readdirSync(fx.dir).sort()).toEqual(files);
    fx.store = await openStore(file);
  });

  it("reads the state table of an earlier version as it is: no column added, no service to show", async () => {
    await fx.client.sync(fx.store, "years");
    const file = fx.store.path;
    await fx.store.close();
    await withDuckDB(file, "ALTER TABLE fountframe_sync DROP COLUMN service", "ALTER TABLE fountframe_sync DROP COLUMN table_mark");
    const before = sha256(file);

    const [years] = (await readTrackedTables(file))!;
    expect(years).toMatchObject({ table: "years", endpoint: "years", rows: 14, service: null });
    expect(sha256(file)).toBe(before);
    fx.store = await openStore(file);
  });

  it("gives undefined for another program's database, and refuses a missing file creating nothing", async () => {
    const theirs = join(fx.dir, "invoices.duckdb");
    await withDuckDB(theirs, "CREATE TABLE invoices AS SELECT 1 AS id");
    expect(await readTrackedTables(theirs)).toBeUndefined();

    const missing = join(fx.dir, "typo.duckdb");
    await expect(readTrackedTables(missing)).rejects.toThrow(ValueError);
    await expect(readTrackedTables(missing)).rejects.toThrow(/typo\.duckdb does not exist \(nothing was created\)/);
    expect(readdirSync(fx.dir)).not.toContain("typo.duckdb");
  });

  it("refuses a table named as the sync state that is not the store's", async () => {
    const theirs = join(fx.dir, "theirs.duckdb");
    await withDuckDB(theirs, "CREATE TABLE FOUNTFRAME_SYNC (a INTEGER)");
    await expect(readTrackedTables(theirs)).rejects.toThrow(/that is not fountframe's sync state/);
  });
});
