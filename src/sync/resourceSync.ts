import type { ColumnPagesOf, PullSink, StoreSession } from "./types";
import type { PageChunk } from "../table/types";
import { stateAfter } from "./runState";
import { newestOf, sinceFilter } from "./since";
import { fieldsOf, withFields } from "./syncOptions";
import { stagePull } from "./stagePull";
import { chunkColumn, chunkRowsWhere } from "../table/pageChunk";
import { idKey, type IdKey } from "../table/columnType";
import { ENDPOINT_BY_METHOD } from "../endpoints/table";
import { PageIdRanges, pullSort } from "./pageIdRanges";
import { confirmRemovals } from "./removalCheck";
import { IncompletePullError, STAGING_TABLE, type SyncOutcome, type SyncRun } from "./types";
import { NotFoundError } from "../errors";
import { NOT_COMMITTED } from "./pageAudit";
import { withRemoved } from "./rowChanges";

/** Whether timestamp `a` is later than `b` (both ISO text). */
const isAfter = (a: string, b: string): boolean => Date.parse(a) > Date.parse(b);

/** The filter that lists the records whose data moved though the record did not (studies' `data_updated_at`). */
const DATA_UPDATED_SINCE = "data_updated_since";

/** The query's own value of a since-filter or the run's, whichever is later (both in the wire's `YYYY-MM-DD HH:MM:SS`). */
const laterSince = (given: unknown, since: string): string => (typeof given === "string" && given > since ? given : since);

/** An item's answer holding a record of another id (or none) is not that item: refused, nothing committed. */
function refuseOtherRecords(chunk: PageChunk, itemId: IdKey, what: string): void {
  const ids = chunk.names.includes("id") ? Array.from(chunkColumn(chunk, "id")) : new Array<unknown>(chunk.rowCount);
  const at = ids.findIndex((id) => idKey(id) !== itemId);
  if (at >= 0)
    throw new IncompletePullError(`${what}: the item ${itemId} answered a record of id ${JSON.stringify(ids[at] ?? null)}`, NOT_COMMITTED);
}

/** A sink that stages only the rows whose id is not among `staged` (a second pull's rows the first one brought). */
function stagingOnlyNew(sink: PullSink, staged: ReadonlySet<IdKey>): PullSink {
  return {
    stage: (chunk, declaredTypes) => {
      const ids = chunkColumn(chunk, "id");
      return sink.stage(
        chunkRowsWhere(chunk, (row) => !staged.has(idKey(ids[row]))),
        declaredTypes,
      );
    },
    staged: () => sink.staged(),
  };
}

/**
 * A resource: the first run (or "full") pulls everything and removes ids gone; later runs ask for
 * `filter[updated_since]` from the stored cursor (less an overlap) and merge by id. Deletions are
 * only seen by a full run: the service lists what changed, not what went. One transaction a run:
 * the pages are staged as they come, checked whole, then merged with the new state. The pages are
 * asked by id unless the query sorts otherwise, and a full run asks the service for the stored ids
 * it would remove that its pages cannot vouch for (removalCheck.ts). The cursor is at most the time
 * the run started (this machine's clock): a record stamped in the future does not stop later runs
 * from seeing changes. A tracked item query (`brandId: 3`) whose item answers 404 is an item
 * deleted, as a removal's 404 is: a full run that pulled no rows. A resource whose data can move
 * without its `updated_at` (studies: `data_updated_at`) is asked by `filter[data_updated_since]`
 * too, in a second pull staged beside the first, without the ids the first one brought.
 */
export async function syncResource(pages: ColumnPagesOf, session: StoreSession, run: SyncRun): Promise<SyncOutcome> {
  const { before } = run;
  const startedAt = new Date().toISOString();
  // a stored cursor past the run's start (one record stamped in the future froze it, in an earlier
  // version) would ask for nothing ever again: such a run is a full one
  const incremental = !run.full && before !== undefined && before.cursor !== null && !isAfter(before.cursor, startedAt);
  const options = withFields(run.options, ["id", "updated_at"]);
  const sort = pullSort(options);
  const askedFilters = (options.filters ?? {}) as Record<string, unknown>;
  const since = incremental ? sinceFilter(before.cursor!) : "";
  const sinceOptions = (filter: string) => ({
    ...options,
    sort,
    filters: { ...askedFilters, [filter]: laterSince(askedFilters[filter], since) },
  });
  const pullOptions = incremental ? sinceOptions("updated_since") : { ...options, sort };
  const spec = ENDPOINT_BY_METHOD.get(run.method)!;
  const dataMoves = incremental && !run.item && spec.filters.includes(DATA_UPDATED_SINCE);
  const itemId = run.item ? idKey(run.options[spec.idKey!]) : undefined;
  return session.transaction(async (writes) => {
    // the rows of a table replaced whole (another method's, or one the store did not make) are removed by the run
    const replaced = run.replaceTable ? await writes.dropTable(run.table) : 0;
    let cursor = incremental ? before.cursor : null;
    const what = `sync of ${run.table} (${run.method})`;
    const ranges = new PageIdRanges(sort);
    const pulledIds = new Set<IdKey>();
    const seeChunk = (chunk: PageChunk) => {
      cursor = newestOf(chunkColumn(chunk, "updated_at"), cursor);
      ranges.see(chunk);
      if (dataMoves) for (const id of Array.from(chunkColumn(chunk, "id"))) pulledIds.add(idKey(id));
      if (itemId !== undefined) refuseOtherRecords(chunk, itemId, what);
    };
    const staged = stagePull(pages(run.method, pullOptions), writes, what, fieldsOf(options), seeChunk);
    let requests: number;
    try {
      requests = await staged;
    } catch (error) {
      // a tracked item's 404 is its deletion (on a first run, a mistyped id: the error stands)
      if (!(run.item && before !== undefined && error instanceof NotFoundError)) throw error;
      const changes = withRemoved(await writes.writeStaged(run.table, { kind: "all" }), replaced);
      await writes.saveState(stateAfter(run, { cursor: null, studyMarks: null, mode: "full", changes, requests: 1 }));
      return { mode: "full", changes, requests: 1 };
    }
    if (dataMoves)
      requests += await stagePull(
        pages(run.method, sinceOptions(DATA_UPDATED_SINCE)),
        stagingOnlyNew(writes, pulledIds),
        `${what}, records whose data moved`,
        fieldsOf(options),
        (chunk) => (cursor = newestOf(chunkColumn(chunk, "updated_at"), cursor)),
      );
    if (!incremental && !run.queryChanged)
      requests += await confirmRemovals(
        { pages, method: run.method, what, ranges },
        (gaps) => writes.storedIds(run.table, { kind: "all" }, gaps),
        async () => new Set(await writes.distinctValues(STAGING_TABLE, "id")),
      );
    // a record stamped in the future (updated_at 2099) would freeze the cursor: it is at most the run's start
    if (cursor !== null && isAfter(cursor, startedAt)) cursor = startedAt;
    const changes = withRemoved(await writes.writeStaged(run.table, incremental ? { kind: "ids" } : { kind: "all" }), replaced);
    const mode = incremental ? "incremental" : "full";
    await writes.saveState(stateAfter(run, { cursor, studyMarks: null, mode, changes, requests }));
    return { mode, changes, requests };
  });
}
