import type { RowChanges, SyncState } from "./types";
import type { SyncRun } from "./types";

/** The state a run commits: its query, service and marks, with the counts of what it changed. */
export function stateAfter(
  run: SyncRun,
  at: {
    cursor: string | null;
    studyMarks: Readonly<Record<string, string | null>> | null;
    mode: string;
    changes: RowChanges;
    requests: number;
  },
): SyncState {
  return {
    table: run.table,
    endpoint: run.method,
    query: run.options,
    cursor: at.cursor,
    studyMarks: at.studyMarks,
    lastRun: new Date().toISOString(),
    lastMode: at.mode,
    rows: at.changes.rows,
    added: at.changes.added,
    updated: at.changes.updated,
    removed: at.changes.removed,
    requests: at.requests,
    service: run.service,
    tableMark: run.tableMark,
  };
}
