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
 * study's cells (brand and category; all arithmetic on the layout), and last to single rows
 * (metric values, id).
 */
export interface BrandscapeCriteria {
  readonly studyPositions: readonly number[];
  /** null = every audience rank */
  readonly audienceRanks: readonly number[] | null;
  readonly cellTests: ReadonlyArray<CellTest>;
  readonly rowTests: ReadonlyArray<(rowIndex: number) => boolean>;
}

type CellTest = (brandId: number, categoryId: number, studyPosition: number) => boolean;

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

/**
 * The docs: "filtering is required". A query without any filter the service knows (its
 * additional filters or a column) is a 400; any filtered one is answered, fast combination or not.
 */
export function checkFiltered(filters: ReadonlyMap<string, string>): void {
  const known = [...filters.keys()].some((name) => BRANDSCAPE_FILTERS.has(name) || COLUMN_NAME_SET.has(name));
  if (known) return;
  throw validationError({
    filter: [
      "Filtering is required on brandscape data. Recommended combinations, read from left to right: " +
        "study + audience + brand + category; country + year + audience; brand + audience + country + year.",
    ],
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
  const cellTests: CellTest[] = [];
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
      case "column:country_id": {
        const wanted = idList(value, raw);
        studyTests.push((study) => wanted.includes(related.studyCountryId(study.id)));
        break;
      }
      case "country_code":
        studyTests.push((study) => (value as string[]).includes(related.countryCode(related.studyCountryId(study.id))));
        break;
      case "years":
      case "column:year_id": {
        const wanted = idList(value, raw);
        studyTests.push((study) => wanted.includes(related.studyYearId(study.id)));
        break;
      }
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
        cellTests.push((brandId) => wanted.includes(brandId));
        break;
      }
      case "brand_name": {
        const countryOf = (position: number) => related.studyCountryId(layout.studies[position].id);
        cellTests.push((brandId, _categoryId, position) =>
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
        cellTests.push((_brandId, categoryId) => wanted.includes(categoryId));
        break;
      }
      case "sectors":
        cellTests.push((_brandId, categoryId) => (value as number[]).includes(related.sectorOfCategory(categoryId)!));
        break;
      case "companies":
        cellTests.push((brandId) => (value as number[]).includes(related.brandCompanyId(brandId)));
        break;
      case "":
        break; // not a filter the service knows: ignored (WIRE.md, assumed)
      default: {
        const column = name;
        const wanted = name === "id" ? commaList(raw) : [raw];
        rowTests.push((rowIndex) => wanted.includes(filterText(rows.value(rows.locate(rowIndex), column))));
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
    cellTests,
    rowTests,
  };
}

/** A value as a filter's text compares with it: booleans as 1/0, as the service's flags read. */
const filterText = (value: number | string | boolean | null): string => (typeof value === "boolean" ? (value ? "1" : "0") : String(value));
