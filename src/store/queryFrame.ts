import type { DataFrame } from "danfojs-node";
import type { DuckDBResultReader } from "@duckdb/node-api";
import { tableToFrame } from "../frame/finishTable";
import type { ColumnDtype, ColumnTable } from "../table/types";
import { frameDtypeOf } from "../table/columnPlan";
import type { DuckDB } from "./loadDuckDB";
import { columnTypeOfSql } from "./sqlTypes";

/** Microseconds since the epoch as the service writes a timestamp: `2020-03-02T10:05:01.000000Z`. */
function wireTimestamp(micros: bigint): string {
  const seconds = micros / 1_000_000n - (micros % 1_000_000n < 0n ? 1n : 0n);
  const fraction = micros - seconds * 1_000_000n;
  return `${new Date(Number(seconds) * 1000).toISOString().slice(0, 19)}.${String(fraction).padStart(6, "0")}Z`;
}

/** The microseconds a JavaScript Date holds (±8.64e15 ms): DuckDB's timestamps reach further. */
const DATE_MICROS = 8_640_000_000_000_000_000n;

/** DuckDB's text of an infinite date or timestamp (its node API writes them as far-off dates). */
const infinity = (positive: boolean): string => (positive ? "infinity" : "-infinity");

/**
 * A DuckDB value as a frame cell, as a pull gives it: BIGINT and DECIMAL as numbers, a timestamp in
 * the service's form, a date as `YYYY-MM-DD`, any other DuckDB value as its text (an infinite date
 * or timestamp `infinity` / `-infinity`, as DuckDB writes it).
 */
function cellOf(duckdb: DuckDB, value: unknown): unknown {
  if (typeof value === "bigint") return Number(value);
  if (value instanceof duckdb.DuckDBDecimalValue) return value.toDouble();
  if (value instanceof duckdb.DuckDBTimestampValue) {
    if (!value.isFinite) return infinity(value.micros > 0n);
    return value.micros < DATE_MICROS && value.micros > -DATE_MICROS ? wireTimestamp(value.micros) : String(value);
  }
  if (value instanceof duckdb.DuckDBDateValue && !value.isFinite) return infinity(value.days > 0);
  if (value !== null && typeof value === "object") return String(value);
  return value;
}

/**
 * A column's dtype by its SQL type and the frame's rule (frameDtypeOf), as a pull's frame holds the
 * same cells: a DOUBLE float32 even where every value is whole (a documented float), whole numbers
 * int32 when complete and within int32 (float32 with a missing cell, or beyond), none at all float32.
 */
function dtypeOf(sqlType: string, values: readonly unknown[]): ColumnDtype {
  const present = values.filter((value) => value !== null && value !== undefined);
  const complete = present.length === values.length;
  const type = columnTypeOfSql(sqlType);
  if (type !== "int64") return frameDtypeOf(type, complete);
  const int32 = present.every((value) => Number.isInteger(value) && Math.abs(value as number) < 2 ** 31);
  return frameDtypeOf(int32 ? "int64" : "double", complete);
}

/**
 * A result's column names made unique for a frame, as DuckDB's pandas `df()` makes them: a name's
 * first column keeps it, each later one is `<name>_1`, `<name>_2`, … (a name the result holds
 * already is skipped).
 */
function uniqueColumnNames(names: readonly string[]): string[] {
  const taken = new Set(names);
  const seen = new Set<string>();
  return names.map((name) => {
    if (!seen.has(name)) {
      seen.add(name);
      return name;
    }
    let suffix = 1;
    while (taken.has(`${name}_${suffix}`)) suffix++;
    taken.add(`${name}_${suffix}`);
    return `${name}_${suffix}`;
  });
}

/**
 * A query's result as a DataFrame, its columns in the result's order (a result of no rows: an empty
 * frame with its columns), a repeated name made unique (uniqueColumnNames).
 */
export function resultToFrame(duckdb: DuckDB, reader: DuckDBResultReader): Promise<DataFrame> {
  const columns = uniqueColumnNames(reader.columnNames());
  const rowCount = reader.currentRowCount;
  const types = reader.columnTypes().map(String);
  if (rowCount === 0) {
    return tableToFrame({
      columns,
      data: columns.map(() => []),
      dtypes: types.map((type) => frameDtypeOf(columnTypeOfSql(type), true)),
      rowCount,
    });
  }
  const data = reader.getColumns().map((values) => values.map((value) => cellOf(duckdb, value)));
  const dtypes = data.map((values, column) => dtypeOf(types[column], values));
  // a missing number is NaN in a pull's frame
  dtypes.forEach((dtype, column) => {
    if (dtype === "float32") data[column] = data[column].map((cell) => cell ?? NaN);
  });
  const table: ColumnTable = { columns, data, dtypes, rowCount };
  return tableToFrame(table);
}
