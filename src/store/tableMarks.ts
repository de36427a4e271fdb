import type { DuckDBConnection } from "@duckdb/node-api";
import type { SyncState } from "../sync/types";
import { quoted, sqlText } from "./sqlTypes";
import { writeState } from "./stateTable";
import type { StoredTables } from "./storedTables";
import { STORE_CATALOG } from "./storeFile";

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
    `SELECT comment FROM duckdb_tables() WHERE lower(table_name) = lower($1) AND schema_name = 'main' AND database_name = '${STORE_CATALOG}'`,
    [table],
  );
  const comment = reader.getRows()[0]?.[0];
  return typeof comment === "string" && comment.startsWith(MARK_PREFIX) ? comment.slice(MARK_PREFIX.length) : null;
}

/**
 * Saves a table's state, in the caller's transaction, and writes the state's mark on the table when
 * the table does not carry it yet (made by this run, or by a version that kept no marks): once a run,
 * as the run's StoredTables remember it.
 */
export async function saveMarkedState(connection: DuckDBConnection, tables: StoredTables, state: SyncState): Promise<void> {
  const stored = await tables.of(state.table);
  if (state.tableMark !== null && stored.types.size > 0 && stored.mark !== state.tableMark) {
    if ((await tableMark(connection, state.table)) !== state.tableMark)
      await connection.run(`COMMENT ON TABLE ${quoted(state.table)} IS ${sqlText(MARK_PREFIX + state.tableMark)}`);
    stored.mark = state.tableMark;
  }
  await writeState(connection, state);
}
