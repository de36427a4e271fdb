/**
 * How the service reads the value of each additional `filter[<name>]` (SCHEMA.json `extra_filters`
 * and their kinds, plus the forms bavapi sends), one row per wire name; the resources pick from
 * these in resources/filters.ts and brandscape/criteria.ts. Every resource also takes updated_since;
 * filterable columns are read as text (resources/filters.ts).
 */
export type FilterKind =
  | "text" // like-match on a string (brand_name)
  | "flag" // 0/1, booleans accepted
  | "presence" // documented with no value: an empty value means 1, else as a flag
  | "ids" // one id or a list of ids, comma-joined
  | "countryCodes" // ISO 3166-1 alpha-2 codes, comma-joined
  | "yearList" // one year or a list of years (year_numbers, in_best_countries)
  | "count" // a non-negative integer (with_recent_studies: years back)
  | "datetime"; // YYYY-MM-DD HH:MM:SS

export const FILTER_KINDS = {
  brand_name: "text",
  active: "flag",
  inactive: "flag",
  public: "flag",
  private: "flag",
  current: "flag",
  legacy: "flag",
  core: "flag",
  custom: "flag",
  has_studies: "presence",
  full_year: "flag",
  released: "flag",
  unreleased: "flag",
  bav_study: "flag",
  open_survey: "flag",
  in_most_influential: "flag",
  not_in_most_influential: "flag",
  shared_with_me: "flag",
  mine: "flag",
  with_studies: "presence",
  capitals: "flag",
  groups: "ids",
  studies: "ids",
  categories: "ids",
  countries: "ids",
  regions: "ids",
  sectors: "ids",
  years: "ids",
  brands: "ids",
  audiences: "ids",
  companies: "ids",
  country_codes: "countryCodes",
  country_code: "countryCodes", // brandscape-data: a list, though singular
  year_numbers: "yearList",
  in_best_countries: "yearList",
  year_number: "yearList", // brandscape-data: a list, though singular
  with_recent_studies: "count",
  updated_since: "datetime",
  data_updated_since: "datetime",
} as const satisfies Record<string, FilterKind>;

export type FilterName = keyof typeof FILTER_KINDS;
