import { existsSync, mkdirSync, rmSync, symlinkSync } from "node:fs";
import { join, relative } from "node:path";
import { openStore } from "../../src/store";
import { useStoreFixture } from "./helpers/storeFixture";

const TOKEN = "attached-databases-token";

/**
 * A database the user attaches to the store's connection (`ATTACH ... AS other`) holds tables of
 * its own, in its own `main` schema: they are not the store's, whatever their names.
 */
describe("the store's tables, beside an attached database's", () => {
  const fx = useStoreFixture(TOKEN);
  const attachOther = async () => {
    await fx.store.query(`ATTACH '${join(fx.dir, "other.duckdb")}' AS other`);
    await fx.store.query("CREATE TABLE other.main.brands (mine VARCHAR)");
    await fx.store.query("INSERT INTO other.main.brands VALUES ('theirs')");
  };

  it("a sync into a name only the other database holds is the store's first run", async () => {
    await attachOther();
    const first = await fx.client.sync(fx.store, "brands", {});
    expect(first).toMatchObject({ mode: "full", removed: 0 });
    expect(first.rows).toBeGreaterThan(0);
    const theirs = await fx.store.query("SELECT * FROM other.main.brands");
    expect(theirs.columns).toEqual(["mine"]);
    expect(theirs.column("mine").values).toEqual(["theirs"]);
    expect(await fx.client.sync(fx.store, "brands", {})).toMatchObject({ mode: "incremental", rows: first.rows });
  });

  it("writeParquet knows only the store's tables, and reads the columns of the store's own", async () => {
    await attachOther();
    await expect(fx.store.writeParquet("brands", join(fx.dir, "out"))).rejects.toThrow(/a table of this store \(none yet\), got brands/);
    await fx.client.sync(fx.store, "brands", { fields: ["id", "name", "updated_at"] });
    await fx.store.writeParquet("brands", join(fx.dir, "out"), { partitionBy: ["name"] });
    await expect(fx.store.writeParquet("brands", join(fx.dir, "out2"), { partitionBy: ["mine"] })).rejects.toThrow(
      /columns of brands \(id, name, updated_at, sector_id, sector_name\), got mine/,
    );
    expect(existsSync(join(fx.dir, "out2"))).toBe(false);
  });

  it("fits the store's table to the pull, not an attached table of the same name", async () => {
    const first = await fx.client.sync(fx.store, "brands", {});
    await fx.store.query(`ATTACH '${join(fx.dir, "other.duckdb")}' AS other`);
    await fx.store.query("CREATE TABLE other.main.brands (id BIGINT, name BIGINT, nickname VARCHAR)");
    fx.emulator.revise({ resource: "brands", ids: [5] });
    fx.emulator.setFaults([{ kind: "revised", resource: "brands", field: "nickname", value: "b" }]);
    expect(await fx.client.sync(fx.store, "brands", {})).toMatchObject({
      mode: "incremental",
      rows: first.rows,
      addedColumns: ["nickname"],
      widenedColumns: [],
    });
    expect((await fx.store.query("SELECT count(*) AS n FROM other.main.brands")).values).toEqual([[0]]);
  });

  it("refuses to attach a store this process has open, by any spelling, and keeps a file it attached from openStore", async () => {
    const first = await fx.client.sync(fx.store, "brands", {});
    const other = await openStore(join(fx.dir, "other.duckdb"));
    try {
      const otherFile = join(fx.dir, "other.duckdb");
      for (const [sql, params] of [
        [`ATTACH '${otherFile}' AS o`, undefined],
        [`ATTACH 'duckdb:${relative(process.cwd(), otherFile)}' AS o; CREATE TABLE o.main.t AS SELECT 1 AS x`, undefined],
        ["ATTACH $1 AS o", [otherFile]],
        // spellings a lexer of its own could misread: a dollar tag with a digit, a nested comment, a file URI, `~`
        [`SELECT $a1$'$a1$; ATTACH '${otherFile}' AS o; SELECT 1 --'`, undefined],
        [`/* /* */ ' */ ATTACH '${otherFile}' AS o; --'`, undefined],
        [`ATTACH 'file://${otherFile}' AS o`, undefined],
        [`SET home_directory = '${fx.dir}'; ATTACH '~/other.duckdb' AS o`, undefined],
      ] as const) {
        await expect(fx.store.query(sql, params)).rejects.toThrow(/^sql: SQL that attaches no open store: .* none of this SQL ran/);
      }
      const databases = async () => (await fx.store.query("SELECT database_name FROM duckdb_databases() ORDER BY 1")).values;
      const before = await databases();
      await expect(other.query(`ATTACH '${fx.store.path}' AS mine`)).rejects.toThrow(/SQL that attaches no open store/);
      await expect(fx.store.query(`ATTACH '${otherFile}' AS o`)).rejects.toThrow(/SQL that attaches no open store/);
      expect(await databases()).toEqual(before);
    } finally {
      await other.close();
    }
    // attached by the store's SQL, the file is open in this process: openStore refuses it until it is detached
    const third = join(fx.dir, "third.duckdb");
    await fx.store.query(`ATTACH '${third}' AS third`);
    await expect(openStore(third)).rejects.toThrow(/already open in this process/);
    await fx.store.query("DETACH third");
    await (await openStore(third)).close();
    expect(await fx.client.sync(fx.store, "brands", {})).toMatchObject({ mode: "incremental", rows: first.rows });
  });

  it("refuses SQL that reads, copies over or names an open store's file or its log, before it runs (round 11)", async () => {
    const first = await fx.client.sync(fx.store, "brands", {});
    const file = fx.store.path;
    for (const [sql, params] of [
      [`COPY (SELECT 1 AS a) TO '${file}' (FORMAT csv)`, undefined],
      [`COPY (SELECT 1 AS a) TO '${file}.wal' (FORMAT csv)`, undefined],
      [`SELECT * FROM read_blob('${relative(process.cwd(), file)}')`, undefined],
      ["SELECT * FROM read_text($1)", [`file://${file}`]],
      [`SELECT count(*) FROM '${file}'`, undefined],
    ] as const) {
      await expect(fx.store.query(sql, params)).rejects.toThrow(/^sql: SQL that reaches no open store's file: .* none of this SQL ran/);
    }
    // a name spelled across texts, a glob and SQL inside a text reach it too (round 13)
    const [stem, folder] = [file.slice(0, -".duckdb".length), fx.dir];
    for (const sql of [
      `COPY (SELECT 1 AS a) TO ('${stem}' || '.duckdb') (FORMAT csv)`,
      `SELECT size FROM read_blob(concat('${stem}', '.duck', 'db'))`,
      `SELECT size FROM read_blob('${stem}.duck*')`,
      `SELECT size FROM read_blob('${join(folder, "**")}')`,
      `COPY (SELECT 1 AS a) TO '${stem}.duckdb.wa?' (FORMAT csv)`,
      `SELECT * FROM query('SELECT size FROM read_blob(''${file}'')')`,
    ]) {
      await expect(fx.store.query(sql)).rejects.toThrow(/^sql: SQL that reaches no open store's file: .* none of this SQL ran/);
    }
    // listing files opens none of them, and a file of another name is read
    expect((await fx.store.query(`SELECT file FROM glob('${join(folder, "*.duckdb")}')`)).column("file").values).toEqual([file]);
    await fx.store.query(`COPY (SELECT 1 AS a) TO ('${stem}' || '.csv') (FORMAT csv)`);
    expect((await fx.store.query(`SELECT a FROM read_csv('${stem}.c?v')`)).column("a").values).toEqual([1]);
    // COPY with OVERWRITE empties the folder it writes: one holding an open store, at any depth, is refused (round 16)
    mkdirSync(join(folder, "nested"));
    const nested = await openStore(join(folder, "nested", "n.duckdb"));
    try {
      for (const target of [folder, join(folder, "nested")])
        await expect(
          fx.store.query(`COPY (SELECT 1 AS a, 2 AS b) TO '${target}' (FORMAT parquet, PARTITION_BY (a), OVERWRITE)`),
        ).rejects.toThrow(/is a folder holding a store this process has open, which COPY's OVERWRITE would empty/);
    } finally {
      await nested.close();
    }
    // a link inside the folder, at any depth, to the store's folder: DuckDB empties the store's folder through it (round 17)
    const exports = join(folder, "exports", "deeper");
    mkdirSync(exports, { recursive: true });
    symlinkSync(folder, join(exports, "data-link"));
    await expect(
      fx.store.query(`COPY (SELECT 1 AS a, 2 AS b) TO '${join(folder, "exports")}' (FORMAT parquet, PARTITION_BY (a), OVERWRITE)`),
    ).rejects.toThrow(
      /is a folder holding a link \(.*data-link\) to a folder holding a store this process has open, which COPY's OVERWRITE would empty/,
    );
    rmSync(join(folder, "exports"), { recursive: true });
    const beside = join(folder, "export");
    await fx.store.query(`COPY (SELECT 1 AS a, 2 AS b) TO '${beside}' (FORMAT parquet, PARTITION_BY (a), OVERWRITE)`);
    expect(existsSync(join(beside, "a=1"))).toBe(true);
    // a log of the store (WAL and mark) is named as such
    await expect(fx.store.query(`COPY (SELECT 1 AS a) TO '${file}.wal.fountframe'`)).rejects.toThrow(
      /is the log of a store this process has open/,
    );
    expect(await fx.client.sync(fx.store, "brands", {})).toMatchObject({ mode: "incremental", rows: first.rows });
    await fx.store.close();
    fx.store = await openStore(file);
    expect((await fx.store.tables()).map(({ table, rows }) => [table, rows])).toEqual([["brands", first.rows]]);
  });
});
