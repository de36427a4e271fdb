import type { DuckDBConnection } from "@duckdb/node-api";
import { quoted, sqlText, foldedSql } from "./sqlTypes";
import { IN_STORE } from "./storeFile";

/**
 * A table the store made carries its state's mark as its comment: DuckDB keeps a table's comment
 * through a close and reopen and through ALTER TABLE, and a table dropped and made again has none,
 * so a table of a tracked name made by someone else is told from the store's own.
 */
const MARK_PREFIX = "fountframe sync ";

/**
 * The mark in the comment of the store's table of this name (any case), or null: no table, no
 * comment, another comment. A database attached beside the store's file (a copy of it) is not looked in.
 */
export async function tableMark(connection: DuckDBConnection, table: string): Promise<string | null> {
  const reader = await connection.runAndReadAll(
    `SELECT comment FROM duckdb_tables() WHERE ${foldedSql("table_name")} = ${foldedSql("$1")} AND ${IN_STORE}`,
    [table],
  );
  return markOf(reader.getRows()[0]?.[0]);
}

/** The mark a table's comment holds, or null. */
export const markOf = (comment: unknown): string | null =>
  typeof comment === "string" && comment.startsWith(MARK_PREFIX) ? comment.slice(MARK_PREFIX.length) : null;

/** The statement that writes a mark on a table, as its comment. */
export const markTableSql = (table: string, mark: string): string => `COMMENT ON TABLE ${quoted(table)} IS ${sqlText(MARK_PREFIX + mark)}`;
