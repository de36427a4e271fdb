/**
 * Excel cells from a pull's pages and from records land in their own columns and keep the text a
 * frame holds: served over real HTTP from the emulator, read back with SheetJS (which decodes
 * Excel's `_xHHHH_` escape, as Excel does) and exceljs.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as XLSX from "xlsx";
import { writeExcel } from "../../src/export";
import { EXCEL_MAX_CELL_TEXT } from "../../src/export/excelText";
import { captureWarnings, useEmulator } from "../client/fixture";
import { readSheet } from "./exportFixtures";
import { recordsText, serveHostilePages } from "./hostilePages";
import { tempFolder } from "../helpers/tempFolder";

const env = useEmulator();
const dir = tempFolder("fountframe-excel-cells-");

/** The first sheet's rows as arrays (header first), as SheetJS reads them. */
function sheetRows(path: string): unknown[][] {
  const book = XLSX.read(readFileSync(path), { type: "buffer" });
  return XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1, defval: null, raw: true });
}

function pull(perPage: number) {
  return env.client({ retries: 2, onErrors: "raise" }).rawPages("brands", { perPage });
}

describe("a record lacking a column", () => {
  const FIRST = [
    { a: 1, b: "b1", c: true },
    { b: "b2", c: false },
    { a: 3, c: true },
    { a: 4, b: "b4" },
  ];
  const expected = [
    ["a", "b", "c"],
    [1, "b1", true],
    [null, "b2", false],
    [3, null, true],
    [4, "b4", null],
  ];

  test("pages over HTTP: every cell stays in its column (the first, the middle and the last missing)", async () => {
    const { perPage } = serveHostilePages(env.emulator, "brands", [recordsText(FIRST[0], FIRST[1]), recordsText(FIRST[2], FIRST[3])]);
    const path = join(dir, "holes-pages.xlsx");
    await writeExcel(pull(perPage), path);
    expect(sheetRows(path)).toEqual(expected);
  });

  test("records: the same", async () => {
    const path = join(dir, "holes-records.xlsx");
    await writeExcel(FIRST, path);
    expect(sheetRows(path)).toEqual(expected);
    const { rows } = await readSheet(path);
    expect(rows[1]).toEqual({ a: null, b: "b2", c: false });
  });
});

describe("text Excel's XML cannot hold as it is", () => {
  const CONTROLS = "nul\u0000 soh\u0001 bel\u0007 vt\u000b esc\u001b del\u007f cr\r crlf\r\n tab\t lf\n end";
  const NONCHARACTERS = "fffe\ufffe ffff\uffff";
  const LOOKALIKE = "_x0041_ stays _x0041_";
  const LONG = "a".repeat(EXCEL_MAX_CELL_TEXT - 1) + "😀" + "b".repeat(1_000_000);

  test("controls, CR, U+FFFE/U+FFFF and a literal _xHHHH_ are kept, without a warning; the file opens", async () => {
    const page = recordsText({ controls: CONTROLS, nonchars: NONCHARACTERS, lookalike: LOOKALIKE, header_ok: "x" });
    const { perPage } = serveHostilePages(env.emulator, "brands", [page, page]);
    const path = join(dir, "controls.xlsx");
    const { warnings } = await captureWarnings(() => writeExcel(pull(perPage), path));
    expect(warnings).toEqual([]);
    const [header, first, second] = sheetRows(path);
    expect(header).toEqual(["controls", "nonchars", "lookalike", "header_ok"]);
    // SheetJS decodes the escape as Excel does (and then shows a noncharacter as U+FFFD, its own choice)
    expect(first).toEqual([CONTROLS, "fffe\ufffd ffff\ufffd", LOOKALIKE, "x"]);
    expect(second).toEqual(first);
    // exceljs's reader leaves the escape in a cell's value as written: decoded (readSheet), every cell is the frame's
    const { rows } = await readSheet(path);
    expect(rows.map((row) => Object.values(row))).toEqual([
      [CONTROLS, NONCHARACTERS, LOOKALIKE, "x"],
      [CONTROLS, NONCHARACTERS, LOOKALIKE, "x"],
    ]);
  });

  test("a 1 MB text is cut at 32,767 characters, never inside an emoji, with a warning naming the column", async () => {
    const path = join(dir, "long.xlsx");
    const { warnings } = await captureWarnings(() => writeExcel([{ id: 1, long: LONG }], path));
    const [, [, cell]] = sheetRows(path) as [unknown, [number, string]];
    expect(cell).toBe("a".repeat(EXCEL_MAX_CELL_TEXT - 1));
    expect(warnings).toEqual([expect.objectContaining({ code: "FOUNTFRAME_EXCEL_TEXT_CUT" })]);
    expect(warnings[0].message).toMatch(/cut to fit.*: long \(1 cells\)/);
  });

  test("a lone surrogate becomes U+FFFD, with a warning naming the column; a pair is kept", async () => {
    const { perPage } = serveHostilePages(env.emulator, "brands", [['{"id":1,"lone":"a\\ud800b","pair":"\\ud83d\\ude00"}']]);
    const path = join(dir, "lone.xlsx");
    const { warnings } = await captureWarnings(() => writeExcel(pull(perPage), path));
    expect(sheetRows(path)[1]).toEqual([1, "a\ufffdb", "😀"]);
    expect(warnings).toEqual([expect.objectContaining({ code: "FOUNTFRAME_LONE_SURROGATE" })]);
    expect(warnings[0].message).toMatch(/U\+FFFD, as UTF-8 must: lone \(1 cells\)/);
  });
});

describe("dates: a column's type is the frame's, decided on all of its values", () => {
  const PAGES = [
    { id: 1, d: "2024-01-31", t: "2024-01-31T10:00:00.000000Z" },
    { id: 2, d: "2024-02-01", t: "2024-02-01" },
    { id: 3, d: "2024-02-30", t: null },
  ];
  const expectedSheet = async (path: string) => {
    const { rows } = await readSheet(path);
    // d holds 2024-02-30, no day: a text column, every cell its text; t is dates and timestamps: Excel dates
    expect(rows.map((row) => row.d)).toEqual(["2024-01-31", "2024-02-01", "2024-02-30"]);
    expect(rows.map((row) => row.t)).toEqual([new Date(Date.UTC(2024, 0, 31, 10)), new Date(Date.UTC(2024, 1, 1)), null]);
  };

  test("pages over HTTP: a later page's text turns the column, and the file is written again with the dates as text", async () => {
    const { perPage } = serveHostilePages(env.emulator, "brands", [recordsText(PAGES[0], PAGES[1]), recordsText(PAGES[2])]);
    const path = join(dir, "dates-pages.xlsx");
    const { warnings } = await captureWarnings(() => writeExcel(pull(perPage), path));
    expect(warnings.map((warning) => warning.code)).toEqual([]);
    await expectedSheet(path);
  });

  test("records and a frame of them: the same", async () => {
    await writeExcel(PAGES, join(dir, "dates-records.xlsx"));
    await expectedSheet(join(dir, "dates-records.xlsx"));
    const { recordsToFrame } = await import("../../src/rows/rowShape");
    await writeExcel(await recordsToFrame(PAGES), join(dir, "dates-frame.xlsx"));
    await expectedSheet(join(dir, "dates-frame.xlsx"));
  });
});
