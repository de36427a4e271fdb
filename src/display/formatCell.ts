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

/** One cell as text: fractions rounded, dates as ISO, objects and lists as JSON. */
export function formatCell(value: unknown, format: CellFormat = {}): string {
  if (isMissing(value)) return format.missing ?? "";
  if (typeof value === "number") return isFraction(value) ? fixedFormat(format.digits ?? DEFAULT_DIGITS).format(value) : String(value);
  if (typeof value === "string") return value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/**
 * A formatter for one column: when any of its numbers has a fraction, all its numbers get the
 * same decimals (99.00 beside 98.76, not 99), so the column lines up.
 */
export function columnFormatter(values: readonly unknown[], format: CellFormat = {}): (value: unknown) => string {
  if (!values.some(isFraction)) return (value) => formatCell(value, format);
  const fixed = fixedFormat(format.digits ?? DEFAULT_DIGITS);
  return (value) => (typeof value === "number" && Number.isFinite(value) ? fixed.format(value) : formatCell(value, format));
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
