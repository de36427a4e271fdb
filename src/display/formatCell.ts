export interface CellFormat {
  /** decimals for the numbers of a column holding fractions (default 2; every number of it gets them) */
  readonly digits?: number;
  /** text for null, undefined and NaN (default "") */
  readonly missing?: string;
}

const DEFAULT_DIGITS = 2;
const formatters = new Map<number, Intl.NumberFormat>();

/** Fixed decimals, no grouping: ids and years read wrong as "12,345" / "2,024". */
function fixedFormat(digits: number): Intl.NumberFormat {
  let format = formatters.get(digits);
  if (!format) {
    format = new Intl.NumberFormat("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false });
    formatters.set(digits, format);
  }
  return format;
}

export function isMissing(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === "number" && Number.isNaN(value));
}

function isFraction(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value) && !Number.isInteger(value);
}

/** A timestamp as the service writes it (`2020-02-01T14:38:12.000000Z`), or with an offset. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** The instant of a Date or a timestamp text, else undefined. */
function instantOf(value: unknown): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  if (typeof value !== "string" || !TIMESTAMP.test(value)) return undefined;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? undefined : instant;
}

const isMidnight = (instant: Date) => instant.getTime() % 86_400_000 === 0;

/** `2020-02-01`, or `2020-02-01 14:38 UTC` when the time of day says something. */
function instantText(instant: Date, dateOnly: boolean): string {
  const iso = instant.toISOString();
  return dateOnly ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** One cell as text: fractions rounded, dates as dates (`2020-02-01`, `2020-02-01 14:38 UTC`), objects and lists as JSON. */
export function formatCell(value: unknown, format: CellFormat = {}): string {
  if (isMissing(value)) return format.missing ?? "";
  if (typeof value === "number") return isFraction(value) ? fixedFormat(format.digits ?? DEFAULT_DIGITS).format(value) : String(value);
  if (typeof value === "string") return value;
  if (value instanceof Date) return instantOf(value) ? instantText(value, isMidnight(value)) : String(value);
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/**
 * A formatter for one column: when any of its numbers has a fraction, all its numbers get the
 * same decimals (99.00 beside 98.76, not 99), so the column lines up.
 */
export function columnFormatter(values: readonly unknown[], format: CellFormat = {}): (value: unknown) => string {
  const dates = dateColumnForm(values);
  if (dates) return (value) => (isMissing(value) ? (format.missing ?? "") : instantText(instantOf(value)!, dates === "date"));
  if (!values.some(isFraction)) return (value) => formatCell(value, format);
  const fixed = fixedFormat(format.digits ?? DEFAULT_DIGITS);
  return (value) => (typeof value === "number" && Number.isFinite(value) ? fixed.format(value) : formatCell(value, format));
}

/**
 * A column of dates and timestamps only (missing values aside) reads as dates: every one at
 * midnight UTC as `2020-02-01`, else each to the minute in UTC. The cells themselves stay as they are.
 */
function dateColumnForm(values: readonly unknown[]): "date" | "timestamp" | undefined {
  let present = 0;
  let allMidnight = true;
  for (const value of values) {
    if (isMissing(value)) continue;
    const instant = instantOf(value);
    if (!instant) return undefined;
    present += 1;
    if (!isMidnight(instant)) allMidnight = false;
  }
  if (present === 0) return undefined;
  return allMidnight ? "date" : "timestamp";
}

/** Whether a column holds numbers only (missing values aside), so it is right-aligned. */
export function isNumericColumn(values: readonly unknown[]): boolean {
  let numbers = 0;
  for (const value of values) {
    if (isMissing(value)) continue;
    if (typeof value !== "number") return false;
    numbers += 1;
  }
  return numbers > 0;
}
