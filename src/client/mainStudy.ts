import { DataNotFoundError, ValidationError } from "../errors";
import { describeValue } from "../text/describeValue";
import type { JsonRecord } from "../table/types";
import { checkCountryCode } from "../params/filterChecks";
import type { QueryInit } from "../query/query";

/** How the records of an endpoint are fetched: the client's rawQuery. */
export type RecordsOf = (endpoint: string, query: QueryInit) => Promise<JsonRecord[]>;

/** The year a study's data belongs to: its start date's year, as its name says ("Germany 2024"). */
const yearOf = (study: JsonRecord): number => Number(String(study.start_date ?? "").slice(0, 4));

/**
 * The id of the study an analyst means by "Germany 2024": the country's main BAV study of that
 * year (full year, released), or without a year its latest. One request (`studies` filtered by
 * country code, year, `bav_study`, `released`, `full_year`); a country code is checked as every
 * `countryCodes` is (`UK` is refused with "did you mean GB?").
 */
export async function mainStudyId(records: RecordsOf, countryCode: string, year?: number): Promise<number> {
  if (year !== undefined && !(Number.isInteger(year) && year >= 1900 && year <= 2100)) {
    throw new ValidationError("year", `must be a year such as 2024 (got ${describeValue(year)})`);
  }
  const code = checkCountryCode("countryCode", countryCode);
  const notFound = () =>
    new DataNotFoundError(
      `no released main study of ${code}${year !== undefined ? ` in ${year}` : ""}: client.studies(${JSON.stringify(code)}) lists the studies there are`,
    );
  const studies = await records("studies", {
    filters: { country_codes: code, ...(year !== undefined ? { year_numbers: year } : {}), bav_study: 1, released: 1, full_year: 1 },
    fields: ["id", "name", "start_date"],
    perPage: 1000,
  }).catch((error: unknown) => {
    throw error instanceof DataNotFoundError ? notFound() : error;
  });
  const latest = [...studies].sort((a, b) => yearOf(b) - yearOf(a) || Number(b.id) - Number(a.id))[0];
  if (!latest) throw notFound();
  return latest.id as number;
}
