import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { recordsToFrame } from "../../src/rows/rowShape";
import { frameToText } from "../../src/display/frameToText";
import { openStore } from "../../src/store";

// danfo gives a frame a property per column over its own: a column named `columns` made every read
// of the frame recurse until the stack overflowed. Such a column is read with frame.column(name).
const NAMES = ["id", "columns", "index", "values", "shape", "count", "dtypes", "$data", "", "0"];

test("columns named as danfo's own properties: the frame keeps its names, shape and text, each column reads back", async () => {
  const record = Object.fromEntries(NAMES.map((name, at) => [name, at + 1]));
  const frame = await recordsToFrame([record]);
  // an object lists the key "0" first
  expect(frame.columns).toEqual(Object.keys(record));
  expect(frame.shape).toEqual([1, NAMES.length]);
  NAMES.forEach((name, at) => expect(frame.column(name).values).toEqual([at + 1]));
  expect(frame.head(1).columns).toEqual(Object.keys(record));
  expect(frameToText(frame)).toContain("columns");
  // a plain column keeps its property
  expect((Reflect.get(frame, "id") as { values: unknown[] }).values).toEqual([1]);
});

test("a store query answering a column named columns is a frame like any other", async () => {
  const dir = mkdtempSync(join(tmpdir(), "fountframe-names-"));
  const store = await openStore(join(dir, "fount.duckdb"));
  try {
    const frame = await store.query("SELECT 2 AS columns, 3 AS count");
    expect(frame.columns).toEqual(["columns", "count"]);
    expect(frame.column("columns").values).toEqual([2]);
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
