import { join } from "node:path";
import { ValidationError } from "../../src/errors";
import { tempFolder } from "../helpers/tempFolder";
import { usePagedStore } from "./helpers/pagedService";

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

  it("a tracked table whose id column was renamed: refused naming it, nothing written; renamed back, the run goes on", async () => {
    held.service.serve(twoRows);
    await held.client.sync(held.store, "brands", { mode: "full" });
    await held.store.query("ALTER TABLE brands RENAME COLUMN id TO xid");
    held.service.serve(revised);
    for (const mode of ["auto", "full"] as const)
      await expect(held.client.sync(held.store, "brands", { mode })).rejects.toThrow(
        /^brands: a table whose rows a sync keys by their id column, which this table no longer has .*rename that column back to id/,
      );
    expect((await held.store.query("SELECT xid, name FROM brands ORDER BY xid")).values).toEqual([
      [1, "a"],
      [2, "b"],
    ]);
    await held.store.query("ALTER TABLE brands RENAME COLUMN xid TO id");
    expect(await held.client.sync(held.store, "brands", { mode: "full" })).toMatchObject({ rows: 3, added: 1 });
  });
});
