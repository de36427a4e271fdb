import { ValidationError } from "../errors";
import type { Query } from "../query";

export const SLOW_FILTER_WARNING = "FOUNTFRAME_SLOW_FILTER";

/** The dimensions of brandscape data the service indexes, and the wire filters that narrow each. */
const DIMENSION_FILTERS = {
  study: ["studies", "study_id"],
  audience: ["audiences", "audience_id"],
  brand: ["brands", "brand_id", "brand_name"],
  category: ["categories", "category_id"],
  country: ["country_code", "countries", "country_id"],
  year: ["year_number", "years", "year_id"],
} as const;
type Dimension = keyof typeof DIMENSION_FILTERS;

/** The combinations the service's docs recommend (brandscape data, "filtering"), read left to right. */
export const RECOMMENDED_COMBINATIONS: readonly (readonly Dimension[])[] = [
  ["study", "audience", "brand", "category"],
  ["country", "year", "audience"],
  ["brand", "audience", "country", "year"],
];

/** The dimensions a query's filters narrow, and whether it has filters outside them. */
function filteredDimensions(query: Query): { dimensions: Set<Dimension>; any: boolean } {
  const given = Object.keys(query.filters).filter((name) => query.filters[name] !== undefined);
  const dimensions = new Set<Dimension>();
  for (const [dimension, names] of Object.entries(DIMENSION_FILTERS) as [Dimension, readonly string[]][]) {
    if (names.some((name) => given.includes(name))) dimensions.add(dimension);
  }
  return { dimensions, any: given.length > 0 };
}

/** Whether these dimensions are exactly the first few of one recommended combination. */
function isRecommendedPrefix(dimensions: ReadonlySet<Dimension>): boolean {
  if (!dimensions.size) return false;
  return RECOMMENDED_COMBINATIONS.some(
    (combination) =>
      combination.length >= dimensions.size && combination.slice(0, dimensions.size).every((dimension) => dimensions.has(dimension)),
  );
}

const COMBINATIONS_TEXT = RECOMMENDED_COMBINATIONS.map((combination) => combination.join(" + ")).join("; ");

/**
 * brandscape-data must be filtered (the service's docs): a query with no filter at all is refused
 * before the wire. Any filtered query is sent; one whose filtered dimensions are not a left-to-right
 * prefix of a recommended combination gets one warning, as the service answers it slowly. Filters
 * outside those dimensions (sectors, companies, a metric column) narrow further and are left out of
 * the comparison; a query with only such filters is warned about.
 */
export function checkBrandscapeQuery(query: Query, method = "brandscapeData"): void {
  if (query.id !== undefined) return;
  const { dimensions, any } = filteredDimensions(query);
  if (!any) {
    throw new ValidationError(
      method,
      `needs at least one filter (the service requires filtering); the fast combinations, read left to right: ${COMBINATIONS_TEXT} (e.g. studies, countryCode, brandName)`,
    );
  }
  if (isRecommendedPrefix(dimensions)) return;
  const filtered = dimensions.size ? [...dimensions].join(" + ") : "no study, audience, brand, category, country or year";
  process.emitWarning(
    `${method}: filtering by ${filtered} is not a left-to-right prefix of a combination the service recommends, so it may answer slowly; recommended: ${COMBINATIONS_TEXT}`,
    { code: SLOW_FILTER_WARNING },
  );
}
