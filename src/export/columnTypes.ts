import { csvText } from "./cellText";

/** The types a Parquet or Arrow column is written as (docs/parquet.md, "type mapping"). */
export type ColumnType = "int64" | "double" | "boolean" | "utf8" | "date" | "timestamp";

export const COLUMN_TYPES: readonly ColumnType[] = ["int64", "double", "boolean", "utf8", "date", "timestamp"];

/** What a column's values said so far; "none" while every value seen was missing. */
export type SeenType = ColumnType | "none";

const INT64_LIMIT = 2 ** 63;
const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;
/** ISO 8601 as the service writes it (`2020-03-02T10:05:01.000000Z`), with or without an offset. */
const TIMESTAMP_TEXT = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/;
const MS_PER_DAY = 86_400_000;

/** null, undefined and NaN (a danfo frame's missing number) are written as null. */
export function isMissingCell(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === "number" && Number.isNaN(value));
}

/** The type one present value asks for. */
export function typeOfCell(value: unknown): ColumnType {
  switch (typeof value) {
    case "boolean":
      return "boolean";
    case "bigint":
      return value >= -(2n ** 63n) && value < 2n ** 63n ? "int64" : "double";
    case "number":
      return Number.isInteger(value) && value >= -INT64_LIMIT && value < INT64_LIMIT ? "int64" : "double";
    case "string":
      if (DATE_TEXT.test(value) && dayOf(value) !== undefined) return "date";
      if (TIMESTAMP_TEXT.test(value) && microsOf(value) !== undefined) return "timestamp";
      return "utf8";
    default:
      return value instanceof Date ? "timestamp" : "utf8";
  }
}

/** Two types one column holds, as one: int64 and double make double, date and timestamp make timestamp, else text. */
export function widen(a: SeenType, b: SeenType): SeenType {
  if (a === b || b === "none") return a;
  if (a === "none") return b;
  const pair = new Set([a, b]);
  if (pair.has("int64") && pair.has("double")) return "double";
  if (pair.has("date") && pair.has("timestamp")) return "timestamp";
  return "utf8";
}

/** Thrown by `cellAs` for a value the column's type cannot hold; the writer names the column. */
export class CellMismatch extends Error {
  constructor(
    readonly value: unknown,
    readonly found: ColumnType,
  ) {
    super(`a ${found} value (${typeof value === "string" ? JSON.stringify(value.slice(0, 60)) : csvText(value).slice(0, 60)})`);
  }
}

/**
 * A present cell as the column's type stores it: int64 and timestamp (microseconds since the epoch,
 * UTC) as bigint, date as days since the epoch, double as number, utf8 as text (numbers and
 * booleans as they print, lists and objects as JSON). Throws CellMismatch when the type cannot hold it.
 */
export function cellAs(type: ColumnType, value: unknown): bigint | number | boolean | string {
  switch (type) {
    case "utf8":
      return typeof value === "string" ? value : csvText(value);
    case "double":
      if (typeof value === "number") return value;
      if (typeof value === "bigint") return Number(value);
      break;
    case "int64":
      if (typeof value === "bigint" && typeOfCell(value) === "int64") return value;
      if (typeof value === "number" && typeOfCell(value) === "int64") return BigInt(value);
      break;
    case "boolean":
      if (typeof value === "boolean") return value;
      break;
    case "date": {
      const day = typeof value === "string" ? dayOf(value) : undefined;
      if (day !== undefined) return day;
      break;
    }
    case "timestamp": {
      if (value instanceof Date && !Number.isNaN(value.getTime())) return BigInt(value.getTime()) * 1000n;
      const micros = typeof value === "string" ? microsOf(value) : undefined;
      if (micros !== undefined) return micros;
      if (typeof value === "string" && dayOf(value) !== undefined) return BigInt(dayOf(value)!) * BigInt(MS_PER_DAY) * 1000n;
      break;
    }
  }
  throw new CellMismatch(value, typeOfCell(value));
}

/** `2024-02-29` as days since 1970-01-01, or undefined when it is no real day. */
function dayOf(text: string): number | undefined {
  const match = DATE_TEXT.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return undefined;
  return ms / MS_PER_DAY;
}

/** An ISO timestamp as microseconds since the epoch, UTC (no offset given: taken as UTC), or undefined. */
function microsOf(text: string): bigint | undefined {
  const match = TIMESTAMP_TEXT.exec(text);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s, fraction, zone] = match;
  const [hour, minute, second] = [Number(h), Number(mi), Number(s ?? 0)];
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const day = dayOf(`${y}-${mo}-${d}`);
  if (day === undefined) return undefined;
  let offsetMinutes = 0;
  if (zone && zone !== "Z") {
    const digits = zone.replace(":", "");
    offsetMinutes = (digits[0] === "-" ? -1 : 1) * (Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5)));
  }
  const seconds = day * 86_400 + hour * 3600 + minute * 60 + second - offsetMinutes * 60;
  const micros = Number((fraction ?? "").padEnd(6, "0").slice(0, 6));
  return BigInt(seconds) * 1_000_000n + BigInt(micros);
}
