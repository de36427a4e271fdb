import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { DataFrame } from "danfojs-node";
import type { DuckDBConnection, DuckDBInstance, DuckDBValue } from "@duckdb/node-api";
import { ValidationError } from "../errors";
import type { DuckDB } from "./loadDuckDB";
import { resultToFrame } from "./queryFrame";
import { quoted } from "./sqlTypes";
import { readStates, STATE_TABLE, writeState } from "./stateTable";
import { writeRows } from "./tableWrites";
import { STORE_SESSION, type SessionHolder, type Store, type StoreSession, type TrackedTable, type WriteParquetOptions } from "./types";

/** The store over one DuckDB connection (the public surface is the Store interface). */
export class DuckDBStore implements Store, SessionHolder {
  readonly #duckdb: DuckDB;
  readonly #instance: DuckDBInstance;
  readonly #connection: DuckDBConnection;
  /** one transaction at a time on this connection: later syncs and queries wait their turn */
  #queue: Promise<unknown> = Promise.resolve();
  #closed = false;

  constructor(
    readonly path: string,
    duckdb: DuckDB,
    instance: DuckDBInstance,
    connection: DuckDBConnection,
  ) {
    this.#duckdb = duckdb;
    this.#instance = instance;
    this.#connection = connection;
  }

  /** A query's rows as a DataFrame; `params` fill `$1, $2, ...` (a list) or `$name` (an object). */
  query(sql: string, params?: readonly unknown[] | Record<string, unknown>): Promise<DataFrame> {
    if (typeof sql !== "string" || sql.trim() === "") throw new ValidationError("sql", "a SQL query (text)");
    return this.#turn(async () => {
      const reader = await this.#connection.runAndReadAll(sql, params as DuckDBValue[] | Record<string, DuckDBValue> | undefined);
      return resultToFrame(this.#duckdb, reader);
    });
  }

  /** What is tracked: each synced table, its endpoint and query, rows, last sync and cursor. */
  tables(): Promise<TrackedTable[]> {
    return this.#turn(async () => {
      const states = await readStates(this.#connection);
      const tracked: TrackedTable[] = [];
      for (const state of states) {
        const rows = await this.#connection.runAndReadAll(`SELECT count(*) FROM ${quoted(state.table)}`).then(
          (reader) => Number(reader.getRows()[0][0]),
          () => 0,
        );
        tracked.push({
          table: state.table,
          endpoint: state.endpoint,
          query: state.query,
          rows,
          lastSyncedAt: state.lastRun,
          cursor: state.cursor,
        });
      }
      return tracked;
    });
  }

  /** A table as Parquet: `dir/<table>.parquet`, or with `partitionBy` one folder per value under `dir`. */
  writeParquet(table: string, dir: string, options: WriteParquetOptions = {}): Promise<void> {
    return this.#turn(async () => {
      const columns = await this.#columnsOf(table);
      if (columns.length === 0)
        throw new ValidationError("table", `a table of this store (${(await this.#tableNames()).join(", ") || "none yet"}), got ${table}`);
      const partitionBy = options.partitionBy ?? [];
      const unknown = partitionBy.filter((name) => !columns.includes(name));
      if (unknown.length > 0)
        throw new ValidationError("partitionBy", `columns of ${table} (${columns.join(", ")}), got ${unknown.join(", ")}`);
      await mkdir(dir, { recursive: true });
      const source = `SELECT * FROM ${quoted(table)}`;
      if (partitionBy.length === 0) {
        await this.#connection.run(`COPY (${source}) TO '${join(dir, `${table}.parquet`).replace(/'/g, "''")}' (FORMAT parquet)`);
      } else {
        const by = partitionBy.map(quoted).join(", ");
        await this.#connection.run(
          `COPY (${source}) TO '${dir.replace(/'/g, "''")}' (FORMAT parquet, PARTITION_BY (${by}), OVERWRITE_OR_IGNORE)`,
        );
      }
    });
  }

  /** Closes the database; harmless twice. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#queue.catch(() => undefined);
    this.#connection.closeSync();
    this.#instance.closeSync();
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }

  /** One sync's work in one transaction: committed when it resolves, rolled back when it throws. */
  [STORE_SESSION]<T>(work: (session: StoreSession) => Promise<T>): Promise<T> {
    return this.#turn(async () => {
      const connection = this.#connection;
      const session: StoreSession = {
        state: async (table) => (await readStates(connection, table))[0],
        states: () => readStates(connection),
        writeRows: (table, rows, scope) => writeRows(this.#duckdb, connection, table, rows, scope),
        saveState: (state) => writeState(connection, state),
      };
      await connection.run("BEGIN TRANSACTION");
      try {
        const result = await work(session);
        await connection.run("COMMIT");
        return result;
      } catch (error) {
        await connection.run("ROLLBACK").catch(() => undefined);
        throw error;
      }
    });
  }

  #turn<T>(work: () => Promise<T>): Promise<T> {
    if (this.#closed) return Promise.reject(new ValidationError("store", `${this.path} is closed`));
    const run = this.#queue.then(work, work);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async #columnsOf(table: string): Promise<string[]> {
    const reader = await this.#connection.runAndReadAll(
      `SELECT column_name FROM information_schema.columns WHERE table_name = $1 AND table_schema = 'main' ORDER BY ordinal_position`,
      [table],
    );
    return reader.getRows().map(([name]) => String(name));
  }

  async #tableNames(): Promise<string[]> {
    const reader = await this.#connection.runAndReadAll(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'main' AND table_name <> '${STATE_TABLE}' ORDER BY 1`,
    );
    return reader.getRows().map(([name]) => String(name));
  }
}
