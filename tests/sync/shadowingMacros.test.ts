import { openStore } from "../../src/store";
import { useStoreFixture, withDuckDB } from "./helpers/storeFixture";

const TOKEN = "shadowing-macros-token";

/** A macro named like one of DuckDB's functions would be called by the store's own SQL: a run is refused until it goes. */
describe("macros named like DuckDB's own functions", () => {
  const fx = useStoreFixture(TOKEN);

  it.each([
    ["CREATE MACRO strftime(a, b) AS 'oops'", "fount_store.main.strftime", "DROP MACRO strftime"],
    ["CREATE MACRO duckdb_tables() AS TABLE SELECT 'x' AS table_name", "fount_store.main.duckdb_tables", "DROP MACRO TABLE duckdb_tables"],
    // DuckDB finds a function in any case
    ["CREATE MACRO STRFTIME(a, b) AS 'oops'", "fount_store.main.STRFTIME", "DROP MACRO STRFTIME"],
    ["CREATE MACRO \"Lower\"(x) AS 'zzz'", "fount_store.main.Lower", 'DROP MACRO "Lower"'],
  ])("%s: the run is refused naming it, the table as it was; dropped, the run goes on", async (create, named, drop) => {
    const first = await fx.client.sync(fx.store, "brands", {});
    const before = (await fx.store.query("SELECT * FROM brands ORDER BY id")).values;
    await fx.store.query(create);
    fx.emulator.revise({ resource: "brands", ids: [3] });
    await expect(fx.client.sync(fx.store, "brands", {})).rejects.toThrow(
      new RegExp(`^store: a store whose macros hide none of DuckDB's own functions: ${named.replace(/\./g, "\\.")} has the name`),
    );
    await expect(fx.client.sync(fx.store, "studies", {})).rejects.toThrow(/macros hide none/);
    await fx.store.query(drop);
    expect((await fx.store.query("SELECT * FROM brands ORDER BY id")).values).toEqual(before);
    expect(await fx.client.sync(fx.store, "brands", {})).toMatchObject({ mode: "incremental", rows: first.rows, updated: 1 });
  });

  it("a temporary macro stays in the session of the SQL that made it: the sync's own SQL never calls it", async () => {
    const first = await fx.client.sync(fx.store, "brands", {});
    await fx.store.query("CREATE TEMP MACRO lower(x) AS 'zzz'; CREATE TEMP MACRO strftime(a, b) AS 'oops'");
    fx.emulator.revise({ resource: "brands", ids: [3] });
    expect(await fx.client.sync(fx.store, "brands", {})).toMatchObject({ mode: "incremental", rows: first.rows, updated: 1 });
    expect((await fx.store.query("SELECT count(*) AS n FROM brands WHERE name = 'zzz' OR name = 'oops'")).values).toEqual([[0]]);
    expect((await fx.store.query("SELECT lower('A') AS said")).values).toEqual([["zzz"]]);
    await fx.store.query("DROP MACRO temp.main.lower; DROP MACRO temp.main.strftime");
  });

  it("a store file that holds such a macro is refused on opening, naming it, and opens once it is dropped", async () => {
    await fx.client.sync(fx.store, "brands", {});
    const file = fx.store.path;
    await fx.store.close();
    await withDuckDB(file, "CREATE MACRO lower(x) AS 'zzz'");
    await expect(openStore(file)).rejects.toThrow(/macros hide none of DuckDB's own functions: fount_store\.main\.lower has the name/);
    await withDuckDB(file, "DROP MACRO lower");
    fx.store = await openStore(file);
    expect((await fx.store.tables()).map((table) => table.table)).toEqual(["brands"]);
  });
});
