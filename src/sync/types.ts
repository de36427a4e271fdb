import type { MethodName } from "../endpoints/table";
import type { OptionsByMethod } from "../params/types";
import type { RowChanges, SyncState } from "../store/types";
import type { PulledPage, RecordPage } from "../pull/envelope";

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
  /** the service's base URL, as the state keeps it */
  readonly service: string;
  /** the state before the run, when the table is tracked */
  readonly before: SyncState | undefined;
  /** drop the untracked table of that name in the run's first transaction (mode "full", replaceUntrackedTable) */
  readonly replaceUntracked: boolean;
}

/** How a sync pulls: a method's pages, as `client.pages(method, options)` gives them. */
export type PagesOf = (method: string, options: Record<string, unknown>) => AsyncIterable<RecordPage>;

/** How a sync stages a pull: a method's pages as column chunks where the pull could decode them so, else records. */
export type ColumnPagesOf = (method: string, options: Record<string, unknown>) => AsyncIterable<PulledPage>;
