import type { DataFrame } from "danfojs-node";
import type { DuckDBResultReader } from "@duckdb/node-api";
import { tableToFrame, type ColumnDtype, type ColumnTable } from "../frame";

/** A DuckDB value as a frame cell: BIGINT as a number, timestamps as ISO text, the rest as DuckDB gives it. */
function cellOf(value: unknown): unknown {
  if (typeof value === "bigint") return Number(value);
  if (value instanceof Date) return value.toISOString();
  if (value !== null && typeof value === "object") return String(value);
  return value;
}

function dtypeOf(values: readonly unknown[]): ColumnDtype {
  const present = values.filter((value) => value !== null && value !== undefined);
  if (present.length > 0 && present.every((value) => typeof value === "boolean")) return "boolean";
  if (present.length > 0 && present.every((value) => typeof value === "number")) {
    return present.every((value) => Number.isInteger(value) && Math.abs(value as number) < 2 ** 31) ? "int32" : "float32";
  }
  return "string";
}

/** A query's result as a DataFrame, its columns in the result's order. */
export function resultToFrame(reader: DuckDBResultReader): Promise<DataFrame> {
  const columns = reader.columnNames();
  const data = reader.getColumnsJS().map((values) => values.map(cellOf));
  const table: ColumnTable = { columns, data, dtypes: data.map(dtypeOf), rowCount: reader.currentRowCount };
  return tableToFrame(table);
}
