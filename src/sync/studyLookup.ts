import { endpointOfMethod, buildQuery } from "../params/buildQuery";
import { columnOf, pullTable } from "./pulledTable";
import type { PagesOf } from "./types";

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

/**
 * The studies a brandscape query covers and each one's `data_updated_at`: one studies request (a
 * page per 1,000 studies) with the query's country and year filters, its study ids applied here.
 */
export async function lookUpStudies(pages: PagesOf, brandscapeOptions: Record<string, unknown>): Promise<StudyMarks> {
  const params = buildQuery(endpointOfMethod("brandscapeData"), [brandscapeOptions]).query.toParams("brandscape-data");
  const extraFilters: Record<string, string> = {};
  for (const [wire, studyFilter] of Object.entries(STUDY_FILTERS)) {
    if (params[wire] !== undefined) extraFilters[studyFilter] = String(params[wire]);
  }
  const wantedIds = STUDY_ID_FILTERS.flatMap((wire) => (params[wire] === undefined ? [] : String(params[wire]).split(",").map(Number)));
  const pulled = await pullTable(pages("studies", { extraFilters, fields: ["id", "data_updated_at"], perPage: 1000 }));
  const ids = columnOf(pulled.table, "id");
  const stamps = columnOf(pulled.table, "data_updated_at");
  const marks: Record<string, string | null> = {};
  ids.forEach((id, row) => {
    if (wantedIds.length === 0 || wantedIds.includes(Number(id)))
      marks[String(id)] = typeof stamps[row] === "string" ? (stamps[row] as string) : null;
  });
  return { marks, requests: pulled.requests };
}
