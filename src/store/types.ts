import type { DataFrame } from "danfojs-node";
import type { SyncTarget, TrackedTable } from "../sync/types";

export interface WriteParquetOptions {
  /** Hive-style folders, one per value (`dir/study_id=482/...`) */
  partitionBy?: readonly string[];
}

/** A local DuckDB database that `client.sync` keeps in step with the service (`openStore`). */
export interface Store extends SyncTarget, AsyncDisposable {
  /** the database file */
  readonly path: string;
  /** A query's rows as a DataFrame; `params` fill `$1, $2, ...` (a list) or `$name` (an object). */
  query(sql: string, params?: readonly unknown[] | Record<string, unknown>): Promise<DataFrame>;
  /** What is tracked: each synced table, its endpoint and query, rows, last sync and cursor. */
  tables(): Promise<TrackedTable[]>;
  /** A table as Parquet: `dir/<table>.parquet`, or with `partitionBy` one folder per value under `dir`. */
  writeParquet(table: string, dir: string, options?: WriteParquetOptions): Promise<void>;
  /** Closes the database; harmless twice. Syncs and queries still queued run first. */
  close(): Promise<void>;
}
