import { ValidationError } from "../errors";
import type { Query } from "../query";

const has = (query: Query, ...names: string[]) => names.some((name) => query.filters[name] !== undefined);

/**
 * brandscape-data must be narrowed: by study, or brand (id or name), or country and year
 * together; country and year always go together.
 */
export function checkBrandscapeQuery(query: Query): void {
  if (query.id !== undefined) return;
  const country = has(query, "country_code", "countries");
  const year = has(query, "year_number", "years");
  if (country !== year) {
    throw new ValidationError(
      country ? "yearNumber" : "countryCode",
      "brandscapeData needs country and year together: give countryCode (or filters.countries) with yearNumber (or filters.years)",
    );
  }
  if (!has(query, "studies", "brands", "brand_name") && !(country && year)) {
    throw new ValidationError(
      "brandscapeData",
      "needs a study (studies), a brand (brandName or filters.brands), or a country and year together (countryCode + yearNumber)",
    );
  }
}
