import type { StoreSession, SyncState } from "../store/types";
import { pullTable } from "./pulledTable";
import type { PagesOf } from "./types";
import { lookUpStudies } from "./studyLookup";
import { withFields, type CheckedSync } from "./syncOptions";
import type { SyncOutcome } from "./types";

const STUDY_COLUMN = "study_id";

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
 * The query narrowed to some studies: the study ids replace the study-level filters (a study has
 * one country and year, and study + country + year is no combination the service recommends);
 * the query's other filters are kept.
 */
function forStudies(options: Record<string, unknown>, studyIds: readonly number[]): Record<string, unknown> {
  const narrowed = { ...options };
  const filters = { ...(options.filters as Record<string, unknown> | undefined) };
  for (const name of STUDY_LEVEL_OPTIONS) {
    delete narrowed[name];
    delete filters[name];
  }
  return { ...narrowed, filters, studies: studyIds };
}

/**
 * Brandscape data by study partition. A study's brandscape data has changed exactly when its
 * `data_updated_at` has moved (the rows' own timestamps are shallow), so a later run looks up the
 * studies the query covers, re-pulls those whose mark moved and those new to the query, and
 * replaces their rows whole; the rows of studies the lookup no longer lists are removed.
 */
export async function syncBrandscape(
  pages: PagesOf,
  session: StoreSession,
  sync: CheckedSync,
  before: SyncState | undefined,
): Promise<SyncOutcome> {
  const options = withFields(sync.options, ["id", STUDY_COLUMN]);
  const lookup = await lookUpStudies(pages, options);
  const stored = before?.studyMarks;
  if (sync.full || !before || !stored) {
    const pulled = await pullTable(pages(sync.method, options));
    const changes = await session.writeRows(sync.table, pulled.table, { kind: "all" });
    return { mode: "full", changes, requests: lookup.requests + pulled.requests, cursor: null, studyMarks: lookup.marks };
  }
  const moved = Object.keys(lookup.marks).filter((id) => !(id in stored) || stored[id] !== lookup.marks[id]);
  const gone = Object.keys(stored).filter((id) => !(id in lookup.marks));
  const replaced = moved.map(Number).sort((a, b) => a - b);
  const removed = gone.map(Number).sort((a, b) => a - b);
  const pulled =
    replaced.length > 0 ? await pullTable(pages(sync.method, forStudies(options, replaced))) : { table: undefined, requests: 0 };
  const changes = await session.writeRows(sync.table, pulled.table, {
    kind: "partition",
    column: STUDY_COLUMN,
    values: [...replaced, ...removed],
  });
  return {
    mode: "incremental",
    changes,
    requests: lookup.requests + pulled.requests,
    cursor: null,
    studyMarks: lookup.marks,
    partitions: { replaced, removed },
  };
}
