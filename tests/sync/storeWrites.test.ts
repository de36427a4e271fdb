import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PageChunk } from "../../src/table/types";
import { gatherPageChunk } from "../../src/table/pageChunk";
import { rowShapeOf } from "../../src/rows/rowShape";
import { openStore, type Store } from "../../src/store";
import { STORE_SESSION, type RowScope, type SessionHolder } from "../../src/sync/types";
import { ValidationError } from "../../src/errors";

/** A page of records given column by column, as the pull hands it to the store: one column chunk. */
const table = (columns: Record<string, unknown[]>): PageChunk => {
  const names = Object.keys(columns);
  const records = Object.values(columns)[0].map((_, row) => Object.fromEntries(names.map((name) => [name, columns[name][row]])));
  return gatherPageChunk(records, rowShapeOf());
};

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
  const write = (rows: PageChunk, scope: RowScope = { kind: "ids" }) =>
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
    await write(table({ id: [1, 2], n: [1, 2], flag: [true, false], at: ["2020-03-02T10:05:01.000000Z", null], code: ["056", "1"] }));
    expect(await types()).toEqual([
      ["id", "BIGINT"],
      ["n", "BIGINT"],
      ["flag", "BOOLEAN"],
      ["at", "TIMESTAMP"],
      ["code", "VARCHAR"],
    ]);
    const report = await write(table({ id: [2, 3], n: [2.5, 3], extra: ["x", "y"] }));
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
    const again = await write(table({ id: [3], n: ["three"] }));
    expect(again.widenedColumns).toEqual(["n: DOUBLE -> VARCHAR"]);
    expect((await store.query("SELECT id, n, code FROM t ORDER BY id")).values).toEqual([
      [1, "1.0", "056"],
      [2, "2.5", null],
      [3, "three", null],
    ]);
  });

  it("counts only rows whose values changed as updated", async () => {
    await write(table({ id: [1, 2], v: [1, 2] }));
    expect(await write(table({ id: [1, 2], v: [1, 5] }))).toMatchObject({ added: 0, updated: 1, removed: 0 });
  });

  it("names a bad table or partition column for writeParquet", async () => {
    await write(table({ id: [1], v: [1] }));
    await expect(store.writeParquet("nope", dir)).rejects.toThrow(ValidationError);
    await expect(store.writeParquet("t", dir, { partitionBy: ["w"] })).rejects.toThrow(/^partitionBy: columns of t \(id, v\), got w/);
  });
});
