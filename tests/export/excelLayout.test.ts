import { readFileSync } from "node:fs";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { writeCSV, writeExcel } from "../../src/export";
import { EXCEL_MAX_CELL_TEXT } from "../../src/export/cellText";
import { isoDate } from "../../src/export/excelCells";
import { WIDTH_SAMPLE_ROWS } from "../../src/export/excelSheets";
import { captureWarnings } from "../client/fixture";
import { pagesOf } from "./exportFixtures";
import { tempFolder } from "../helpers/tempFolder";

const dir = tempFolder("fountframe-layout-");

async function openSheet(path: string, name = "data"): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  return workbook.getWorksheet(name)!;
}

const RECORDS = [
  { id: 1, brand_name: "Coca-Cola", updated_at: "2020-03-02T10:05:01.000000Z", launched: "1886-05-08", since: "2024-02-29", share: 0.25 },
  {
    id: 22,
    brand_name: "A brand with a rather long name indeed",
    updated_at: "2021-12-31 23:59:59",
    launched: "not a date",
    since: "2024-02-30",
    share: 12.5,
  },
];

test("the header is bold, frozen and filtered; columns are fitted to their content", async () => {
  const path = join(dir, "layout.xlsx");
  await writeExcel(pagesOf(RECORDS), path);
  const sheet = await openSheet(path);
  const header = sheet.getRow(1);
  expect((header.values as unknown[]).slice(1)).toEqual(Object.keys(RECORDS[0]));
  // the body's font (the workbook's default, Calibri 11), bold: not a bare bold that names no face or size
  header.eachCell((cell) => expect(cell.font).toMatchObject({ bold: true, name: "Calibri", size: 11, family: 2, scheme: "minor" }));
  expect(sheet.getCell("B2").font?.bold).toBeFalsy();
  expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
  expect(sheet.autoFilter).toBe("A1:F1");
  const widths = sheet.columns.map((column) => column.width);
  expect(widths[0]).toBe(6); // "id", 1, 22: the minimum
  expect(widths[1]).toBe("A brand with a rather long name indeed".length + 2);
  expect(widths[2]).toBe("yyyy-mm-dd hh:mm:ss".length + 2);
});

test("a column of ISO timestamps and dates is Excel dates; a column with other text is text, its dates too (the frame's type); numbers stay numbers", async () => {
  const path = join(dir, "dates.xlsx");
  await writeExcel(RECORDS, path);
  const sheet = await openSheet(path);
  expect(sheet.getCell("C2").value).toEqual(new Date(Date.UTC(2020, 2, 2, 10, 5, 1)));
  expect(sheet.getCell("C2").numFmt).toBe("yyyy-mm-dd hh:mm:ss");
  expect(sheet.getCell("C3").value).toEqual(new Date(Date.UTC(2021, 11, 31, 23, 59, 59)));
  expect(sheet.getCell("D2").value).toBe("1886-05-08"); // before Excel's calendar
  expect(sheet.getCell("D3").value).toBe("not a date");
  // 2024-02-30 is no day: the column is text, as the frame's type of it
  expect(sheet.getCell("E2").value).toBe("2024-02-29");
  expect(sheet.getCell("E3").value).toBe("2024-02-30");
  expect(sheet.getCell("F3").value).toBe(12.5);
  expect(sheet.getCell("F3").type).toBe(ExcelJS.ValueType.Number);
  expect(sheet.getCell("B2").type).toBe(ExcelJS.ValueType.String);
});

test("numbers keep their full precision in workbooks and CSV, shown in the General format", async () => {
  const numbers = [{ third: 1 / 3, large: 123456789.12345679, small: 1e-7, share: "12.3456789012345" }];
  const xlsx = join(dir, "precision.xlsx");
  await writeExcel(numbers, xlsx);
  const sheet = await openSheet(xlsx);
  expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual([1 / 3, 123456789.12345679, 1e-7, 12.3456789012345]);
  for (const cell of ["A2", "B2", "C2", "D2"]) expect(sheet.getCell(cell).numFmt ?? "General").toBe("General");
  const csv = join(dir, "precision.csv");
  await writeCSV(numbers, csv);
  expect(readFileSync(csv, "utf8").split(/\r?\n/)[1]).toBe("0.3333333333333333,123456789.12345679,1e-7,12.3456789012345");
});

test("isoDate: zones move the instant to UTC; a wall-clock time without a zone is kept", () => {
  expect(isoDate("2024-06-01T12:00:00+02:00")?.date.toISOString()).toBe("2024-06-01T10:00:00.000Z");
  expect(isoDate("2024-06-01T12:00")?.date.toISOString()).toBe("2024-06-01T12:00:00.000Z");
  expect(isoDate("2024-06-01")).toMatchObject({ withTime: false });
  for (const text of ["2024-13-01", "2024-06-01T25:00", "20240601", "2024-06-01x", "1899-12-31"]) expect(isoDate(text)).toBeUndefined();
});

test("text past Excel's 32,767 characters is cut, with one warning naming the column", async () => {
  const path = join(dir, "long.xlsx");
  const long = "x".repeat(EXCEL_MAX_CELL_TEXT + 10);
  const { warnings } = await captureWarnings(() =>
    writeExcel(
      [
        { id: 1, essay: long, ok: "short" },
        { id: 2, essay: long, ok: "short" },
        { id: 3, essay: "fine", ok: "y" },
      ],
      path,
    ),
  );
  expect(warnings).toHaveLength(1);
  expect(warnings[0]).toMatchObject({ code: "FOUNTFRAME_EXCEL_TEXT_CUT" });
  expect(warnings[0].message).toMatch(/essay \(2 cells\)/);
  expect(warnings[0].message).not.toMatch(/\bok\b/);
  const sheet = await openSheet(path);
  expect(String(sheet.getCell("B2").value)).toHaveLength(EXCEL_MAX_CELL_TEXT);
  expect(sheet.getCell("B4").value).toBe("fine");
  expect(sheet.columns[1].width).toBe(60); // bounded
});

test("widths come from the first rows only, so a big sheet costs no second pass; later sheets share them", async () => {
  const path = join(dir, "sample.xlsx");
  const rows = Array.from({ length: WIDTH_SAMPLE_ROWS + 20 }, (_, index) => ({
    note: index === WIDTH_SAMPLE_ROWS + 10 ? "a very long note that comes late" : "short",
  }));
  const summary = await writeExcel(rows, path, { maxRowsPerSheet: 300 });
  expect(summary.sheets).toEqual(["data", "data_2"]);
  for (const name of summary.sheets!) {
    const sheet = await openSheet(path, name);
    expect(sheet.columns[0].width).toBe(7);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.autoFilter).toBe("A1:A1");
  }
});

test("dates before 1900-03-01 get the serials Excel shows them as (its calendar counts a 1900-02-29)", async () => {
  const path = join(dir, "early-dates.xlsx");
  const days = ["1900-01-01", "1900-02-28", "1900-03-01", "1900-01-01T12:00:00Z"];
  await writeExcel(
    days.map((day, id) => ({ id, day })),
    path,
  );
  const sheet = await openSheet(path);
  // exceljs reads a dated number back as (serial - 25569) days from 1970: the serial it holds
  const serial = (cell: string) => {
    const value = sheet.getCell(cell).value;
    return value instanceof Date ? 25569 + value.getTime() / 86_400_000 : value;
  };
  expect(["B2", "B3", "B4", "B5"].map(serial)).toEqual([1, 59, 61, 1.5]);
  expect(["B2", "B3", "B4", "B5"].map((cell) => sheet.getCell(cell).numFmt)).toEqual([
    "yyyy-mm-dd",
    "yyyy-mm-dd",
    "yyyy-mm-dd",
    "yyyy-mm-dd hh:mm:ss",
  ]);
});

test("only the header and date cells carry a style: every other cell is unstyled, in date columns too", async () => {
  const path = join(dir, "unstyled.xlsx");
  const records = [
    { n: 1, text: "x", day: "2020-03-02", flag: true, empty: null, on: "2020-03-02" },
    { n: 2.5, text: "2020-03-02T10:00:00Z", day: "not a date", flag: false, empty: null, on: null },
    { n: 3, text: "y", day: 7, flag: null, empty: "z", on: "2020-03-02T10:00:00Z" },
  ];
  await writeExcel(records, path);
  const sheet = await openSheet(path);
  const styled: Record<string, unknown> = {};
  for (let row = 2; row <= 4; row++) {
    for (let column = 1; column <= 6; column++) {
      const cell = sheet.getCell(row, column);
      if (Object.keys(cell.style).length) styled[cell.address] = cell.numFmt;
    }
  }
  // text and day hold other text too: text columns, their dates as text
  expect(styled).toEqual({ F2: "yyyy-mm-dd", F4: "yyyy-mm-dd hh:mm:ss" });
  expect(sheet.getCell("A1").font?.bold).toBe(true);
});

test("numbers Excel cannot hold and instants past 9999 are their text, with a warning naming the column", async () => {
  const path = join(dir, "ranges.xlsx");
  const { warnings } = await captureWarnings(() =>
    writeExcel(
      [
        { id: 1, big: 1.7976931348623157e308, at: "9999-12-31T23:00:00-05:00" },
        { id: 2, big: 1e-320, at: "9999-12-31T23:00:00Z" },
        { id: 3, big: -9.99999999999999e307, at: "2024-01-31T12:00:00Z" },
        { id: 4, big: 2.2250738585072014e-308, at: null },
        { id: 5, big: 0, at: null },
      ],
      path,
    ),
  );
  const sheet = await openSheet(path);
  expect([2, 3, 4, 5, 6].map((row) => sheet.getCell(`B${row}`).value)).toEqual([
    "1.7976931348623157e+308",
    "1e-320",
    -9.99999999999999e307,
    2.2250738585072014e-308,
    0,
  ]);
  expect(sheet.getCell("C2").value).toBe("9999-12-31T23:00:00-05:00");
  expect(sheet.getCell("C3").value).toEqual(new Date("9999-12-31T23:00:00Z"));
  const range = warnings.filter((warning) => warning.code === "FOUNTFRAME_EXCEL_NUMBER_RANGE");
  expect(range.map((warning) => warning.message)).toEqual([
    expect.stringMatching(/^numbers Excel cannot hold .*: big \(2 cells\)/),
    // 2.2250738585072014e-308 holds 17 significant digits
    expect.stringMatching(/^numbers of more than 15 significant digits .*: big \(1 cells\)/),
  ]);
  // the one instant past 9999 is its text, offset and all: not shown in UTC
  expect(warnings.filter((warning) => warning.code === "FOUNTFRAME_TIMESTAMP_TO_UTC")).toEqual([]);
});

test("numbers of more than 15 significant digits are written whole, with a warning naming the column that Excel rounds them", async () => {
  const path = join(dir, "digits.xlsx");
  const { warnings } = await captureWarnings(() =>
    writeExcel(
      [
        { id: 1, n: 123456789012345680, share: 0.1 + 0.2, fits: 999999999999999 },
        { id: 2, n: 5, share: 0.25, fits: 0.123456789012345 },
        { id: 3, n: 9007199254740992, share: 1 / 3, fits: -1e300 },
      ],
      path,
    ),
  );
  const sheet = await openSheet(path);
  expect([2, 3, 4].map((row) => sheet.getCell(`B${row}`).value)).toEqual([123456789012345680, 5, 9007199254740992]);
  expect(sheet.getCell("C2").value).toBe(0.30000000000000004);
  const rounded = warnings.filter((warning) => warning.code === "FOUNTFRAME_EXCEL_NUMBER_RANGE");
  expect(rounded).toHaveLength(1);
  expect(rounded[0].message).toMatch(
    /^numbers of more than 15 significant digits .*Excel reads .* rounded there: n \(2 cells\), share \(2 cells\)\./,
  );
});

test("rows without a value keep their place, trailing ones too: the sheet holds every row of the frame (round 11)", async () => {
  const path = join(dir, "empty-rows.xlsx");
  await writeExcel([{ id: 1, a: "x" }, {}, { id: 3, a: null }, {}, {}], path);
  const sheet = await openSheet(path);
  expect(sheet.rowCount).toBe(6);
  expect([2, 3, 4, 5, 6].map((row) => sheet.getCell(`A${row}`).value)).toEqual([1, null, 3, null, null]);
});

test("a column name past 32,767 characters is cut in the header with a warning; more columns than a sheet holds are refused", async () => {
  const path = join(dir, "long-name.xlsx");
  const name = `${"n".repeat(EXCEL_MAX_CELL_TEXT - 1)}😀tail`;
  const { warnings } = await captureWarnings(() => writeExcel([{ id: 1, [name]: "v" }], path));
  expect(warnings).toEqual([expect.objectContaining({ code: "FOUNTFRAME_EXCEL_TEXT_CUT" })]);
  expect(warnings[0].message).toMatch(/column names longer than Excel's 32767 characters .* \(32772 characters\)/);
  expect(String((await openSheet(path)).getCell("B1").value)).toBe("n".repeat(EXCEL_MAX_CELL_TEXT - 1));
  const wide = Object.fromEntries(Array.from({ length: 16_385 }, (_, column) => [`c${column}`, column]));
  await expect(writeExcel([wide], join(dir, "wide.xlsx"))).rejects.toThrow(
    /16385 columns do not fit an Excel sheet, which holds 16384: choose columns with the columns option/,
  );
});

test("sheet names: History is refused, a cut keeps surrogate pairs whole, characters Excel refuses become _", async () => {
  await expect(writeExcel([{ id: 1 }], join(dir, "history.xlsx"), { sheetName: "history" })).rejects.toMatchObject({
    parameter: "sheetName",
  });
  const path = join(dir, "names.xlsx");
  await writeExcel([{ id: 1 }], path, { sheetName: "😀".repeat(20) });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(["😀".repeat(15)]);
  const controls = join(dir, "controls.xlsx");
  await writeExcel([{ id: 1 }], controls, { sheetName: "a\u0000b/c" });
  expect(await openSheet(controls, "a_b_c")).toBeDefined();
});
