// The conversions of a cell every output needs: to the type its column was given, or to text.
import { cellJsonText } from "../text/jsonText";
import { MS_PER_DAY, dayOf, microsOf, parseNumericString, typeOfCell, type ColumnType } from "./columnType";

/** A cell as text (a CSV field, a text column): missing (null, undefined, NaN) empty, booleans true/false, lists and objects as JSON. */
export function csvText(value: unknown): string {
  switch (typeof value) {
    case "string":
      return value;
    case "number":
      return Number.isNaN(value) ? "" : String(value);
    case "boolean":
      return value ? "true" : "false";
    case "bigint":
      return String(value);
    case "undefined":
      return "";
    default:
      if (value === null) return "";
      if (value instanceof Date) return value.toISOString();
      return cellJsonText(value) ?? "";
  }
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
      if (typeof value === "string") {
        const number = parseNumericString(value);
        if (!Number.isNaN(number)) return number;
      }
      break;
    case "int64":
      if (typeof value === "bigint" && typeOfCell(value) === "int64") return value;
      if (typeof value === "number" && typeOfCell(value) === "int64") return BigInt(value);
      if (typeof value === "string") {
        const number = parseNumericString(value);
        if (Number.isInteger(number)) return BigInt(number);
      }
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
