import { copyFileSync } from "node:fs";
import { join } from "node:path";
import { ValidationError } from "../../src/errors";
import { openStore } from "../../src/store";
import { captureWarnings } from "../client/fixture";
import { useStoreFixture } from "./helpers/storeFixture";

const TOKEN = "recreated-table-token";
const STUDIES = { studies: [1, 2, 3], metricKeys: "differentiation" };

/**
 * A tracked table dropped by its owner and made again under the same name, with the owner's rows
 * and columns, is not the store's (issue 43): a sync refuses it as a table the store did not make,
 * unless mode "full" with replaceUntrackedTable, and never writes into it.
 */
describe("a sync of a tracked table made again by someone else", () => {
  const fx = useStoreFixture(TOKEN);
  const file = () => join(fx.dir, "fount.duckdb");
  const values = async (sql: string) => (await fx.store.query(sql)).values;
  const columnsOf = (table: string) =>
    values(`SELECT column_name FROM duckdb_columns() WHERE table_name = '${table}' ORDER BY column_index`).then((rows) => rows.flat());
  const reopened = (...statements: string[]) => fx.byAnotherTool(...statements);
  /** the store closed, `table` dropped and made again by its owner with their columns and rows, the store opened again */
  const remade = (table: string, columns: string, rows: string) =>
    reopened(`DROP TABLE ${table}`, `CREATE TABLE ${table} (${columns})`, `INSERT INTO ${table} VALUES ${rows}`);
  /** the mark the state keeps, and the table's comment: the mark written as the store writes it */
  const expectMarked = async (table: string) => {
    const rows = await values(
      `SELECT s.table_mark, t.comment FROM fountframe_sync s JOIN duckdb_tables() t ON t.table_name = s."table" WHERE s."table" = '${table}'`,
    );
    const [mark, comment] = rows[0] as unknown[];
    expect(mark).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(comment).toBe(`fountframe sync ${String(mark)}`);
  };
  const refusal = (table: string) =>
    new RegExp(
      `^table: ${table} is a table this store did not make \\(fountframe tracks a sync into ${table}, but this table is not the one it made`,
    );

  it("refuses a resource's table in either mode, before any request, its owner's rows untouched; replaceUntrackedTable replaces it", async () => {
    const first = await fx.client.sync(fx.store, "brands", {});
    await remade("brands", "id INTEGER, mine VARCHAR", "(1, 'mine'), (100000, 'mine too')");
    fx.emulator.resetStats();
    for (const options of [{}, { mode: "full" as const }, { table: "BRANDS" }]) {
      const refused = fx.client.sync(fx.store, "brands", options);
      await expect(refused).rejects.toBeInstanceOf(ValidationError);
      await expect(refused).rejects.toThrow(refusal("brands"));
    }
    expect(fx.emulator.stats.log).toHaveLength(0);
    expect(await columnsOf("brands")).toEqual(["id", "mine"]);
    expect(await values("SELECT * FROM brands ORDER BY id")).toEqual([
      [1, "mine"],
      [100000, "mine too"],
    ]);

    const replaced = await fx.client.sync(fx.store, "brands", { mode: "full", replaceUntrackedTable: true });
    // the owner's two rows went: counted as removed
    expect(replaced).toMatchObject({ table: "brands", mode: "full", rows: first.rows, added: first.rows, removed: 2 });
    expect(await columnsOf("brands")).not.toContain("mine");
    await expectMarked("brands");
    expect(await fx.client.sync(fx.store, "brands", {})).toMatchObject({ mode: "incremental", rows: first.rows });
  });

  it("keeps its mark through a close and reopen, and through the store's own ALTER TABLE: the runs after are incremental", async () => {
    await fx.client.sync(fx.store, "brands", {});
    await fx.store.close();
    fx.store = await openStore(file());
    const drifts = [
      { field: "bav_id", value: 1.5, drift: { widenedColumns: ["bav_id: BIGINT -> DOUBLE"] } },
      { field: "sector_id", value: "x", drift: { widenedColumns: ["sector_id: BIGINT -> VARCHAR"] } },
      { field: "nickname", value: "b", drift: { addedColumns: ["nickname"] } },
    ];
    for (const [index, { field, value, drift }] of drifts.entries()) {
      fx.emulator.revise({ resource: "brands", ids: [5 + index] });
      fx.emulator.setFaults([{ kind: "revised", resource: "brands", field, value }]);
      // the column of numbers turned text says so in a warning (numbersMadeText.test.ts)
      const { result } = await captureWarnings(() => fx.client.sync(fx.store, "brands", {}));
      expect(result).toMatchObject({ mode: "incremental", ...drift });
    }
    fx.emulator.setFaults([]);
    expect(await fx.client.sync(fx.store, "brands", {})).toMatchObject({ mode: "incremental" });
  });

  it("marks the table of a store made before marks were kept, so that its next making again is caught", async () => {
    const first = await fx.client.sync(fx.store, "brands", {});
    await reopened("ALTER TABLE fountframe_sync DROP COLUMN table_mark", "COMMENT ON TABLE brands IS NULL");
    expect(await values("SELECT table_mark FROM fountframe_sync")).toEqual([[null]]);
    expect(await fx.client.sync(fx.store, "brands", {})).toMatchObject({ mode: "incremental", rows: first.rows });
    await expectMarked("brands");

    await remade("brands", "id INTEGER, mine VARCHAR", "(1, 'mine')");
    await expect(fx.client.sync(fx.store, "brands", {})).rejects.toThrow(refusal("brands"));
    expect(await values("SELECT * FROM brands")).toEqual([[1, "mine"]]);
  });

  it("refuses brandscape data made again, and replaces it study by study with replaceUntrackedTable", async () => {
    const first = await fx.client.sync(fx.store, "brandscapeData", STUDIES);
    await remade("brandscape_data", "id INTEGER, study_id INTEGER, mine VARCHAR", "(1, 1, 'mine'), (2, 9, 'mine too')");
    fx.emulator.revise({ studies: [2] });
    fx.emulator.resetStats();
    for (const options of [STUDIES, { ...STUDIES, mode: "full" as const }]) {
      const refused = fx.client.sync(fx.store, "brandscapeData", options);
      await expect(refused).rejects.toBeInstanceOf(ValidationError);
      await expect(refused).rejects.toThrow(refusal("brandscape_data"));
    }
    expect(fx.emulator.stats.log).toHaveLength(0);
    expect(await values("SELECT * FROM brandscape_data ORDER BY id")).toEqual([
      [1, 1, "mine"],
      [2, 9, "mine too"],
    ]);

    const replaced = await fx.client.sync(fx.store, "brandscapeData", { ...STUDIES, mode: "full", replaceUntrackedTable: true });
    expect(replaced).toMatchObject({ mode: "full", rows: first.rows, partitions: { replaced: [1, 2, 3], removed: [] } });
    expect(await columnsOf("brandscape_data")).not.toContain("mine");
    expect(await fx.client.sync(fx.store, "brandscapeData", STUDIES)).toMatchObject({
      mode: "incremental",
      partitions: { replaced: [], removed: [] },
    });
  });

  it("marks brandscape data in the transaction that makes it: a replacing run stopped after a study is finished by the next", async () => {
    const first = await fx.client.sync(fx.store, "brandscapeData", STUDIES);
    await remade("brandscape_data", "id INTEGER, study_id INTEGER, mine VARCHAR", "(1, 9, 'mine')");
    // study 1 is pulled alone first (12 pages of 100) and committed; the pull of studies 2 and 3 (20 pages) fails at its 15th
    fx.emulator.setFaults([{ kind: "status", status: 500, resource: "brandscape-data", page: 15 }]);
    const replacing = { ...STUDIES, mode: "full" as const, replaceUntrackedTable: true, perPage: 100 };
    await expect(fx.client.sync(fx.store, "brandscapeData", replacing)).rejects.toThrow();
    fx.emulator.setFaults([]);
    expect(await values("SELECT DISTINCT study_id FROM brandscape_data")).toEqual([[1]]);
    expect(await columnsOf("brandscape_data")).not.toContain("mine");
    await expectMarked("brandscape_data");
    expect(await fx.client.sync(fx.store, "brandscapeData", STUDIES)).toMatchObject({
      mode: "incremental",
      rows: first.rows,
      partitions: { replaced: [2, 3], removed: [] },
    });
  });
  it("reads the mark of the store's own table, not of a copy of the store attached beside it", async () => {
    await fx.client.sync(fx.store, "brands", {});
    await fx.store.close();
    const copy = join(fx.dir, "copy.duckdb");
    copyFileSync(file(), copy);
    fx.store = await openStore(file());
    await fx.store.query(`ATTACH '${copy}' AS copy (READ_ONLY)`);
    await fx.store.query("DROP TABLE brands; CREATE TABLE brands (id INTEGER, mine VARCHAR); INSERT INTO brands VALUES (1, 'mine')");
    await expect(fx.client.sync(fx.store, "brands", {})).rejects.toThrow(refusal("brands"));
    expect(await values("SELECT * FROM brands")).toEqual([[1, "mine"]]);
  });
});
