/**
 * int64 cells reach the Arrow file exactly: a page's whole numbers are kept as numbers up to the
 * encoder, which writes each as its two 32-bit halves; negative, past 32 bits and at the edge of
 * the safe range alike, and beside bigints.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { tableFromIPC } from "apache-arrow";
import { writeArrow } from "../../src/export";
import { tempFolder } from "../helpers/tempFolder";

const dir = tempFolder("fountframe-arrow-int64-");

const WHOLE = [0, 1, -1, 2 ** 31, -(2 ** 31) - 1, 2 ** 32, -(2 ** 32) - 5, 2 ** 53 - 1, -(2 ** 53 - 1), 123_456_789_012];

test.each([
  ["numbers in every row", WHOLE.map((n) => ({ whole: n }))],
  ["numbers beside a null", [...WHOLE.map((n) => ({ whole: n })), { whole: null }]],
])("an int64 column of %s is written exactly", async (_name, records) => {
  const path = join(dir, `${records.length}.arrow`);
  await writeArrow(records, path, { types: { whole: "int64" } });
  const column = tableFromIPC(readFileSync(path)).getChild("whole")!;
  expect(String(column.type)).toBe("Int64");
  expect(column.toArray().length).toBe(records.length);
  expect([...Array(records.length).keys()].map((row) => column.get(row))).toEqual(
    records.map(({ whole }) => (whole === null ? null : BigInt(whole))),
  );
});
