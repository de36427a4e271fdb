import { idValue } from "../table/columnType";
import { endpointOfMethod, buildQuery } from "../params/buildQuery";
import type { PagesOf } from "./types";
import { matchedNone, PageAudit } from "./pageAudit";

/** brandscape-data's study-level filters and the studies filter of the same meaning. */
const STUDY_FILTERS: Readonly<Record<string, string>> = {
  "filter[country_code]": "country_codes",
  "filter[countries]": "countries",
  "filter[year_number]": "year_numbers",
  "filter[years]": "years",
};
const STUDY_ID_FILTERS = ["filter[studies]", "filter[study_id]"];

export interface StudyMarks {
  /** each matching study's `data_updated_at`, by id */
  readonly marks: Record<string, string | null>;
  readonly requests: number;
}

/** A brandscape query's wire parameters (`filter[...]` and the others), of options the sync checked (and warned of) at its start. */
const brandscapeParams = (brandscapeOptions: Record<string, unknown>) =>
  buildQuery(endpointOfMethod("brandscapeData"), [brandscapeOptions], { warnFilters: false }).query.toParams("brandscape-data");

/** Whether a brandscape query keeps only some rows of the studies it covers: a filter other than the study-level ones (a brand, an audience, a metric's value). */
export function narrowsWithinStudies(brandscapeOptions: Record<string, unknown>): boolean {
  const params = brandscapeParams(brandscapeOptions);
  return Object.keys(params).some((wire) => wire.startsWith("filter[") && !(wire in STUDY_FILTERS) && !STUDY_ID_FILTERS.includes(wire));
}

/**
 * The studies a brandscape query covers and each one's `data_updated_at`: one studies request (a
 * page per 1,000 studies) with the query's country and year filters, its study ids applied here.
 * The lookup must be whole (PageAudit: every page, as many studies as its meta.total, each once),
 * or the run stops before it takes a study for gone.
 */
export async function lookUpStudies(pages: PagesOf, brandscapeOptions: Record<string, unknown>): Promise<StudyMarks> {
  const params = brandscapeParams(brandscapeOptions);
  const extraFilters: Record<string, string> = {};
  for (const [wire, studyFilter] of Object.entries(STUDY_FILTERS)) {
    if (params[wire] !== undefined) extraFilters[studyFilter] = String(params[wire]);
  }
  const wantedIds = STUDY_ID_FILTERS.flatMap((wire) => (params[wire] === undefined ? [] : String(params[wire]).split(",").map(Number)));
  const audit = new PageAudit("the study lookup");
  const ids: unknown[] = [];
  const stamps: unknown[] = [];
  let requests = 0;
  try {
    for await (const page of pages("studies", { extraFilters, fields: ["id", "data_updated_at"], perPage: 1000 })) {
      requests++;
      audit.see(page, page.records.length);
      for (const record of page.records) {
        // "1.0" is study 1, as the table's study_id holds it
        ids.push(idValue(record.id));
        stamps.push(record.data_updated_at);
      }
    }
  } catch (error) {
    if (requests > 0 || !matchedNone(error, "the study lookup")) throw audit.failed(error);
    return { marks: {}, requests: 1 };
  }
  const present = ids.filter((id) => id !== null && id !== undefined);
  audit.finish({ rows: ids.length, ids: new Set(present).size, missingIds: ids.length - present.length });
  const marks: Record<string, string | null> = {};
  ids.forEach((id, row) => {
    if (wantedIds.length === 0 || wantedIds.includes(Number(id)))
      marks[String(id)] = typeof stamps[row] === "string" ? (stamps[row] as string) : null;
  });
  return { marks, requests };
}
