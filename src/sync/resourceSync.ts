import type { StoreSession, SyncState } from "../store/types";
import { columnOf, pullTable } from "./pulledTable";
import type { PagesOf } from "./types";
import { newestOf, sinceFilter } from "./since";
import type { CheckedSync } from "./syncOptions";
import { withFields } from "./syncOptions";
import type { SyncOutcome } from "./types";

/**
 * A resource: the first run (or "full") pulls everything and removes ids gone; later runs ask for
 * `filter[updated_since]` from the stored cursor (less an overlap) and merge by id. Deletions are
 * only seen by a full run: the service lists what changed, not what went.
 */
export async function syncResource(
  pages: PagesOf,
  session: StoreSession,
  sync: CheckedSync,
  before: SyncState | undefined,
): Promise<SyncOutcome> {
  const incremental = !sync.full && before !== undefined && before.cursor !== null;
  const options = withFields(sync.options, ["id", "updated_at"]);
  const pullOptions = incremental
    ? { ...options, filters: { ...(options.filters as object | undefined), updated_since: sinceFilter(before.cursor!) } }
    : options;
  const pulled = await pullTable(pages(sync.method, pullOptions));
  const changes = await session.writeRows(sync.table, pulled.table, incremental ? { kind: "ids" } : { kind: "all" });
  return {
    mode: incremental ? "incremental" : "full",
    changes,
    requests: pulled.requests,
    cursor: newestOf(columnOf(pulled.table, "updated_at"), incremental ? before.cursor : null),
    studyMarks: null,
  };
}
