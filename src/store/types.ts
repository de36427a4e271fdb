import type { DataFrame } from "danfojs-node";
import type { PageChunk, RowShape } from "../table/types";

/** What `store.tables()` lists: one synced query and where it stands. */
export interface TrackedTable {
  readonly table: string;
  /** the method name the sync pulls (`"brandscapeData"`, `"brands"`, ...) */
  readonly endpoint: string;
  /** the method's options as synced (filters, fields, includes, metric keys) */
  readonly query: Record<string, unknown>;
  readonly rows: number;
  /** ISO time of the last run that committed */
  readonly lastSyncedAt: string | null;
  /** resources: the newest `updated_at` seen (the next run asks from a little before it) */
  readonly cursor: string | null;
  /** the base URL of the service it was synced from (null: a store made before it was kept) */
  readonly service: string | null;
}

/** The sync state of one table, as the `fountframe_sync` table keeps it (never the token). */
export interface SyncState {
  readonly table: string;
  readonly endpoint: string;
  readonly query: Record<string, unknown>;
  readonly cursor: string | null;
  /** brandscape data: each synced study's `data_updated_at` */
  readonly studyMarks: Readonly<Record<string, string | null>> | null;
  readonly lastRun: string | null;
  readonly lastMode: string | null;
  readonly rows: number;
  readonly added: number;
  readonly updated: number;
  readonly removed: number;
  readonly requests: number;
  /** the base URL of the service the table was synced from (never the token); null in a store made before it was kept */
  readonly service: string | null;
}

/** Which stored rows the pulled rows stand for: all of them, those of the same ids, or whole partitions. */
export type RowScope =
  | { readonly kind: "all" }
  | { readonly kind: "ids" }
  | { readonly kind: "partition"; readonly column: string; readonly values: readonly number[] };

/** What writing rows changed, by `id`, and how the table's columns changed. */
export interface RowChanges {
  readonly added: number;
  readonly updated: number;
  readonly removed: number;
  readonly rows: number;
  /** columns new to the table */
  readonly addedColumns: readonly string[];
  /** columns whose type widened, as `name: OLD -> NEW` */
  readonly widenedColumns: readonly string[];
}

/** A pull's staged rows: how many, how many distinct ids, and how many without an id. */
export interface StagedCounts {
  readonly rows: number;
  readonly ids: number;
  readonly missingIds: number;
}

/** One sync's access to the store, for the whole run (client.sync uses it; not public API). */
export interface StoreSession {
  /** the tracked state of `table` (its name compared case-insensitively, as DuckDB does) */
  state(table: string): Promise<SyncState | undefined>;
  /** the name of a table or view the store holds under this name in any case, as the catalog spells it */
  existingTable(table: string): Promise<string | undefined>;
  /** `work` in one transaction: committed (and checkpointed) when it resolves, rolled back when it throws */
  transaction<T>(work: (writes: StoreWrites) => Promise<T>): Promise<T>;
}

/** The writes of one transaction. */
export interface StoreWrites {
  /** Appends a page's columns to the transaction's staging table (declaredTypes: the columns' documented types). */
  stage(chunk: PageChunk, declaredTypes?: RowShape["declaredTypes"]): Promise<void>;
  staged(): Promise<StagedCounts>;
  /** Replaces the rows in `scope` with the staged rows, or `only` those of them (creating or widening the table first). */
  writeStaged(table: string, scope: RowScope, only?: RowScope): Promise<RowChanges>;
  /** Drops the staged rows (they outlive a commit: a group of studies is committed study by study from them). */
  dropStaged(): Promise<void>;
  removeRows(table: string, scope: RowScope): Promise<RowChanges>;
  /** the distinct values of a whole-number column (the studies a table holds) */
  distinctValues(table: string, column: string): Promise<number[]>;
  dropTable(table: string): Promise<void>;
  saveState(state: SyncState): Promise<void>;
}

/** The key under which a store hands client.sync a session: shared by the package's entries (Symbol.for). */
export const STORE_SESSION: unique symbol = Symbol.for("fountframe.store.session");

/**
 * What client.sync takes: a store from openStore. Its types name no symbol (each entry's
 * declarations would hold their own copy); the session is found at run time under STORE_SESSION.
 */
export interface SyncTarget {
  readonly path: string;
  tables(): Promise<TrackedTable[]>;
}

/** A store as client.sync uses it (not public API). */
export interface SessionHolder extends SyncTarget {
  [STORE_SESSION]<T>(work: (session: StoreSession) => Promise<T>): Promise<T>;
}

export const holdsSessions = (store: unknown): store is SessionHolder =>
  typeof (store as Partial<SessionHolder> | null)?.[STORE_SESSION] === "function";

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
