import type { DuckDBConnection } from "@duckdb/node-api";
import { sqlText } from "./sqlTypes";

/**
 * Settings that change what the store's own SQL means (how text compares, which way ORDER BY runs,
 * what `/` gives, how an error reads). DuckDB keeps a SET of them for the whole database, so a user's
 * SQL on its own connection (`SET default_collation = 'nocase'`, `SET default_order = 'DESC'`)
 * would reach a sync's: ids `a4` and `A4` one row, a table's columns read in reverse.
 */
const MEANING_SETTINGS = [
  "Calendar",
  "TimeZone",
  "default_collation",
  "default_null_order",
  "default_order",
  "errors_as_json",
  "ieee_floating_point_ops",
  "integer_division",
  "lambda_syntax",
  "max_expression_depth",
  "old_implicit_casting",
  "order_by_non_integer_literal",
  "preserve_insertion_order",
  "scalar_subquery_error_on_multiple_rows",
];

/**
 * Pins MEANING_SETTINGS on the store's own connection at their values in a new DuckDB (called on
 * one, before any SQL of a user's ran), for its session: a session's value outweighs the database's,
 * whatever SQL sets later on another connection.
 */
export async function pinMeaningSettings(connection: DuckDBConnection): Promise<void> {
  const reader = await connection.runAndReadAll(
    `SELECT name, value FROM duckdb_settings() WHERE name IN (${MEANING_SETTINGS.map(sqlText).join(", ")})`,
  );
  for (const [name, value] of reader.getRows()) await connection.run(`SET SESSION ${String(name)} = ${sqlText(String(value))}`);
}
