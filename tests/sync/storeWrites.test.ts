import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ColumnTable } from "../../src/table/types";
import { openStore, type Store } from "../../src/store";
import { STORE_SESSION, type RowScope, type SessionHolder } from "../../src/store/types";
import { ValidationError } from "../../src/errors";

const table = (columns: Record<string, unknown[]>, dtypes: ColumnTable["dtypes"]): ColumnTable => ({
  columns: Object.keys(columns),
  data: Object.values(columns),
  dtypes,
  rowCount: Object.values(columns)[0].length,
});

/** The store's side of schema drift and typing: nothing here crosses the wire. */
describe("store writes", () => {
  let dir: string;
  let store: Store;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "fountframe-store-"));
    store = await openStore(join(dir, "s.duckdb"));
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const write = (rows: ColumnTable, scope: RowScope = { kind: "ids" }) =>
    (store as Store & SessionHolder)[STORE_SESSION]((session) =>
      session.transaction(async (writes) => {
        await writes.stage(rows);
        return writes.writeStaged("t", scope);
      }),
    );
  const types = async () =>
    (await store.query("SELECT column_name, data_type FROM information_schema.columns WHERE table_name = 't' ORDER BY ordinal_position"))
      .values;

  it("types columns as the table model does, and widens a column whose type widened", async () => {
    await write(
      table({ id: [1, 2], n: [1, 2], flag: [true, false], at: ["2020-03-02T10:05:01.000000Z", null], code: ["056", "1"] }, [
        "int32",
        "int32",
        "boolean",
        "string",
        "string",
      ]),
    );
    expect(await types()).toEqual([
      ["id", "BIGINT"],
      ["n", "BIGINT"],
      ["flag", "BOOLEAN"],
      ["at", "TIMESTAMP"],
      ["code", "VARCHAR"],
    ]);
    const report = await write(table({ id: [2, 3], n: [2.5, 3], extra: ["x", "y"] }, ["int32", "float32", "string"]));
    expect(report).toMatchObject({
      added: 1,
      updated: 1,
      removed: 0,
      rows: 3,
      addedColumns: ["extra"],
      widenedColumns: ["n: BIGINT -> DOUBLE"],
    });
    expect(await types()).toEqual([
      ["id", "BIGINT"],
      ["n", "DOUBLE"],
      ["flag", "BOOLEAN"],
      ["at", "TIMESTAMP"],
      ["code", "VARCHAR"],
      ["extra", "VARCHAR"],
    ]);
    const again = await write(table({ id: [3], n: ["three"] }, ["int32", "string"]));
    expect(again.widenedColumns).toEqual(["n: DOUBLE -> VARCHAR"]);
    expect((await store.query("SELECT id, n, code FROM t ORDER BY id")).values).toEqual([
      [1, "1.0", "056"],
      [2, "2.5", null],
      [3, "three", null],
    ]);
  });

  it("counts only rows whose values changed as updated", async () => {
    await write(table({ id: [1, 2], v: [1, 2] }, ["int32", "int32"]));
    expect(await write(table({ id: [1, 2], v: [1, 5] }, ["int32", "int32"]))).toMatchObject({ added: 0, updated: 1, removed: 0 });
  });

  it("names a bad table or partition column for writeParquet", async () => {
    await write(table({ id: [1], v: [1] }, ["int32", "int32"]));
    await expect(store.writeParquet("nope", dir)).rejects.toThrow(ValidationError);
    await expect(store.writeParquet("t", dir, { partitionBy: ["w"] })).rejects.toThrow(/^partitionBy: columns of t \(id, v\), got w/);
  });
});
