import { excelValue } from "./cellText";
import { excelText } from "./excelText";

export type ExcelCell = string | number | boolean | Date | null;

/** How a date cell shows: with the time when the text had one. */
export const DATE_TIME_FORMAT = "yyyy-mm-dd hh:mm:ss";
export const DATE_FORMAT = "yyyy-mm-dd";

// 2020-03-02, 2020-03-02T10:05:01.000000Z, 2020-03-02 10:05, 2020-03-02T10:05:01+02:00
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
/** Excel's calendar starts at 1900; an older date stays text. */
const FIRST_EXCEL_YEAR = 1900;

/**
 * An ISO 8601 date or timestamp as a Date, or undefined for any other text. Without a zone the
 * wall-clock time is kept; with one (`Z`, `+02:00`) the instant is shown in UTC.
 */
export function isoDate(text: string): { date: Date; withTime: boolean; offset: boolean } | undefined {
  if (text.length < 10 || text.length > 40) return undefined;
  const match = ISO.exec(text);
  if (!match) return undefined;
  const [, year, month, day, hours, minutes, seconds, fraction, zone] = match;
  const y = Number(year);
  const m = Number(month) - 1;
  const d = Number(day);
  const h = Number(hours ?? 0);
  const min = Number(minutes ?? 0);
  const s = Number(seconds ?? 0);
  if (y < FIRST_EXCEL_YEAR || m > 11 || h > 23 || min > 59 || s > 59) return undefined;
  const ms = Number((fraction ?? "").padEnd(3, "0").slice(0, 3));
  const local = Date.UTC(y, m, d, h, min, s, ms);
  if (new Date(local).getUTCDate() !== d) return undefined; // 2024-02-30
  const offset = zoneMinutes(zone);
  return { date: new Date(local - offset * 60_000), withTime: hours !== undefined, offset: offset !== 0 };
}

function zoneMinutes(zone: string | undefined): number {
  if (!zone || zone === "Z") return 0;
  const sign = zone.startsWith("-") ? -1 : 1;
  const digits = zone.slice(1).replace(":", "");
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
}

const DAY_MS = 86_400_000;
/** The first instant past Excel's calendar, which ends on 9999-12-31. */
const PAST_EXCEL_DAYS = Date.UTC(10000, 0, 1);
/** Excel's numbers (its specifications and limits): none larger than this, and none but 0 nearer 0 than the smallest normal double. */
const EXCEL_LARGEST_NUMBER = 9.99999999999999e307;
const EXCEL_SMALLEST_NUMBER = 2.2250738585072014e-308;
/** Serial 0 of Excel's 1900 calendar, and the first day its serials count from the fake 1900-02-29 on. */
const EXCEL_DAY_ZERO = Date.UTC(1899, 11, 31);
const FIRST_DAY_AFTER_FAKE_LEAP_DAY = Date.UTC(1900, 2, 1);

/**
 * A date as the sheet holds it. Excel counts 1900-02-29, a day that never was (Lotus 1-2-3's
 * leap-year bug), as serial 60: exceljs's Date conversion is right from 1900-03-01 (serial 61) on
 * and one day late before it, so those serials (1 to 59) are written as numbers. Before 1900, and
 * after 9999 (an instant there once its offset is taken off), there is no serial at all: the ISO text.
 */
function excelDate(date: Date, format: string, text = date.toISOString()): { value: ExcelCell; format?: string } {
  const ms = date.getTime();
  if (ms >= PAST_EXCEL_DAYS) return { value: text };
  if (ms >= FIRST_DAY_AFTER_FAKE_LEAP_DAY) return { value: date, format };
  if (ms < EXCEL_DAY_ZERO + DAY_MS) return { value: text };
  return { value: (ms - EXCEL_DAY_ZERO) / DAY_MS, format };
}

/** A cell as the sheet holds it, and what the sheet could not hold as the frame does. */
export interface SheetCell {
  value: ExcelCell;
  format?: string;
  /** text past Excel's limit, cut */
  truncated?: boolean;
  /** lone surrogates written as U+FFFD */
  replacedSurrogates?: boolean;
  /** a number past the double range (±Infinity), written as the text `Infinity` or `-Infinity` */
  infinite?: boolean;
  /** a number Excel cannot hold (beyond ±9.99999999999999E+307, or nonzero nearer 0 than 2.2251E-308), written as the text it prints */
  outOfRange?: boolean;
  /** a timestamp with an offset other than UTC, shown as its UTC time (a sheet's dates have no zone) */
  shownInUtc?: boolean;
  /** a number of more than 15 significant digits, written whole, which Excel reads rounded to 15 */
  roundedTo15?: boolean;
}

/**
 * A cell for the sheet: ISO text becomes a date in a column of dates (`inDates`: every value of the
 * column a date or timestamp, as a frame's type rule has it), other text kept as excelText writes it
 * (cut past Excel's limit).
 */
export function excelCell(value: unknown, inDates = false): SheetCell {
  if (value === Infinity || value === -Infinity) return { value: String(value), infinite: true };
  const cell = excelValue(value);
  if (typeof cell === "number" && !fitsExcel(cell)) return { value: String(cell), outOfRange: true };
  if (typeof cell === "number" && !within15Digits(cell)) return { value: cell, roundedTo15: true };
  if (cell instanceof Date) return excelDate(cell, DATE_TIME_FORMAT);
  if (typeof cell !== "string") return { value: cell };
  const parsed = inDates ? isoDate(cell) : undefined;
  if (parsed) {
    const date = excelDate(parsed.date, parsed.withTime ? DATE_TIME_FORMAT : DATE_FORMAT, cell);
    return parsed.offset && date.value instanceof Date ? { ...date, shownInUtc: true } : date;
  }
  const { text, cut, replacedSurrogates } = excelText(cell);
  if (!cut && !replacedSurrogates) return { value: text };
  return { value: text, truncated: cut, replacedSurrogates };
}

/** Whether Excel, which reads a number's first 15 significant digits, reads `number` as it is. */
function within15Digits(number: number): boolean {
  if (Number.isInteger(number) && Math.abs(number) < 1e15) return true;
  return Number(number.toPrecision(15)) === number;
}

function fitsExcel(number: number): boolean {
  const size = Math.abs(number);
  return size === 0 || (size >= EXCEL_SMALLEST_NUMBER && size <= EXCEL_LARGEST_NUMBER);
}

const MIN_WIDTH = 6;
const MAX_WIDTH = 60;
const PADDING = 2;

/** Characters a cell shows, for its column's width. */
function shownLength(value: unknown, inDates: boolean): number {
  const cell = excelCell(value, inDates);
  if (cell.format) return cell.format.length;
  if (cell.value === null) return 0;
  const text = String(cell.value);
  let longest = 0;
  for (const line of text.split("\n")) longest = Math.max(longest, line.length);
  return longest;
}

/** Column widths fitted to the header and the rows given (a sample: the first rows of the sheet), bounded; `dates` as excelCell's, by position. */
export function fittedWidths(
  columns: readonly string[],
  sample: readonly (readonly unknown[])[],
  dates: readonly boolean[] = [],
): number[] {
  return columns.map((column, position) => {
    let widest = column.length;
    for (const row of sample) widest = Math.max(widest, shownLength(row[position], dates[position] ?? false));
    return Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, widest + PADDING));
  });
}
