import { syncReportForm, withNotebookForm } from "../display";
import { ValidationError } from "../errors";
import { holdsSessions, STORE_SESSION, type SyncTarget } from "../store/types";
import { syncBrandscape } from "./brandscapeSync";
import type { PagesOf } from "./types";
import { syncResource } from "./resourceSync";
import { checkSync } from "./syncOptions";
import type { SyncReport } from "./types";

/** Two queries pull the same rows: the page size aside. */
function sameQuery(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const rowsOf = ({ perPage: _perPage, ...rest }: Record<string, unknown>) => JSON.stringify(rest);
  return rowsOf(a) === rowsOf(b);
}

/**
 * `client.sync(store, endpoint, options)`: one run, in one transaction of the store, so that a
 * failed, interrupted or killed run leaves the store as it was; runs on one store take turns.
 */
export async function syncEndpoint(pages: PagesOf, store: SyncTarget, endpoint: unknown, options: unknown): Promise<SyncReport> {
  if (!holdsSessions(store)) {
    throw new ValidationError("store", 'a store from openStore() (import { openStore } from "fountframe/store")');
  }
  const sync = checkSync(endpoint, options);
  return store[STORE_SESSION](async (session) => {
    const before = await session.state(sync.table);
    if (before && !sync.full && (before.endpoint !== sync.method || !sameQuery(before.query, sync.options))) {
      throw new ValidationError(
        "table",
        `${sync.table} holds a sync of ${before.endpoint} ${JSON.stringify(before.query)}: give another table, or mode: "full" to replace it`,
      );
    }
    const outcome =
      sync.method === "brandscapeData"
        ? await syncBrandscape(pages, session, sync, before)
        : await syncResource(pages, session, sync, before);
    const { changes } = outcome;
    await session.saveState({
      table: sync.table,
      endpoint: sync.method,
      query: sync.options,
      cursor: outcome.cursor,
      studyMarks: outcome.studyMarks,
      lastRun: new Date().toISOString(),
      lastMode: outcome.mode,
      rows: changes.rows,
      added: changes.added,
      updated: changes.updated,
      removed: changes.removed,
      requests: outcome.requests,
    });
    return withNotebookForm<SyncReport>(
      {
        table: sync.table,
        mode: outcome.mode,
        added: changes.added,
        updated: changes.updated,
        removed: changes.removed,
        requests: outcome.requests,
        rows: changes.rows,
        ...(outcome.partitions ? { partitions: outcome.partitions } : {}),
        addedColumns: changes.addedColumns,
        widenedColumns: changes.widenedColumns,
      },
      syncReportForm,
    );
  });
}
