import { IN_STORE } from "./storeFile";
import type { DuckDBAppender, DuckDBConnection } from "@duckdb/node-api";
import type { ColumnType } from "../table/columnType";
import { columnTypeOfSql, quoted, foldedSql, foldedName } from "./sqlTypes";
import { ColumnCounts } from "../table/columnCounts";
import { markOf } from "./tableMarks";

/** A stored table as a sync run knows it: its columns' types (none: no such table), its primary key and its rows. */
export interface StoredTable {
  readonly types: Map<string, ColumnType>;
  primaryKey: boolean;
  rows: number;
  /** the mark its comment holds (tableMarks.ts), null: none */
  mark: string | null;
  /** an appender kept open from one commit to the next (an appender's memory goes only when its wrapper is collected), for the columns it was made for */
  appender?: { readonly appender: DuckDBAppender; readonly columns: string };
}

/** Lets go of an appender: what it holds unwritten (after a failed write) is dropped. */
export function closeQuietly(appender: DuckDBAppender): void {
  try {
    appender.clear();
    appender.closeSync();
  } catch {
    // it held a failed write: nothing of it is wanted
  }
}

/**
 * What a sync run knows of the store's tables: read from DuckDB's catalog once a run, then kept by
 * the run's own writes (the run holds the connection: nothing else writes meanwhile), so a commit
 * of one study asks the catalog nothing. A rolled-back transaction makes the run forget them all.
 */
export class StoredTables {
  readonly #known = new Map<string, StoredTable>();
  /** rows the run has written since DuckDB last checkpointed (store.ts checkpoints a row group's worth at a time) */
  rowsSinceCheckpoint = 0;
  /** stored numbers made text as their column turned text: cells by column, for the run's one warning */
  readonly numbersMadeText = new ColumnCounts();

  constructor(private readonly connection: DuckDBConnection) {}

  /** The table of this name, compared as DuckDB compares names (case-insensitively). */
  async of(table: string): Promise<StoredTable> {
    const key = foldedName(table);
    let known = this.#known.get(key);
    if (known === undefined) {
      known = await this.#read(table);
      this.#known.set(key, known);
    }
    return known;
  }

  /** Forgets a table (dropped), or every table (after a rollback, and at a run's end), closing their appenders. */
  forget(table?: string): void {
    const forgotten = table === undefined ? [...this.#known.keys()] : [foldedName(table)];
    for (const key of forgotten) {
      const appender = this.#known.get(key)?.appender;
      if (appender !== undefined) closeQuietly(appender.appender);
      this.#known.delete(key);
    }
  }

  /** the table in the store's file: a database attached beside it may hold one of the same name */
  async #read(table: string): Promise<StoredTable> {
    const columns = await this.connection.runAndReadAll(
      `SELECT column_name, data_type FROM duckdb_columns() WHERE ${foldedSql("table_name")} = ${foldedSql("$1")} AND ${IN_STORE} ORDER BY column_index`,
      [table],
    );
    const types = new Map(columns.getRows().map(([name, type]) => [String(name), columnTypeOfSql(String(type))]));
    if (types.size === 0) return { types, primaryKey: false, rows: 0, mark: null };
    const where = `${foldedSql("table_name")} = ${foldedSql("$1")} AND ${IN_STORE}`;
    const [keys, comment, rows] = (
      await this.connection.runAndReadAll(
        `SELECT (SELECT count(*) FROM duckdb_constraints() WHERE ${where} AND constraint_type = 'PRIMARY KEY'),
          (SELECT comment FROM duckdb_tables() WHERE ${where}), (SELECT count(*) FROM ${quoted(table)})`,
        [table],
      )
    ).getRows()[0];
    return { types, primaryKey: Number(keys) > 0, rows: Number(rows), mark: markOf(comment) };
  }
}
