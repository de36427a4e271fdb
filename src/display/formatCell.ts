import { dayOf } from "../table/columnType";

export interface CellFormat {
  /** decimals for the numbers of a column holding fractions (default 2; every number of it gets them) */
  readonly digits?: number;
  /** text for null, undefined and NaN (default "") */
  readonly missing?: string;
}

const DEFAULT_DIGITS = 2;
const formatters = new Map<number, Intl.NumberFormat>();

/**
 * Fixed decimals, no grouping: ids and years read wrong as "12,345" / "2,024". A zero keeps no
 * sign (-0, and -0.001 at 2 decimals, read "0.00": a table showing "-0.00" suggests a value below zero).
 */
function fixedFormat(digits: number): { format(value: number): string } {
  let format = formatters.get(digits);
  if (!format) {
    format = new Intl.NumberFormat("en-US", {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      useGrouping: false,
      signDisplay: "negative",
    });
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
  // a day there is not (2024-02-30) is no instant: Date would read it as 1 March
  if (typeof value !== "string" || !TIMESTAMP.test(value) || dayOf(value.slice(0, 10)) === undefined) return undefined;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? undefined : instant;
}

const isMidnight = (instant: Date) => instant.getTime() % 86_400_000 === 0;
const onTheMinute = (instant: Date) => instant.getTime() % 60_000 === 0;

/** How much of an instant a cell shows: its date, to the minute, or to the second (and the fraction, if any). */
type InstantForm = "date" | "minute" | "second";

/** The form one instant needs: `2020-02-01`, `2020-02-01 14:38 UTC` or `2020-02-01 14:38:12 UTC`. */
const formOf = (instant: Date): InstantForm => (isMidnight(instant) ? "date" : onTheMinute(instant) ? "minute" : "second");

function instantText(instant: Date, form: InstantForm): string {
  const iso = instant.toISOString();
  if (form === "date") return iso.slice(0, 10);
  const time = form === "minute" ? iso.slice(11, 16) : iso.slice(11, 23).replace(/\.000$/, "");
  return `${iso.slice(0, 10)} ${time} UTC`;
}

/** One cell as text: fractions rounded, dates as dates (`2020-02-01`, `2020-02-01 14:38 UTC`, `… 14:38:12 UTC`), objects and lists as JSON. */
export function formatCell(value: unknown, format: CellFormat = {}): string {
  if (isMissing(value)) return format.missing ?? "";
  if (typeof value === "number") return isFraction(value) ? fixedFormat(format.digits ?? DEFAULT_DIGITS).format(value) : String(value);
  if (typeof value === "string") return value;
  if (value instanceof Date) return instantOf(value) ? instantText(value, formOf(value)) : String(value);
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/**
 * A formatter for one column: when any of its numbers has a fraction, all its numbers get the
 * same decimals (99.00 beside 98.76, not 99), so the column lines up.
 */
export function columnFormatter(values: readonly unknown[], format: CellFormat = {}): (value: unknown) => string {
  const dates = dateColumnForm(values);
  if (dates) return (value) => (isMissing(value) ? (format.missing ?? "") : instantText(instantOf(value)!, dates));
  if (!values.some(isFraction)) return (value) => formatCell(value, format);
  const fixed = fixedFormat(format.digits ?? DEFAULT_DIGITS);
  return (value) => (typeof value === "number" && Number.isFinite(value) ? fixed.format(value) : formatCell(value, format));
}

/**
 * A column of dates and timestamps only (missing values aside) reads as dates: every one at
 * midnight UTC as `2020-02-01`, else each in UTC to the minute, or to the second when one of them
 * has seconds (milliseconds too, when one has them). The cells themselves stay as they are.
 */
function dateColumnForm(values: readonly unknown[]): InstantForm | undefined {
  const order: InstantForm[] = ["date", "minute", "second"];
  let widest: InstantForm | undefined;
  for (const value of values) {
    if (isMissing(value)) continue;
    const instant = instantOf(value);
    if (!instant) return undefined;
    const form = formOf(instant);
    if (widest === undefined || order.indexOf(form) > order.indexOf(widest)) widest = form;
  }
  return widest;
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
