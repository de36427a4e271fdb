/**
 * Parquet and Arrow take a danfo frame by its columns (frameColumnSlice, src/frame/danfo): a
 * fountframe frame's rows are never made, and every kind of frame (fountframe's, danfo's own, one in
 * low-memory mode, one whose column danfo holds as a Series, an object shaped like a frame) writes
 * the same file of the same cells. Records with `flatten: false` are cut into columns by the one
 * transpose (chunkOfRows).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DataFrame, Series } from "../../src/danfo";
import { writeArrow, writeParquet } from "../../src/export";
import { tableToFrame } from "../../src/frame/finishTable";
import type { ColumnTable } from "../../src/table/types";
import { duckRows, sqlText } from "./duckdb";
import { tempFolder } from "../helpers/tempFolder";

const dir = tempFolder("fountframe-frame-columns-");

/** Three slices of the writers' 5,000 rows and a few over: numbers with gaps, text with nulls, booleans. */
const ROWS = 12_003;
const TABLE: ColumnTable = {
  columns: ["id", "score", "name", "flag"],
  dtypes: ["int32", "float32", "string", "boolean"],
  rowCount: ROWS,
  data: [
    Array.from({ length: ROWS }, (_unused, row) => row + 1),
    Array.from({ length: ROWS }, (_unused, row) => (row % 7 === 0 ? NaN : row / 4)),
    Array.from({ length: ROWS }, (_unused, row) => (row % 5 === 0 ? null : `n${row}`)),
    Array.from({ length: ROWS }, (_unused, row) => (row % 3 === 0 ? null : row % 2 === 0)),
  ],
};

const rowsOf = (table: ColumnTable): unknown[][] =>
  Array.from({ length: table.rowCount }, (_unused, row) => table.data.map((cells) => cells[row]));

function rowsMade(frame: DataFrame): boolean {
  return Object.getOwnPropertyDescriptor(frame, "$data")?.get === undefined;
}

const WRITERS = [
  ["parquet", writeParquet],
  ["arrow", writeArrow],
] as const;

describe.each(WRITERS)("%s", (format, write) => {
  async function written(name: string, frame: unknown): Promise<Buffer> {
    const path = join(dir, `${name}.${format}`);
    const summary = await write(frame as DataFrame, path);
    expect(summary.rows).toBe(ROWS);
    return readFileSync(path);
  }

  test("a fountframe frame is written from its columns: its rows are not made, and danfo's own frame writes the same file", async () => {
    const lazy = await tableToFrame(TABLE);
    const fromColumns = await written("lazy", lazy);
    expect(rowsMade(lazy)).toBe(false);
    const danfo = new DataFrame(rowsOf(TABLE), { columns: [...TABLE.columns], dtypes: [...TABLE.dtypes] });
    expect(await written("danfo", danfo)).toEqual(fromColumns);
    const lowMemory = new DataFrame(rowsOf(TABLE), {
      columns: [...TABLE.columns],
      dtypes: [...TABLE.dtypes],
      config: { lowMemoryMode: true },
    });
    expect(await written("low-memory", lowMemory)).toEqual(fromColumns);
    expect(await written("shaped", { columns: TABLE.columns, values: rowsOf(TABLE) })).toEqual(fromColumns);
    // its rows made (read once), it is danfo's own frame: the same file
    expect(lazy.values).toHaveLength(ROWS);
    expect(await written("made", lazy)).toEqual(fromColumns);
  }, 60_000);

  test("a column danfo holds as a Series (assigned one) is written from the frame's rows, as it reads", async () => {
    const frame = new DataFrame(rowsOf(TABLE), { columns: [...TABLE.columns], dtypes: [...TABLE.dtypes] });
    const ids = Array.from({ length: ROWS }, (_unused, row) => -row);
    frame["id"] = new Series(ids);
    const expected = { ...TABLE, data: [ids, ...TABLE.data.slice(1)] };
    const same = new DataFrame(rowsOf(expected), { columns: [...TABLE.columns], dtypes: [...TABLE.dtypes] });
    expect(await written("series-column", frame)).toEqual(await written("series-expected", same));
  }, 60_000);
});

test("records with flatten: false: nested values as JSON text, a key a record lacks null, numbers as numbers", async () => {
  const records = [
    { id: 1, score: 2.5, tags: ["a", "b"], brand: { name: "x" } },
    { id: 2, tags: [] },
    { id: 3, score: 4, brand: null, late: "t" },
  ];
  const path = join(dir, "unflattened.parquet");
  const summary = await writeParquet(records, path, { flatten: false });
  expect(summary.columns).toEqual(["id", "score", "tags", "brand", "late"]);
  expect(await duckRows(`SELECT id::INTEGER AS id, score, tags, brand, late FROM read_parquet(${sqlText(path)}) ORDER BY id`)).toEqual([
    { id: 1, score: 2.5, tags: '["a","b"]', brand: '{"name":"x"}', late: null },
    { id: 2, score: null, tags: "[]", brand: null, late: null },
    { id: 3, score: 4, tags: null, brand: null, late: "t" },
  ]);
});
