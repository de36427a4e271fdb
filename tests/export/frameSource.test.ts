import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { frameToText } from "../../src/display";
import { writeCSV, writeExcel, writeNDJSON } from "../../src/export";
import { recordsToFrame } from "../../src/rows/rowShape";
import { asCsvText, asJsonValue, expectRowsMatchFrame } from "../cli/helpers/frameCompare";
import { TRICKY, readSheet } from "./exportFixtures";
import { tempFolder } from "../helpers/tempFolder";

const dir = tempFolder("fountframe-frame-");

test("a frame is recognised by its shape, without loading danfo: records are not taken for one", async () => {
  const frameShaped = { columns: ["a"], values: [[1], [2]] };
  await writeCSV(frameShaped, join(dir, "shaped.csv"));
  expect(readFileSync(join(dir, "shaped.csv"), "utf8")).toBe("a\n1\n2\n");
  // an array of frame-shaped objects is records, not a frame: each object is one row
  await writeCSV([{ columns: "x", values: "y" }], join(dir, "records.csv"));
  expect(readFileSync(join(dir, "records.csv"), "utf8")).toBe("columns,values\nx,y\n");
  // @ts-expect-error -- neither a frame nor records, on purpose
  expect(() => frameToText({ records: [] })).toThrow("frame: a danfo DataFrame or an array of records");
});

test("a danfo frame written as CSV, NDJSON and Excel reads back as the frame", async () => {
  const frame = await recordsToFrame(TRICKY);
  await writeCSV(frame, join(dir, "frame.csv"), { escapeFormulas: false }); // formula cells: formulaCells.test.ts
  expectRowsMatchFrame(parse(readFileSync(join(dir, "frame.csv")), { columns: true }), frame, asCsvText);
  await writeNDJSON(frame, join(dir, "frame.ndjson"));
  const lines = readFileSync(join(dir, "frame.ndjson"), "utf8")
    .trimEnd()
    .split("\n")
    .map((line) => JSON.parse(line));
  expectRowsMatchFrame(lines, frame, asJsonValue);
  const summary = await writeExcel(frame, join(dir, "frame.xlsx"));
  expect(summary.columns).toEqual(frame.columns);
  const { rows } = await readSheet(join(dir, "frame.xlsx"));
  expect(typeof rows[0].share).toBe("number");
  // in a sheet: lists are JSON text, an empty string is an empty cell
  const asSheetValue = (value: unknown) => {
    if (Array.isArray(value)) return JSON.stringify(value);
    if (typeof value === "string") return value === "" ? null : value;
    return asJsonValue(value);
  };
  expectRowsMatchFrame(rows, frame, asSheetValue);
}, 30_000);

test("`columns` picks and orders a frame's columns", async () => {
  const frame = {
    columns: ["a", "b", "c"],
    values: [
      [1, "x", true],
      [2, null, false],
    ],
  };
  await writeCSV(frame, join(dir, "picked.csv"), { columns: ["c", "a", "zz"] });
  expect(readFileSync(join(dir, "picked.csv"), "utf8")).toBe("c,a,zz\ntrue,1,\nfalse,2,\n");
});
