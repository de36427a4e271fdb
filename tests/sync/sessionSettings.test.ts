import { join } from "node:path";
import { ValidationError, ValueError } from "../../src/errors";
import { tempFolder } from "../helpers/tempFolder";
import { usePagedStore } from "./helpers/pagedService";
import { useStoreFixture } from "./helpers/storeFixture";

const dir = tempFolder("fountframe-session-settings-");

/** What a user's SQL sets for its session stays in its session: a sync never runs under it. */
describe("settings a user's SQL makes", () => {
  const held = usePagedStore(join(dir, "fount.duckdb"), 1);
  const twoRows = [[{ id: 1, name: "a" }], [{ id: 2, name: "b" }]];

  it("keeps them in the user's session: a time zone and a null order set there are not the sync's, and stay", async () => {
    held.service.serve(twoRows);
    await held.client.sync(held.store, "brands", {});
    await held.store.query("SET TimeZone = 'Asia/Kathmandu'; SET default_null_order = 'nulls_first'");
    expect((await held.store.query("SELECT current_setting('TimeZone') AS tz")).values).toEqual([["Asia/Kathmandu"]]);
    held.service.serve([...twoRows, [{ id: 3, name: "c" }]]);
    expect(await held.client.sync(held.store, "brands", { mode: "full" })).toMatchObject({ rows: 3, added: 1 });
    // the user's session keeps its own settings
    expect((await held.store.query("SELECT current_setting('TimeZone') AS tz")).values).toEqual([["Asia/Kathmandu"]]);
  });

  it("refuses SQL that leaves its session unable to run the store's checks, and gives the next query a new session", async () => {
    held.service.serve(twoRows);
    await held.client.sync(held.store, "brands", { mode: "full" });
    const refused = await held.store.query("SET max_expression_depth = 1").then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as Error).message).toMatch(
      /^sql: SQL that leaves its session usable: .*max_expression_depth.* the next query starts a new one/,
    );
    expect((await held.store.query("SELECT count(*) AS n FROM brands")).values).toEqual([[2]]);
    held.service.serve([...twoRows, [{ id: 3, name: "c" }]]);
    expect(await held.client.sync(held.store, "brands", { mode: "full" })).toMatchObject({ rows: 3, added: 1 });
  });

  it("keeps the sync from one that lets the store's checks run but not the sync's SQL (DuckDB's binder at depth 15)", async () => {
    held.service.serve(twoRows);
    await held.client.sync(held.store, "brands", { mode: "full" });
    await held.store.query("SET max_expression_depth = 15");
    held.service.serve([...twoRows, [{ id: 3, name: "c" }]]);
    expect(await held.client.sync(held.store, "brands", { mode: "full" })).toMatchObject({ rows: 3, added: 1 });
    await held.store.query("RESET max_expression_depth");
  });
});

/** A schema or another database named as the store's catalog takes none of a sync's writes; a renamed id column is refused by name. */
describe("names a user's SQL gives", () => {
  const held = usePagedStore(join(dir, "catalog.duckdb"), 1);
  const twoRows = [[{ id: 1, name: "a" }], [{ id: 2, name: "b" }]];
  const revised = [[{ id: 1, name: "a2" }], [{ id: 2, name: "b2" }], [{ id: 3, name: "c" }]];

  it("a schema fount_store in the store's file: the sync writes the store's table, the user's copy stays theirs", async () => {
    held.service.serve(twoRows);
    await held.client.sync(held.store, "brands", {});
    await held.store.query(
      "CREATE SCHEMA fount_store; CREATE TABLE fount_store.fount_store.brands AS SELECT * FROM fount_store.main.brands; UPDATE fount_store.fount_store.brands SET name = 'mine'",
    );
    held.service.serve(revised);
    expect(await held.client.sync(held.store, "brands", { mode: "full" })).toMatchObject({ rows: 3, added: 1 });
    expect((await held.store.query("SELECT name FROM fount_store.main.brands ORDER BY id")).column("name").values).toEqual([
      "a2",
      "b2",
      "c",
    ]);
    expect((await held.store.query("SELECT name FROM fount_store.fount_store.brands ORDER BY id")).column("name").values).toEqual([
      "mine",
      "mine",
    ]);
    expect((await held.store.tables()).map(({ table, rows }) => [table, rows])).toEqual([["brands", 3]]);
    await held.store.query("DROP SCHEMA fount_store.fount_store CASCADE");
  });

  it("another file attached under the store's name is taken off it, and the sync writes the store's file", async () => {
    held.service.serve(twoRows);
    await held.client.sync(held.store, "brands", { mode: "full" });
    const other = join(dir, "colleague.duckdb");
    await expect(held.store.query(`USE memory; DETACH fount_store; ATTACH '${other}' AS fount_store; USE fount_store`)).rejects.toThrow(
      /left the connection on fount_store\.main, fount_store another database/,
    );
    held.service.serve(revised);
    expect(await held.client.sync(held.store, "brands", { mode: "full" })).toMatchObject({ rows: 3, added: 1 });
    expect((await held.store.query("SELECT count(*) AS n FROM brands")).values).toEqual([[3]]);
    await held.store.query(`ATTACH '${other}' AS colleague (READ_ONLY)`);
    expect((await held.store.query("SELECT count(*) AS n FROM duckdb_tables() WHERE database_name = 'colleague'")).values).toEqual([[0]]);
    await held.store.query("DETACH colleague");
  });

  it("a column named rowid: a pull that brings one is refused, and so is a run turning a column of a table the user gave one to text", async () => {
    held.service.serve([[{ id: 1, n: 1 }], [{ id: 2, n: 2 }]]);
    await held.client.sync(held.store, "brands", { table: "with_rowid", mode: "full" });
    await held.store.query("ALTER TABLE with_rowid ADD COLUMN RowId BIGINT; UPDATE with_rowid SET RowId = 7");
    held.service.serve([[{ id: 1, n: 1 }], [{ id: 2, n: "n/a" }]]);
    await expect(held.client.sync(held.store, "brands", { table: "with_rowid", mode: "full" })).rejects.toThrow(
      /a table whose column "RowId" hides DuckDB's row ids, by which the run turns n to text; rename that column/,
    );
    expect((await held.store.query("SELECT id, n FROM with_rowid ORDER BY id")).values).toEqual([
      [1, 1],
      [2, 2],
    ]);
    held.service.serve([[{ id: 1, rowid: 5 }], [{ id: 2, rowid: 6 }]]);
    await expect(held.client.sync(held.store, "brands", { table: "pulled_rowid" })).rejects.toThrow(
      /the pull has a column named "rowid", which would hide DuckDB's row ids/,
    );
  });

  it("a table named f or gap (the names of the store's own statements' aliases once): a column turns text, a gap is asked about", async () => {
    // ids 1 and 3 on two pages: the full run asks the table for the stored ids between them
    for (const table of ["f", "k", "gap"]) {
      held.service.serve([[{ id: 1, n: 1 }], [{ id: 3, n: 2 }]]);
      await held.client.sync(held.store, "brands", { table, mode: "full" });
      held.service.serve([[{ id: 1, n: 1 }], [{ id: 3, n: "n/a" }]]);
      expect(await held.client.sync(held.store, "brands", { table, mode: "full" })).toMatchObject({
        widenedColumns: ["n: BIGINT -> VARCHAR"],
      });
      expect((await held.store.query(`SELECT n FROM "${table}" ORDER BY id`)).column("n").values).toEqual(["1", "n/a"]);
    }
  });

  it("a tracked table whose id column was renamed: refused naming it, nothing written; renamed back, the run goes on", async () => {
    held.service.serve(twoRows);
    await held.client.sync(held.store, "brands", { mode: "full" });
    await held.store.query("ALTER TABLE brands RENAME COLUMN id TO xid");
    held.service.serve(revised);
    for (const mode of ["auto", "full"] as const)
      await expect(held.client.sync(held.store, "brands", { mode })).rejects.toThrow(
        /^brands: a table whose rows a sync finds by their id column, which this table no longer has .*rename that column back to id/,
      );
    expect((await held.store.query("SELECT xid, name FROM brands ORDER BY xid")).values).toEqual([
      [1, "a"],
      [2, "b"],
    ]);
    await held.store.query("ALTER TABLE brands RENAME COLUMN xid TO id");
    expect(await held.client.sync(held.store, "brands", { mode: "full" })).toMatchObject({ rows: 3, added: 1 });
  });
});

/** Settings DuckDB keeps for the whole database (a plain SET of them too) change nothing a sync does. */
describe("database-wide settings a user's SQL makes", () => {
  const held = usePagedStore(join(dir, "database-wide.duckdb"), 1);
  const fx = useStoreFixture("session-settings-token");

  it("default_collation 'nocase': ids a4 and A4 stay two rows, counted as the service has them", async () => {
    held.service.serve([[{ id: "a4", name: "Food" }], [{ id: "A4", name: "Drink" }]]);
    await held.client.sync(held.store, "brands", {});
    await held.store.query("SET GLOBAL default_collation = 'nocase'");
    held.service.serve([[{ id: "a4", name: "Food" }], [{ id: "A4", name: "Drinks" }]]);
    expect(await held.client.sync(held.store, "brands", { mode: "full" })).toMatchObject({ added: 0, updated: 1, removed: 0, rows: 2 });
    expect((await held.store.query("SELECT id, name FROM brands ORDER BY name")).values).toEqual([
      ["A4", "Drinks"],
      ["a4", "Food"],
    ]);
    await held.store.query("RESET GLOBAL default_collation");
  });

  it("a brandscape table whose study_id column was renamed: refused naming it, nothing written", async () => {
    const query = { studies: [1, 2], metricKeys: [], table: "renamed_study" };
    await fx.client.sync(fx.store, "brandscapeData", query);
    await fx.store.query("ALTER TABLE renamed_study RENAME COLUMN study_id TO sid");
    fx.emulator.revise({ studies: [2] });
    for (const mode of ["auto", "full"] as const)
      await expect(fx.client.sync(fx.store, "brandscapeData", { ...query, mode })).rejects.toThrow(
        /^renamed_study: a table whose rows a sync finds by their study_id column, which this table no longer has/,
      );
    await fx.store.query("ALTER TABLE renamed_study RENAME COLUMN sid TO study_id");
    expect((await fx.client.sync(fx.store, "brandscapeData", query)).partitions).toEqual({ replaced: [2], removed: [] });
  });

  it("a memory_limit too low for a run: a ValueError saying so and how to raise it, nothing committed", async () => {
    await fx.store.query("SET memory_limit = '4MB'");
    const refused = await fx.client.sync(fx.store, "brands", { table: "low_memory" }).catch((error: unknown) => error);
    // DuckDB's RESET memory_limit resets the setting and not always the limit its buffers keep: a SET does
    await fx.store.query("SET memory_limit = '2GB'");
    expect(refused).toBeInstanceOf(ValueError);
    expect(String(refused)).toMatch(
      /Out of Memory Error.*; the store's DuckDB ran out of its memory_limit, which is too low for this run: raise it \(store\.query\("SET memory_limit/,
    );
    expect(await fx.store.tables()).not.toContainEqual(expect.objectContaining({ table: "low_memory" }));
    expect((await fx.client.sync(fx.store, "brands", { table: "low_memory" })).rows).toBeGreaterThan(0);
    await fx.store.query("RESET memory_limit");
  });

  it("default_order 'DESCENDING': a new study is appended into the table's own columns", async () => {
    const query = { countryCode: "BE", yearNumber: 2024, fields: ["id"], metricKeys: [] };
    await fx.client.sync(fx.store, "brandscapeData", query);
    await fx.store.query("SET default_order = 'DESCENDING'");
    const study = fx.emulator.addStudy({ country: "BE", year: 2024, brands: [1] });
    const report = await fx.client.sync(fx.store, "brandscapeData", query);
    expect(report.partitions).toEqual({ replaced: [study.id], removed: [] });
    await fx.store.query("SET default_order = 'ASCENDING'");
    const fresh = await fx.client.brandscapeData({ studies: [study.id], fields: ["id", "study_id"] });
    const stored = await fx.store.query(`SELECT id, study_id FROM brandscape_data WHERE study_id = ${study.id} ORDER BY id`);
    expect([stored.column("id").values, stored.column("study_id").values]).toEqual([
      fresh.column("id").values,
      fresh.column("study_id").values,
    ]);
  });
});

/** A user column with a DEFAULT is null in the rows a run writes, as any column the pull lacks. */
describe("a column of the user's with a DEFAULT", () => {
  const held = usePagedStore(join(dir, "defaults.duckdb"), 1);

  it("is null in the rows a run replaces, and an unchanged run counts nothing updated", async () => {
    const rows = [[{ id: 1, name: "a" }], [{ id: 2, name: "b" }]];
    held.service.serve(rows);
    await held.client.sync(held.store, "brands", {});
    // the rows there take the DEFAULT when the column is added: both hold a value the pull does not bring
    await held.store.query("ALTER TABLE brands ADD COLUMN note VARCHAR DEFAULT 'dflt'; UPDATE brands SET note = 'mine' WHERE id = 1");
    expect(await held.client.sync(held.store, "brands", { mode: "full" })).toMatchObject({ updated: 2 });
    expect((await held.store.query("SELECT note FROM brands ORDER BY id")).column("note").values).toEqual([null, null]);
    expect(await held.client.sync(held.store, "brands", { mode: "full" })).toMatchObject({ updated: 0 });
  });
});
