import { readdirSync } from "node:fs";
import { join } from "node:path";
import { ValidationError } from "../../src/errors";
import { ExportError, writeExcel } from "../../src/export";
import { sheetName } from "../../src/export/excelSheets";
import { pagesOf, readSheet, sheetNames } from "./exportFixtures";
import { tempFolder } from "../helpers/tempFolder";

const dir = tempFolder("fountframe-sheets-");

const rows = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => ({ id: from + index, name: `brand ${from + index}` }));

test("a sheet may hold Excel's 1,048,576 rows, the header included (one more is refused below)", async () => {
  const summary = await writeExcel(rows(1, 2), join(dir, "largest.xlsx"), { maxRowsPerSheet: 1_048_575 });
  expect(summary.sheets).toEqual(["data"]);
});

test("past the sheet limit the rows go on in data_2, data_3, ..., each with the header", async () => {
  const path = join(dir, "split.xlsx");
  const summary = await writeExcel(pagesOf(rows(1, 2), rows(3, 7), rows(8, 8)), path, { maxRowsPerSheet: 3 });
  expect(summary).toMatchObject({ rows: 8, sheets: ["data", "data_2", "data_3"] });
  expect(await sheetNames(path)).toEqual(["data", "data_2", "data_3"]);
  expect((await readSheet(path, "data")).rows).toEqual(rows(1, 3));
  expect((await readSheet(path, "data_2")).rows).toEqual(rows(4, 6));
  expect(await readSheet(path, "data_3")).toEqual({ header: ["id", "name"], rows: rows(7, 8) });
});

test("exactly full: no empty extra sheet", async () => {
  const summary = await writeExcel(rows(1, 6), join(dir, "full.xlsx"), { maxRowsPerSheet: 3, sheetName: "brands" });
  expect(summary.sheets).toEqual(["brands", "brands_2"]);
});

test('onSheetOverflow "raise" refuses instead, and leaves no file', async () => {
  await expect(writeExcel(rows(1, 4), join(dir, "over.xlsx"), { maxRowsPerSheet: 3, onSheetOverflow: "raise" })).rejects.toThrow(
    ExportError,
  );
  expect(readdirSync(dir).filter((name) => name.includes("over"))).toEqual([]);
});

test("sheet names stay within Excel's rules", () => {
  expect(sheetName("data", 1)).toBe("data");
  expect(sheetName("a".repeat(40), 12)).toBe(`${"a".repeat(28)}_12`);
});

test.each([
  [{ maxRowsPerSheet: 0 }, "maxRowsPerSheet"],
  [{ maxRowsPerSheet: 1_048_576 }, "maxRowsPerSheet"], // Excel's rows, the header included: one data row too many
  [{ sheetName: "''" }, "sheetName"],
  [{ onSheetOverflow: "wrap" as "split" }, "onSheetOverflow"],
])("bad options are refused before writing: %j", async (options, parameter) => {
  await expect(writeExcel(rows(1, 1), join(dir, "bad.xlsx"), options)).rejects.toMatchObject({ parameter });
  await expect(writeExcel(rows(1, 1), join(dir, "bad.xlsx"), options)).rejects.toThrow(ValidationError);
});
