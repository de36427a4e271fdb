import type { HeldPull, StoreSession } from "./types";
import { IncompletePullError } from "./types";
import type { ColumnPagesOf, PagesOf } from "./types";
import { stateAfter } from "./runState";
import { NO_CHANGES, sumChanges, withRemoved } from "./rowChanges";
import { lookUpStudies, narrowsWithinStudies } from "./studyLookup";
import { stagePull } from "./stagePull";
import { chunkColumn } from "../table/pageChunk";
import type { PageChunk } from "../table/types";
import { isMissingCell, type IdKey } from "../table/columnType";
import { fieldsOf, withFields } from "./syncOptions";
import { PageIdRanges, pullSort } from "./pageIdRanges";
import { confirmGone, confirmRemovals, MOST_REMOVALS_CHECKED } from "./removalCheck";
import { matchedNone, NOT_COMMITTED, PageAudit } from "./pageAudit";
import type { SyncOutcome, SyncRun } from "./types";

const STUDY_COLUMN = "study_id";
const STUDIES_NOT_COMMITTED = "nothing of these studies was committed: their rows and marks are as they were";
/** What a failed group leaves in a full run, which forgot the marks of the studies still to pull at its start. */
const FULL_RUN_NOT_COMMITTED =
  'nothing of these studies was committed: their rows are as they were, without their marks, which this "full" run forgot at its start, so the next run (of either mode) pulls them';

/** brandscape-data options a study id decides: its country and year, in each spelling the options take. */
const STUDY_LEVEL_OPTIONS = [
  "studies",
  "study_id",
  "studyId",
  "countryCode",
  "country_code",
  "countries",
  "yearNumber",
  "year_number",
  "years",
];

/**
 * About how many rows one pull takes: studies are pulled a few together and committed together, in
 * one transaction. A pull's first page and its latency, and a transaction's appends and commit, are
 * fixed costs a country and year of small studies would pay hundreds of times (at 372 columns
 * DuckDB's append and commit cost ~35 ms whatever the rows). Below a row group of the store's
 * (16,384 rows): with a row group's rows or more in a transaction, a thin run of 1,000,000 rows
 * peaked at 423 MiB against 349 MiB. The first pull is one study.
 */
const ROWS_PER_PULL = 10_000;
const MAX_STUDIES_PER_PULL = 100;

function nextGroupSize(rowsPerStudy: number): number {
  if (!(rowsPerStudy > 0)) return MAX_STUDIES_PER_PULL;
  return Math.max(1, Math.min(MAX_STUDIES_PER_PULL, Math.floor(ROWS_PER_PULL / rowsPerStudy)));
}

/**
 * The studies the lookup lists with a mark that came back without rows while the store holds some.
 * Without a filter narrowing rows within studies, such a study is refused, in either mode, and
 * nothing of its group is committed: only a study whose lookup mark is null (the service says it
 * has no data) takes the empty answer. With one, they are returned for confirmEmptied.
 */
function emptiedStudies(
  came: ReadonlyMap<number, number>,
  held: ReadonlySet<number>,
  group: readonly number[],
  lookupMarks: Readonly<Record<string, string | null>>,
  what: string,
  narrowed: boolean,
): number[] {
  const empty = group.filter((id) => !came.has(id) && held.has(id) && lookupMarks[String(id)] !== null);
  if (empty.length > 0 && !narrowed)
    throw new IncompletePullError(
      `${what}: the lookup lists ${empty.join(",")} (data_updated_at ${empty.map((id) => lookupMarks[String(id)]).join(",")}: it has data) ` +
        `but the brandscape data came back without rows of it, while the store holds some`,
      STUDIES_NOT_COMMITTED,
    );
  return empty;
}

/**
 * A query that keeps some rows of each study (a brand, an audience) may find none left in a study
 * the store holds rows of: each of those rows is asked for by its item route, and the study is
 * emptied only when none of them is still served in it. Returns the requests made.
 */
async function confirmEmptied(
  emptied: readonly number[],
  check: { pages: ColumnPagesOf; method: string; what: string },
  storedIds: () => Promise<readonly IdKey[]>,
): Promise<number> {
  if (emptied.length === 0) return 0;
  const ids = await storedIds();
  const studies = `${emptied.length === 1 ? "study" : "studies"} ${emptied.join(",")}`;
  if (ids.length > MOST_REMOVALS_CHECKED)
    throw new IncompletePullError(
      `${check.what}: the query's rows of ${studies} came back none, while the store holds ${ids.length} of them: whether each is gone ` +
        `is asked of the service one request a row, for at most ${MOST_REMOVALS_CHECKED}`,
      STUDIES_NOT_COMMITTED,
      {
        advice: `If the service no longer has them, delete those rows (WHERE ${STUDY_COLUMN} IN (${emptied.join(",")})) with store.query and sync again`,
      },
    );
  return confirmGone(
    { ...check, partitions: { column: STUDY_COLUMN, values: emptied } },
    ids,
    async () => new Set(),
    `the query's rows of ${studies} came back none while the service still serves these rows of it`,
    `Where those rows left the query's filter (a metric's value that changed), they are not gone: sync the query into a new table, ` +
      `or delete them (WHERE ${STUDY_COLUMN} IN (${emptied.join(",")})) with store.query and sync again`,
  );
}

/**
 * A pull's rows must be of the studies it asked for: a row of another study, or without one, would
 * be dropped when the pull is written by study, and the studies asked committed empty.
 */
function refuseOtherStudies(came: ReadonlyMap<number, number>, withoutStudy: number, group: readonly number[], what: string): void {
  const others = [...came.keys()].filter((id) => !group.includes(id)).sort((a, b) => a - b);
  if (others.length === 0 && withoutStudy === 0) return;
  const said = [
    ...(others.length > 0 ? [`its rows are of studies ${[...came.keys()].sort((a, b) => a - b).join(",")}`] : []),
    ...(withoutStudy > 0 ? [`${withoutStudy} rows came without a ${STUDY_COLUMN}`] : []),
  ];
  throw new IncompletePullError(`${what}: the pull asked for studies ${group.join(",")} but ${said.join(", and ")}`, STUDIES_NOT_COMMITTED);
}

/** Counts a pull's rows by study as its chunks arrive (rows without a study apart). */
class StudyTally {
  readonly rows = new Map<number, number>();
  withoutStudy = 0;
  /** every row, of a study or not */
  rowCount = 0;

  see = (chunk: PageChunk): void => {
    this.rowCount += chunk.rowCount;
    const cells = chunkColumn(chunk, STUDY_COLUMN);
    if (cells.length < chunk.rowCount) this.withoutStudy += chunk.rowCount - cells.length;
    for (let row = 0; row < cells.length; row++) {
      const cell = cells[row];
      const study = isMissingCell(cell) ? NaN : Number(cell);
      if (Number.isSafeInteger(study)) this.rows.set(study, (this.rows.get(study) ?? 0) + 1);
      else this.withoutStudy++;
    }
  };
}

/**
 * The query narrowed to some studies: their ids replace the study-level filters (a study has one
 * country and year, and study + country + year is no combination the service recommends); the
 * query's other filters are kept.
 */
function forStudies(options: Record<string, unknown>, studyIds: readonly number[]): Record<string, unknown> {
  const narrowed = { ...options };
  const filters = { ...(options.filters as Record<string, unknown> | undefined) };
  for (const name of STUDY_LEVEL_OPTIONS) {
    delete narrowed[name];
    delete filters[name];
  }
  return { ...narrowed, filters, studies: [...studyIds] };
}

/** A group of studies pulled and held, not yet committed. */
interface GroupPull {
  readonly group: readonly number[];
  readonly what: string;
  readonly pull: HeldPull;
  readonly pullRequests: number;
  /** the pull's rows by study */
  readonly tally: StudyTally;
  /** its pages' id ranges (and its ids, when the pages are not asked by id) */
  readonly ranges: PageIdRanges;
}

/**
 * Brandscape data by study partition. A study's brandscape data has changed exactly when its
 * `data_updated_at` has moved (the rows' own timestamps are shallow), so a run looks up the studies
 * the query covers, re-pulls those whose mark moved and those new to the query (a full run: every
 * one), and replaces their rows whole; the rows of studies the lookup no longer lists are removed.
 * Before a study's rows are replaced, the service is asked for the stored ids the replacement would
 * drop that the pull's pages cannot vouch for (removalCheck.ts; usually none).
 *
 * A long run keeps its progress: the studies gone go in a first transaction, then the studies are
 * pulled a few together (nextGroupSize, about 10,000 rows) and each group is committed in a
 * transaction of its own, every study of it whole with its mark, so a run killed after k studies
 * were committed leaves those k done and the next run pulls the other n - k; the store never holds
 * part of a study, and a kill loses at most the group in hand. A full run forgets the marks of the
 * studies it has still to pull in that first transaction, so that a killed full run is finished by
 * the next run of either mode.
 */
export async function syncBrandscape(
  pages: PagesOf,
  columnPages: ColumnPagesOf,
  session: StoreSession,
  run: SyncRun,
): Promise<SyncOutcome> {
  const options = withFields(run.options, ["id", STUDY_COLUMN]);
  const lookup = await lookUpStudies(pages, options);
  let requests = lookup.requests;
  const stored = run.before?.studyMarks ?? {};
  const full = run.full || !run.before || !run.before.studyMarks;
  const listed = Object.keys(lookup.marks);
  if (listed.length === 0) requests += await confirmNoData(pages, run, options);
  const pulled = listed
    .filter((id) => full || !(id in stored) || stored[id] !== lookup.marks[id])
    .map(Number)
    .sort((a, b) => a - b);

  const mode = full ? "full" : "incremental";
  const goneOf = (held: readonly number[]) =>
    [...new Set([...held, ...Object.keys(stored).map(Number)])].filter((id) => !(String(id) in lookup.marks)).sort((a, b) => a - b);
  // an incremental run keeps every mark but those of studies gone (a moved mark makes its study
  // pulled again anyway); a full run forgets the marks up front, so that a killed full run is
  // finished by the next run, whatever its mode
  let marks: Record<string, string | null> = full ? {} : Object.fromEntries(Object.entries(stored).filter(([id]) => id in lookup.marks));
  // the studies the table holds, read once: a study is pulled once a run, so those still to pull are as they were.
  // An incremental run reads them first: a study a failed full run left without its mark is gone when the lookup no longer lists it
  let held: Set<number> | undefined =
    full || !run.before
      ? undefined
      : new Set((await session.transaction((writes) => writes.distinctValues(run.table, STUDY_COLUMN))).map(Number));
  let gone = full ? [] : goneOf(held ? [...held] : []);
  let changes = NO_CHANGES;
  // the studies gone whose rows this run's first transaction removed (committed before any group)
  let removedGone: readonly number[] = [];
  // a first run into no table has nothing to remove or forget: its state is first saved with its first
  // group, so a run that fails before one leaves no state of a table that is not there
  const nothingHeld = !run.before && !run.replaceTable && pulled.length > 0;
  if ((full || gone.length > 0 || pulled.length === 0) && !nothingHeld) {
    const first = await session.transaction(async (writes) => {
      // the rows of a table replaced whole (another method's, or one the store did not make) are removed by the run
      const replaced = run.replaceTable ? await writes.dropTable(run.table) : 0;
      if (full) gone = goneOf((await writes.distinctValues(run.table, STUDY_COLUMN)).map(Number));
      // a lookup that listed no study had the whole query asked already (confirmNoData)
      if (listed.length > 0) requests += await confirmStudiesGone(pages, run, options, gone);
      const goneRows = await writes.removeRows(run.table, { kind: "partition", column: STUDY_COLUMN, values: gone });
      const removed = withRemoved(goneRows, replaced);
      // a first run that found no study makes its table empty, as a resource's empty first run does: a tracked table is there
      if (pulled.length === 0 && !run.before) await writes.writeStaged(run.table, { kind: "all" });
      await writes.saveState(stateAfter(run, { cursor: null, studyMarks: marks, mode, changes: removed, requests }));
      return removed;
    });
    changes = first;
    removedGone = gone;
  }

  const sort = pullSort(options);
  const narrowed = narrowsWithinStudies(options);
  const pullGroup = async (group: readonly number[]): Promise<GroupPull> => {
    const what = `sync of ${run.table}, ${group.length === 1 ? "study" : "studies"} ${group.join(",")}`;
    const pull = session.holdPull();
    const pages = columnPages(run.method, { ...forStudies(options, group), sort });
    const tally = new StudyTally();
    // a group's ids are kept whatever the sort: pages asked by id may still not come so (a text id)
    const ranges = new PageIdRanges(sort, true);
    const see = (chunk: PageChunk) => {
      tally.see(chunk);
      ranges.see(chunk);
    };
    const pullRequests = await stagePull(pages, pull, what, fieldsOf(options), see);
    return { group, what, pull, pullRequests, tally, ranges };
  };
  // studies drawn into the group in hand: an id of its pull is stored under them (the id moved between studies)
  const drawnIn: number[] = [];
  // how many of `pulled` and of `drawnIn` this run has committed, for what a failed group leaves
  let committedUpTo = 0;
  let drawnCommitted = 0;
  // the first pull is one study (its rows tell how many studies the next pulls take); each later
  // pull starts once the group before it is in its transaction, whose COMMIT goes on beside it: one
  // group is held at a time
  try {
    for (let start = 0, size = 1, joined: number[] = []; start < pulled.length;) {
      const slice = pulled.slice(start, start + size);
      const { group, what, pull, pullRequests, tally, ranges } = await pullGroup([...slice, ...joined].sort((a, b) => a - b));
      requests += pullRequests;
      const rowsPerStudy = tally.rowCount / group.length;
      refuseOtherStudies(tally.rows, tally.withoutStudy, group, what);
      held ??= new Set((await session.transaction((writes) => writes.distinctValues(run.table, STUDY_COLUMN))).map(Number));
      // rows stored by another query say nothing of what this one should find
      const emptied = run.queryChanged ? [] : emptiedStudies(tally.rows, held, group, lookup.marks, what, narrowed);
      const done = await session
        .transaction(async (writes) => {
          const only = { kind: "partition", column: STUDY_COLUMN, values: group } as const;
          requests += await confirmEmptied(emptied, { pages: columnPages, method: run.method, what }, () =>
            writes.storedIds(run.table, { kind: "partition", column: STUDY_COLUMN, values: emptied }),
          );
          if (group.some((study) => held!.has(study)) && !run.queryChanged)
            requests += await confirmRemovals(
              { pages: columnPages, method: run.method, what, ranges, partitions: { column: STUDY_COLUMN, values: group } },
              (gaps) => writes.storedIds(run.table, only, gaps),
              async () => ranges.seen!,
            );
          // a group whose pull held no rows (studies listed without data): their stored rows go; so do those
          // of a study listed without data (its mark null) in a group with rows (the others: emptiedStudies)
          const groupChanges = rowsPerStudy > 0 ? await writes.writeHeld(run.table, pull, only) : await writes.removeRows(run.table, only);
          const after = { ...marks, ...Object.fromEntries(group.map((study) => [String(study), lookup.marks[String(study)]])) };
          const total = sumChanges(changes, groupChanges);
          await writes.saveState(stateAfter(run, { cursor: null, studyMarks: after, mode, changes: total, requests }));
          return { after, total };
        })
        .catch(async (error: unknown) => {
          const moved = await movedId(error, session, run.table);
          if (moved === undefined || group.includes(moved.study) || !(String(moved.study) in lookup.marks)) throw error;
          const at = pulled.indexOf(moved.study);
          if (at >= 0 && at < start)
            throw new IncompletePullError(
              `${what}: id ${moved.id} is in study ${moved.study} too, which this run pulled and committed, so the service lists it in two studies`,
              STUDIES_NOT_COMMITTED,
            );
          // the study the id was stored under is pulled with this group and both are replaced together
          if (at >= 0) pulled.splice(at, 1);
          joined.push(moved.study);
          drawnIn.push(moved.study);
          return undefined;
        });
      if (done === undefined) continue;
      start += slice.length;
      committedUpTo = start;
      drawnCommitted = drawnIn.length;
      size = nextGroupSize(rowsPerStudy);
      joined = [];
      marks = done.after;
      changes = done.total;
    }
  } catch (error) {
    throw inRun(error, full, [...pulled.slice(0, committedUpTo), ...drawnIn.slice(0, drawnCommitted)], removedGone);
  }
  const replaced = [...pulled, ...drawnIn].sort((a, b) => a - b);
  return { mode, changes, requests, partitions: { replaced, removed: gone } };
}

const DUPLICATE_KEY = /Duplicate key "id: ([^"]*)"/;

/**
 * A group's write refused by the table's key: an id of its pull is stored under a study outside the
 * group (the service moved the row to another study). Says the id and that study, or undefined.
 */
async function movedId(error: unknown, session: StoreSession, table: string): Promise<{ id: string; study: number } | undefined> {
  // DuckDB's errors are Errors of the realm its binding was loaded in: read the message whatever the realm
  const said = (error as { message?: unknown } | null)?.message;
  const id = typeof said === "string" ? DUPLICATE_KEY.exec(said)?.[1] : undefined;
  if (id === undefined) return undefined;
  const [study] = await session.transaction((writes) => writes.distinctValues(table, STUDY_COLUMN, id));
  return study === undefined ? undefined : { id, study: Number(study) };
}

/**
 * A group's IncompletePullError told as the run leaves the store: the rows of the studies gone were
 * removed, the studies this run committed before it stay, and in a full run the studies not yet done
 * lost their marks at its start.
 */
function inRun(error: unknown, full: boolean, committed: readonly number[], removed: readonly number[]): unknown {
  if (!(error instanceof IncompletePullError) || (error.left !== STUDIES_NOT_COMMITTED && error.left !== NOT_COMMITTED)) return error;
  const group = full ? FULL_RUN_NOT_COMMITTED : STUDIES_NOT_COMMITTED;
  const gone =
    removed.length === 0 ? "" : `the rows of ${studiesNamed(removed)}, which the service no longer lists, were removed by this run; `;
  const before =
    gone +
    (committed.length === 0
      ? ""
      : `${studiesNamed(committed)}, committed by this run before it, ${committed.length === 1 ? "stays" : "stay"}; `);
  // the same stop, its cause kept (the pull's error, if any)
  return new IncompletePullError(error.reason, before + group, { cause: error.cause, advice: error.advice });
}

/** "study 3", "studies 1,2,5" (sorted), or past twenty of them "studies 1,...,20 and 480 more". */
function studiesNamed(studies: readonly number[]): string {
  const sorted = [...studies].sort((a, b) => a - b);
  const more = sorted.length > 20 ? ` and ${sorted.length - 20} more` : "";
  return `${studies.length === 1 ? "study" : "studies"} ${sorted.slice(0, 20).join(",")}${more}`;
}

/**
 * Studies the lookup no longer lists are removed only when the query's brandscape data has no row of
 * them either: a lookup that leaves out a study whose data is still served fails the run, nothing
 * committed. Returns the requests made.
 */
function confirmStudiesGone(pages: PagesOf, run: SyncRun, options: Record<string, unknown>, gone: readonly number[]): Promise<number> {
  if (gone.length === 0) return Promise.resolve(0);
  const lookupSays = `the study lookup no longer lists ${studiesNamed(gone)}`;
  return confirmNoRows(pages, run, forStudies(options, gone), {
    found: (total) =>
      `${lookupSays}, yet the query's brandscape data still has rows of ${gone.length === 1 ? "it" : "them"} (meta.total ${total}): their rows are not removed on the lookup's word`,
    asked: `${lookupSays}, and the brandscape data asked whether it has rows of them`,
  });
}

/**
 * A lookup that lists no study: the service says the query covers nothing. Before that removes
 * every stored study, the brandscape data itself is asked: rows there mean the lookup was wrong (a
 * page answered empty while its meta.total said otherwise), and the run stops.
 */
function confirmNoData(pages: PagesOf, run: SyncRun, options: Record<string, unknown>): Promise<number> {
  return confirmNoRows(pages, run, options, {
    found: (total) => `the study lookup listed no study, yet the query's brandscape data has records (meta.total ${total})`,
    asked: "the study lookup listed no study, and the brandscape data asked whether it has none",
  });
}

/**
 * The brandscape data of `query` asked for one record, where the lookup says there is none: a record
 * fails the run (IncompletePullError, nothing committed), as does a page that cannot tell. Returns the
 * requests made.
 */
async function confirmNoRows(
  pages: PagesOf,
  run: SyncRun,
  query: Record<string, unknown>,
  said: { found: (total: number | undefined) => string; asked: string },
): Promise<number> {
  let requests = 0;
  try {
    for await (const page of pages(run.method, { ...query, perPage: 1, maxPages: 1 })) {
      requests++;
      if (page.records.length > 0)
        throw new IncompletePullError(
          `sync of ${run.table}: ${said.found(page.total)}`,
          "nothing was committed: the rows and marks are as they were",
        );
    }
  } catch (error) {
    const what = `sync of ${run.table}: ${said.asked}`;
    if (requests === 0 && matchedNone(error, what)) return 1;
    throw new PageAudit(what).failed(error);
  }
  return requests;
}
