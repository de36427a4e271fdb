import type { Style, Workbook, Worksheet } from "exceljs";
import { ValidationError } from "../errors";
import { describeValue } from "../text/describeValue";
import { excelCell, fittedWidths, type ExcelCell, type SheetCell } from "./excelCells";
import { EXCEL_MAX_CELL_TEXT, excelText } from "./excelText";
import { ColumnCounts } from "../table/columnCounts";
import {
  EXCEL_NUMBER_RANGE_CODE,
  EXCEL_TEXT_CUT_CODE,
  INFINITE_NUMBER_CODE,
  LONE_SURROGATE_WARNING,
  TIMESTAMP_TO_UTC_CODE,
} from "./columnCounts";
import { ExportError } from "./exportError";

/** Excel's rows per sheet, 1,048,576, less the header row. */
export const EXCEL_MAX_DATA_ROWS = 1_048_575;
const MAX_SHEET_NAME = 31;
/** Excel's columns per sheet (XFD). */
export const EXCEL_MAX_COLUMNS = 16_384;
/** The sheet name Excel keeps for its change history, in any case. */
const RESERVED_SHEET_NAME = /^history$/i;

export interface SheetPlan {
  baseName: string;
  maxRows: number;
  onOverflow: "split" | "raise";
}

/** `data`, `data_2`, `data_3`, ...: within Excel's 31 characters (never half a surrogate pair), without the characters it refuses. */
export function sheetName(baseName: string, index: number): string {
  const suffix = index === 1 ? "" : `_${index}`;
  let kept = baseName.slice(0, MAX_SHEET_NAME - suffix.length);
  if (/[\ud800-\udbff]$/.test(kept)) kept = kept.slice(0, -1);
  return kept + suffix;
}

export function checkSheetPlan(name: string | undefined, maxRows: number | undefined, onOverflow: string | undefined): SheetPlan {
  // eslint-disable-next-line no-control-regex -- Excel refuses control characters in a sheet name, as it does []:*?/\
  const baseName = (name ?? "data").replace(/[[\]:*?/\\\u0000-\u001f\u007f]/g, "_").replace(/^'+|'+$/g, "");
  if (!baseName) throw new ValidationError("sheetName", `must have a character Excel allows in a sheet name, got ${JSON.stringify(name)}`);
  if (RESERVED_SHEET_NAME.test(baseName))
    throw new ValidationError("sheetName", `must not be History, which Excel keeps for itself, got ${JSON.stringify(name)}`);
  const rows = maxRows ?? EXCEL_MAX_DATA_ROWS;
  if (!Number.isInteger(rows) || rows < 1 || rows > EXCEL_MAX_DATA_ROWS) {
    throw new ValidationError("maxRowsPerSheet", `must be an integer from 1 to ${EXCEL_MAX_DATA_ROWS}, got ${describeValue(maxRows)}`);
  }
  if (onOverflow !== undefined && onOverflow !== "split" && onOverflow !== "raise") {
    throw new ValidationError("onSheetOverflow", `must be "split" or "raise", got ${JSON.stringify(onOverflow)}`);
  }
  return { baseName, maxRows: rows, onOverflow: onOverflow ?? "split" };
}

/** Rows of the first batch that column widths are fitted to: enough to see the data, cheap on any sheet. */
export const WIDTH_SAMPLE_ROWS = 500;

/**
 * The body's font (exceljs's default, font 0 of every workbook) made bold: a font of `bold` alone
 * names no face or size, and spreadsheet programs then show the header in their own (Arial 10).
 */
const HEADER_STYLE = { font: { name: "Calibri", family: 2, scheme: "minor" as const, size: 11, color: { theme: 1 }, bold: true } };
/**
 * exceljs gives every new cell a style object of its own and looks each one up in the workbook's
 * styles when the row is written (serialising it: ~2.5× the time of an unstyled workbook), but
 * remembers the objects it has looked up. So every cell gets one of a few shared style objects:
 * the plain one (no style: exceljs's default, General) or its date format's.
 */
const PLAIN_STYLE: Partial<Style> = Object.freeze({});
const DATE_STYLES = new Map<string, Partial<Style>>();
const dateStyle = (numFmt: string) => DATE_STYLES.get(numFmt) ?? DATE_STYLES.set(numFmt, Object.freeze({ numFmt })).get(numFmt)!;

/** Excel's default row height (points, Calibri 11). */
const EXCEL_ROW_HEIGHT = 15;

/**
 * Rows into sheets of at most `maxRows` data rows each, every sheet with the header: bold, frozen,
 * with an auto-filter, columns as wide as the first rows need. A full sheet is committed before the
 * next one starts: the streaming writer zips sheets one after the other, so an open sheet behind
 * another would be held in memory.
 */
export class SheetRoller {
  readonly names: string[] = [];
  #sheet: Worksheet | undefined;
  #rowsInSheet = 0;
  readonly #widths: number[];
  /** cells the sheet holds otherwise than the frame, by what changed, then by column */
  readonly #changed = {
    truncated: new ColumnCounts(),
    replacedSurrogates: new ColumnCounts(),
    infinite: new ColumnCounts(),
    outOfRange: new ColumnCounts(),
    roundedTo15: new ColumnCounts(),
    shownInUtc: new ColumnCounts(),
  };

  constructor(
    private readonly workbook: Workbook,
    private readonly columns: readonly string[],
    private readonly plan: SheetPlan,
    firstRows: readonly (readonly unknown[])[] = [],
    dates: readonly boolean[] = [],
  ) {
    if (columns.length > EXCEL_MAX_COLUMNS)
      throw new ExportError(
        `${columns.length} columns do not fit an Excel sheet, which holds ${EXCEL_MAX_COLUMNS}: choose columns with the columns option, or write CSV, Parquet or Arrow`,
      );
    this.#widths = fittedWidths(columns, firstRows.slice(0, WIDTH_SAMPLE_ROWS), dates);
  }

  /** A row's cells; `dates`: by position, whether the column holds dates (its ISO texts written as Excel dates). */
  addRow(cells: readonly unknown[], dates: readonly boolean[]): void {
    if (!this.#sheet || this.#rowsInSheet >= this.plan.maxRows) this.#nextSheet();
    // every position, holes included: exceljs reads an array without index 0 as 1-based (one column left)
    const width = this.columns.length;
    const converted = new Array<SheetCell>(width);
    const values = new Array<ExcelCell>(width);
    for (let position = 0; position < width; position++) {
      const cell = excelCell(cells[position], dates[position]);
      converted[position] = cell;
      values[position] = cell.value;
    }
    const row = this.#sheet!.addRow(values);
    // exceljs writes no element for a row without values, so trailing empty rows would be lost: Excel's own height keeps it
    if (values.every((value) => value === null || value === undefined)) row.height = EXCEL_ROW_HEIGHT;
    for (let position = 0; position < width; position++) {
      const cell = converted[position];
      row.getCell(position + 1).style = cell.format ? dateStyle(cell.format) : PLAIN_STYLE;
      if (cell.truncated) this.#changed.truncated.add(this.columns[position]);
      if (cell.replacedSurrogates) this.#changed.replacedSurrogates.add(this.columns[position]);
      if (cell.infinite) this.#changed.infinite.add(this.columns[position]);
      if (cell.outOfRange) this.#changed.outOfRange.add(this.columns[position]);
      if (cell.roundedTo15) this.#changed.roundedTo15.add(this.columns[position]);
      if (cell.shownInUtc) this.#changed.shownInUtc.add(this.columns[position]);
    }
    row.commit();
    this.#rowsInSheet++;
  }

  /** The header alone when no row came, so the file still opens with its columns. */
  finish(): void {
    if (!this.#sheet) this.#nextSheet();
    this.#sheet!.commit();
  }

  /** The cells the sheets hold otherwise than the frame, once per export, by column. */
  warn(): void {
    const { truncated, replacedSurrogates, infinite, outOfRange, roundedTo15, shownInUtc } = this.#changed;
    const cutNames = this.columns.filter((column) => column.length > EXCEL_MAX_CELL_TEXT);
    if (cutNames.length > 0)
      process.emitWarning(
        `column names longer than Excel's ${EXCEL_MAX_CELL_TEXT} characters per cell were cut to fit in the header: ` +
          `${cutNames.map((column) => `${JSON.stringify(column.slice(0, 40))}… (${column.length} characters)`).join(", ")}. Export to CSV or NDJSON to keep them whole.`,
        { code: EXCEL_TEXT_CUT_CODE },
      );
    truncated.warn(
      `text longer than Excel's ${EXCEL_MAX_CELL_TEXT} characters per cell was cut to fit (never inside a surrogate pair)`,
      "Export to CSV or NDJSON to keep it whole.",
      EXCEL_TEXT_CUT_CODE,
    );
    replacedSurrogates.warn(LONE_SURROGATE_WARNING.what, LONE_SURROGATE_WARNING.hint, LONE_SURROGATE_WARNING.code);
    infinite.warn(
      "numbers past the double range (±Infinity, e.g. 1e400 in the service's JSON) were written as the text Infinity or -Infinity, which Excel cannot hold as a number",
      "CSV, Parquet and Arrow keep them as numbers (docs/writers.md).",
      INFINITE_NUMBER_CODE,
    );
    outOfRange.warn(
      "numbers Excel cannot hold (beyond ±9.99999999999999E+307, or nonzero and nearer 0 than ±2.2251E-308) were written as the text they print",
      "CSV, Parquet and Arrow keep them as numbers (docs/writers.md).",
      EXCEL_NUMBER_RANGE_CODE,
    );
    roundedTo15.warn(
      "numbers of more than 15 significant digits (a whole number past 10^15 such as 12345678901234567, a fraction such as 0.30000000000000004) were written whole, " +
        "but Excel reads a number's first 15 significant digits and shows and keeps it rounded there",
      "CSV, JSON, NDJSON, Parquet and Arrow keep every digit; to keep such ids whole in a sheet, make the column text first (docs/writers.md).",
      EXCEL_NUMBER_RANGE_CODE,
    );
    shownInUtc.warn(
      "timestamps with an offset other than UTC were written as their UTC date and time, since a sheet's dates hold no zone",
      "CSV, JSON and NDJSON keep the text with its offset (docs/writers.md).",
      TIMESTAMP_TO_UTC_CODE,
    );
  }

  #nextSheet(): void {
    if (this.#sheet) {
      if (this.plan.onOverflow === "raise") {
        throw new ExportError(`more than ${this.plan.maxRows} rows do not fit one Excel sheet; use onSheetOverflow: "split", or CSV`);
      }
      this.#sheet.commit();
    }
    const name = sheetName(this.plan.baseName, this.names.length + 1);
    this.names.push(name);
    const sheet = this.workbook.addWorksheet(name, { views: [{ state: "frozen", ySplit: 1 }] });
    sheet.columns = this.#widths.map((width) => ({ width }));
    if (this.columns.length) sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: this.columns.length } };
    const header = sheet.addRow(this.columns.map((column) => excelText(column).text));
    header.eachCell((cell) => {
      cell.style = HEADER_STYLE;
    });
    header.commit();
    this.#sheet = sheet;
    this.#rowsInSheet = 0;
  }
}
