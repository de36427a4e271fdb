import type { StudyRecord } from "../dataset/types";
import { validationError } from "../http/errors";
import { isFilterName, readFilterValue, type FilterValue } from "../query/filterValues";
import { commaList } from "../query/parseQuery";
import type { Related } from "../resources/related";
import { COLUMN_NAME_SET } from "./columns";
import type { BrandscapeLayout } from "./layout";
import type { BrandscapeRows } from "./rows";

/**
 * A brandscape query's filters, sorted by how cheaply they apply: to studies, to audiences, to a
 * study's brands (all arithmetic on the layout), and last to single rows (metric values, id).
 */
export interface BrandscapeCriteria {
  readonly studyPositions: readonly number[];
  /** null = every audience rank */
  readonly audienceRanks: readonly number[] | null;
  readonly brandTests: ReadonlyArray<(brandId: number, studyPosition: number) => boolean>;
  readonly rowTests: ReadonlyArray<(rowIndex: number) => boolean>;
}

/** brandscape-data's additional filters (SCHEMA.json; any of its columns filters too). */
const BRANDSCAPE_FILTERS: ReadonlySet<string> = new Set([
  "country_code",
  "year_number",
  "audiences",
  "brand_name",
  "studies",
  "brands",
  "categories",
  "countries",
  "years",
  "sectors",
  "companies",
  "updated_since",
]);
/** The ids of a listed filter, or of the column filter of the same meaning (filter[study_id]=5). */
const idList = (value: FilterValue | null, raw: string): number[] => (value ?? readFilterValue("studies", raw)) as number[];

/** WIRE.md: a study, or a brand, or a country and a year together; anything else is a 400 (assumed: the docs leave it open). */
export function checkCombination(filters: ReadonlyMap<string, string>): void {
  const has = (...names: string[]) => names.some((name) => filters.has(name));
  if (has("studies", "study_id") || has("brands", "brand_id", "brand_name")) return;
  if (has("country_code", "countries") && has("year_number", "years")) return;
  throw validationError({
    filter: ["Brandscape data must be filtered by a study, a brand, or a country and a year together."],
  });
}

export function buildCriteria(
  filters: ReadonlyMap<string, string>,
  layout: BrandscapeLayout,
  rows: BrandscapeRows,
  related: Related,
  removedStudyIds: ReadonlySet<number> = new Set(),
): BrandscapeCriteria {
  const studyTests: Array<(study: StudyRecord) => boolean> = [];
  const brandTests: Array<(brandId: number, studyPosition: number) => boolean> = [];
  const rowTests: Array<(rowIndex: number) => boolean> = [];
  let audienceIds: number[] | null = null;

  for (const [name, raw] of filters) {
    const known = isFilterName(name) && BRANDSCAPE_FILTERS.has(name);
    const value = known ? readFilterValue(name, raw) : null;
    switch (known ? name : COLUMN_NAME_SET.has(name) ? `column:${name}` : "") {
      case "studies":
      case "column:study_id": {
        const wanted = idList(value, raw);
        studyTests.push((study) => wanted.includes(study.id));
        break;
      }
      case "countries":
        studyTests.push((study) => (value as number[]).includes(related.studyCountryId(study.id)));
        break;
      case "country_code":
        studyTests.push((study) => (value as string[]).includes(related.countryCode(related.studyCountryId(study.id))));
        break;
      case "years":
        studyTests.push((study) => (value as number[]).includes(related.studyYearId(study.id)));
        break;
      case "year_number":
        studyTests.push((study) => (value as number[]).includes(related.studyYear(study)));
        break;
      case "updated_since":
        studyTests.push((study) => study.data_updated_at !== null && study.data_updated_at >= (value as string));
        break;
      case "audiences":
      case "column:audience_id": {
        const wanted = idList(value, raw);
        audienceIds = audienceIds ? audienceIds.filter((id) => wanted.includes(id)) : wanted;
        break;
      }
      case "brands":
      case "column:brand_id": {
        const wanted = idList(value, raw);
        brandTests.push((brandId) => wanted.includes(brandId));
        break;
      }
      case "brand_name": {
        const countryOf = (position: number) => related.studyCountryId(layout.studies[position].id);
        brandTests.push((brandId, position) =>
          related.dataset
            .localBrandName(brandId, countryOf(position))
            .toLowerCase()
            .includes(value as string),
        );
        break;
      }
      case "categories":
      case "column:category_id": {
        const wanted = idList(value, raw);
        brandTests.push((brandId) => wanted.includes(related.brandCategoryId(brandId)));
        break;
      }
      case "sectors":
        brandTests.push((brandId) => (value as number[]).includes(related.sectorOfCategory(related.brandCategoryId(brandId))!));
        break;
      case "companies":
        brandTests.push((brandId) => (value as number[]).includes(related.brandCompanyId(brandId)));
        break;
      case "":
        break; // not a filter the service knows: ignored (WIRE.md, assumed)
      default: {
        const column = name;
        const wanted = name === "id" ? commaList(raw) : [raw];
        rowTests.push((rowIndex) => wanted.includes(String(rows.value(rows.locate(rowIndex), column))));
      }
    }
  }

  const rankOf = new Map(layout.audienceIds.map((id, rank) => [id, rank]));
  const wantedAudiences: number[] | null = audienceIds;
  return {
    studyPositions: layout.studies.flatMap((study, position) =>
      !removedStudyIds.has(study.id) && studyTests.every((test) => test(study)) ? [position] : [],
    ),
    audienceRanks:
      wantedAudiences === null
        ? null
        : [...new Set(wantedAudiences.flatMap((id) => (rankOf.has(id) ? [rankOf.get(id)!] : [])))].sort((a, b) => a - b),
    brandTests,
    rowTests,
  };
}
