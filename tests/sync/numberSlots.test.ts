import { DuckDBInstance } from "@duckdb/node-api";
import * as duckdb from "@duckdb/node-api";
import { gatherPageChunk } from "../../src/table/pageChunk";
import type { RowShape } from "../../src/table/types";
import { RowAppends } from "../../src/store/stagedRows";
import { NumberSlots } from "../../src/store/numberSlots";
import { ColumnCounts } from "../../src/table/columnCounts";
import type { ColumnType } from "../../src/table/columnType";

const SHAPE: RowShape = { stackData: false, globalIncludes: new Set() };
const EDGES = [0, -1, 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 32, -(2 ** 32), 2 ** 53 - 1, -(2 ** 53 - 1), 3_000_000_123];

/** Records of `count` rows from `start`: whole numbers (the edges of 32 and 53 bits among them) and fractions. */
function records(start: number, count: number, withNumbers = true) {
  return Array.from({ length: count }, (_, k) => {
    const id = start + k;
    return withNumbers ? { id, whole: EDGES[id % EDGES.length] * (id % 3 === 0 ? 1 : -1) || id, part: id / 7 - 100 } : { id };
  });
}

async function appended(parts: { records: Record<string, unknown>[]; rows?: number[] }[]) {
  const instance = await DuckDBInstance.create(":memory:");
  const connection = await instance.connect();
  await connection.run("CREATE TABLE t (id BIGINT, whole BIGINT, part DOUBLE)");
  const appender = await connection.createAppender("t");
  const columns: [string, ColumnType][] = [
    ["id", "int64"],
    ["whole", "int64"],
    ["part", "double"],
  ];
  const chunkRows = parts.map(({ records: page, rows }) => ({
    chunk: gatherPageChunk(page, SHAPE),
    ...(rows ? { rows: Int32Array.from(rows) } : {}),
  }));
  new RowAppends(duckdb, new ColumnCounts()).append(appender, columns, chunkRows);
  appender.closeSync();
  const reader = await connection.runAndReadAll("SELECT id, whole, part FROM t ORDER BY id");
  const rows = reader.getRows().map(([id, whole, part]) => [Number(id), whole === null ? null : Number(whole), part]);
  connection.closeSync();
  instance.closeSync();
  return rows;
}

/** The appender's DOUBLE and BIGINT columns written straight into the node API's vectors. */
describe("numbers into DuckDB's vectors", () => {
  it("finds the node API's number vectors (a later node API without them falls back to setItem)", async () => {
    const chunk = duckdb.DuckDBDataChunk.create([duckdb.DOUBLE, duckdb.BIGINT, duckdb.VARCHAR]);
    chunk.rowCount = 2048;
    expect(NumberSlots.of(chunk.getColumnVector(0), "double")).toBeDefined();
    expect(NumberSlots.of(chunk.getColumnVector(1), "int64")).toBeDefined();
    expect(NumberSlots.of(chunk.getColumnVector(2), "utf8")).toBeUndefined();
    // a vector without the node API's fields (a later version's): the cells go through setItem
    const otherVector: Parameters<typeof NumberSlots.of>[0] = Object.create(chunk.getColumnVector(0).constructor.prototype);
    expect(NumberSlots.of(otherVector, "double")).toBeUndefined();
  });

  it("writes whole numbers to 53 bits either side of zero, fractions, rows picked from a chunk and columns a chunk lacks", async () => {
    // batches of 2,048 rows cross the parts; the part without numbers leaves a validity mask behind
    // that the later batches' rows must set valid again
    const parts = [
      { records: records(0, 1500) },
      { records: records(1500, 900, false) },
      { records: records(2400, 3000), rows: Array.from({ length: 1500 }, (_, k) => 2 * k + 1) },
      { records: records(5400, 2100) },
    ];
    const expected = parts.flatMap(({ records: page, rows }) =>
      (rows ? rows.map((row) => page[row]) : page).map((record) => [
        record.id,
        (record as { whole?: number }).whole ?? null,
        (record as { part?: number }).part ?? null,
      ]),
    );
    expect(await appended(parts)).toEqual(expected);
  });

  it("takes a whole number past 53 bits as the cell conversion does, and refuses a fraction in a BIGINT", async () => {
    expect(await appended([{ records: [{ id: 1, whole: 2 ** 60, part: 1 }] }])).toEqual([[1, 2 ** 60, 1]]);
    await expect(appended([{ records: [{ id: 1, whole: 1.5, part: 1 }] }])).rejects.toThrow();
  });
});
