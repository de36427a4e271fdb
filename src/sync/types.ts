import { FountError, ValidationError } from "../errors";
import type { MethodName } from "../endpoints/table";
import type { OptionsByMethod } from "../params/types";
import type { PulledPage, RecordPage } from "../pull/envelope";
import type { PageChunk, RowShape } from "../table/types";
import type { IdKey } from "../table/columnType";

/** `client.sync`'s options: the method's options plus where and how to sync. */
export type SyncOptions<M extends MethodName = MethodName> = OptionsByMethod[M] & {
  /** the store's table (default: the method in snake_case, `brandscape_data`) */
  table?: string;
  /** "auto" (default): incremental once the table is synced; "full": a full pull, ids gone removed */
  mode?: "auto" | "full";
  /** with mode "full": replace a table of that name (any case) that the store did not make; without it such a table is refused */
  replaceUntrackedTable?: boolean;
};

/** What one sync did. */
export interface SyncReport {
  readonly table: string;
  readonly mode: "full" | "incremental";
  /** rows with ids new to the table */
  readonly added: number;
  /** rows whose ids were stored and whose values changed */
  readonly updated: number;
  /** stored rows gone: ids the service no longer lists (full), or the rows of studies gone (brandscape) */
  readonly removed: number;
  /** pages requested, the study lookup included */
  readonly requests: number;
  /** the table's rows after the sync */
  readonly rows: number;
  /** brandscape data: the studies whose rows were replaced whole, and those removed */
  readonly partitions?: { readonly replaced: readonly number[]; readonly removed: readonly number[] };
  /** columns new to the table, and columns whose type widened (`name: BIGINT -> DOUBLE`) */
  readonly addedColumns: readonly string[];
  readonly widenedColumns: readonly string[];
}

/** What a run of one kind hands back for the report. */
export interface SyncOutcome {
  readonly mode: "full" | "incremental";
  readonly changes: RowChanges;
  readonly requests: number;
  readonly partitions?: SyncReport["partitions"];
}

/** One run, as its checks settled it before any request. */
export interface SyncRun {
  readonly method: MethodName;
  /** the table's name as the store spells it (a tracked table keeps its first spelling) */
  readonly table: string;
  readonly full: boolean;
  /** the method's options, keys in order: what the state keeps as the query */
  readonly options: Record<string, unknown>;
  /** the query asks for one item by its id: a 404 says it is gone */
  readonly item: boolean;
  /** the service's base URL, as the state keeps it */
  readonly service: string;
  /** the state before the run, when the table is tracked */
  readonly before: SyncState | undefined;
  /**
   * drop the table of that name in the run's first transaction: an untracked one (mode "full",
   * replaceUntrackedTable), or a tracked one of another endpoint (mode "full": its columns are that endpoint's)
   */
  readonly replaceTable: boolean;
  /** the mark the table carries, or is given when the run makes it (or marks a table of a store made before marks) */
  readonly tableMark: string;
  /**
   * a "full" run of another query of the same method into a tracked table: the stored rows the new
   * query does not bring are out of it, not deleted, so they are removed without asking the
   * service about each (removalCheck), as a first run has nothing to ask about
   */
  readonly queryChanged: boolean;
}

/** How a sync pulls: a method's pages, as `client.pages(method, options)` gives them. */
export type PagesOf = (method: string, options: Record<string, unknown>) => AsyncIterable<RecordPage>;

/** How a sync stages a pull: a method's pages as column chunks where the pull could decode them so, else records. */
export type ColumnPagesOf = (method: string, options: Record<string, unknown>) => AsyncIterable<PulledPage>;

// The store as a sync sees it: a store (fountframe/store) implements these, and hands client.sync
// its sync, so the client and its bundle hold no store or sync code.

/** The table a sync stages its pulls in (a temporary table of the sync's connection). */
export const STAGING_TABLE = "fountframe_staging";

/**
 * A sync's pull that did not see the whole truth (a page skipped, ids repeated or missing, a study
 * lookup that disagrees with itself): nothing of it is committed, whatever `onErrors` says.
 */
export class IncompletePullError extends FountError {
  static override readonly kind: string = "IncompletePullError";
  /** why the pull is not whole */
  readonly reason: string;
  /** what the store holds after the run */
  readonly left: string;
  /** what to do about it, when there is something to do */
  readonly advice: string | undefined;

  constructor(reason: string, left: string, options: { cause?: unknown; advice?: string } = {}) {
    super(
      `${reason}; ${left}${options.advice === undefined ? "" : `. ${options.advice}`}`,
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.reason = reason;
    this.left = left;
    this.advice = options.advice;
  }
}

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
  /** the random mark the store wrote on the table it made (its comment); null in a store made before it was kept */
  readonly tableMark: string | null;
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
  /** the mark the store wrote on its table of this name (any case), or null: none (a table it did not make, or made before marks) */
  tableMark(table: string): Promise<string | null>;
  /** `work` in one transaction: committed (and checkpointed) when it resolves, rolled back when it throws */
  transaction<T>(work: (writes: StoreWrites) => Promise<T>): Promise<T>;
  /** a pull's pages to hold in memory (outside any transaction) until they are written, the group in one transaction (StoreWrites.writeHeld) */
  holdPull(): HeldPull;
}

/** Where a pull's pages go as they arrive (a transaction's staging table, or a held pull), and what they add up to. */
export interface PullSink {
  stage(chunk: PageChunk, declaredTypes?: RowShape["declaredTypes"]): Promise<void>;
  staged(): Promise<StagedCounts>;
}

/** A pull's pages as column chunks in memory: a few studies' rows, written together in one transaction. */
export type HeldPull = PullSink;

/** The writes of one transaction; as a PullSink, a page's columns go to its staging table (declaredTypes: the columns' documented types). */
export interface StoreWrites extends PullSink {
  /** Replaces the rows in `scope` with the staged rows (creating or widening the table first). */
  writeStaged(table: string, scope: RowScope): Promise<RowChanges>;
  /** Drops the staged rows. */
  dropStaged(): Promise<void>;
  /** Replaces the rows in `scope` (some studies' partitions) with the held pull's rows of that scope (creating or widening the table first). */
  writeHeld(table: string, held: HeldPull, scope: RowScope & { kind: "partition" }): Promise<RowChanges>;
  removeRows(table: string, scope: RowScope): Promise<RowChanges>;
  /** the ids of the stored rows in `scope` (numbers, or a table of text ids' texts); with `gaps`, only those strictly inside one of the pairs (and text ids that are no number) */
  storedIds(table: string, scope: RowScope, gaps?: ReadonlyArray<readonly [number, number]>): Promise<IdKey[]>;
  /** the distinct values of a column of ids (a pull's ids, the studies a table holds), as ids compare; with `ofId`, in the row of that id (its text) alone */
  distinctValues(table: string, column: string, ofId?: string): Promise<IdKey[]>;
  /** drops the table (or a view of its name), and gives the rows the table held (0 for a view) */
  dropTable(table: string): Promise<number>;
  /** saves the table's state, and writes its mark on the table when the table does not carry it yet */
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

/** A store as a sync uses it (not public API). */
export interface SessionHolder extends SyncTarget {
  [STORE_SESSION]<T>(work: (session: StoreSession) => Promise<T>): Promise<T>;
}

export const holdsSessions = (store: unknown): store is SessionHolder =>
  typeof (store as Partial<SessionHolder> | null)?.[STORE_SESSION] === "function";

/** Where a sync pulls from: the client's pages (as records, and as columns to stage), and the base URL of its service. */
export interface SyncSource {
  readonly pages: PagesOf;
  readonly columnPages: ColumnPagesOf;
  readonly baseUrl: string;
}

/** The key under which a store hands client.sync its sync: shared by the package's entries (Symbol.for). */
export const STORE_SYNC: unique symbol = Symbol.for("fountframe.store.sync");

type StoreSync = (source: SyncSource, endpoint: unknown, options: unknown) => Promise<SyncReport>;

/** What client.sync takes, as a ValidationError says it. */
export const NOT_A_STORE = 'a store from openStore() (import { openStore } from "fountframe/store")';

/** The sync a store carries (a store from openStore), or a ValidationError naming what client.sync takes. */
export function syncOfStore(store: unknown): StoreSync {
  const sync = (store as { [STORE_SYNC]?: unknown } | null)?.[STORE_SYNC];
  if (typeof sync !== "function") throw new ValidationError("store", NOT_A_STORE);
  return (sync as StoreSync).bind(store);
}
