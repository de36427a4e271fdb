import type { MethodName } from "../endpoints/table";
import type { OptionsByMethod } from "../params/types";
import type { RowChanges } from "../store/types";
import type { RecordPage } from "../pull/envelope";

/** `client.sync`'s options: the method's options plus where and how to sync. */
export type SyncOptions<M extends MethodName = MethodName> = OptionsByMethod[M] & {
  /** the store's table (default: the method in snake_case, `brandscape_data`) */
  table?: string;
  /** "auto" (default): incremental once the table is synced; "full": a full pull, ids gone removed */
  mode?: "auto" | "full";
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

/** What a run of one kind hands back for the report and the state. */
export interface SyncOutcome {
  readonly mode: "full" | "incremental";
  readonly changes: RowChanges;
  readonly requests: number;
  readonly cursor: string | null;
  readonly studyMarks: Readonly<Record<string, string | null>> | null;
  readonly partitions?: SyncReport["partitions"];
}

/** How a sync pulls: a method's pages, as `client.pages(method, options)` gives them. */
export type PagesOf = (method: string, options: Record<string, unknown>) => AsyncIterable<RecordPage>;
