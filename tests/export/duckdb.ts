import { DuckDBInstance } from "@duckdb/node-api";

/** Runs one query in a fresh in-memory DuckDB: rows as plain JS objects (BIGINT as bigint, DATE and TIMESTAMP as Date). */
export async function duckRows(sql: string): Promise<Record<string, unknown>[]> {
  const instance = await DuckDBInstance.create(":memory:");
  const connection = await instance.connect();
  try {
    return (await connection.runAndReadAll(sql)).getRowObjectsJS() as Record<string, unknown>[];
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

/** Column name → DuckDB type name, as DESCRIBE gives it. */
export async function duckTypes(from: string): Promise<Record<string, string>> {
  const rows = await duckRows(`DESCRIBE SELECT * FROM ${from}`);
  return Object.fromEntries(rows.map((row) => [String(row.column_name), String(row.column_type)]));
}

/** A path as a SQL string literal. */
export const sqlText = (text: string): string => `'${text.replaceAll("'", "''")}'`;
