import { DOCUMENTED } from "./documented";
/**
 * What each wire filter holds, so the client can validate and encode it (the emulator keeps its
 * own reading of WIRE.md in src/emulator/wire). One row per wire filter name (snake_case);
 * resources pick from these in table.ts.
 */
export type FilterKind =
  | "text" // like-match on a string (name, brand_name)
  | "flag" // 0/1, booleans accepted
  | "ids" // one id or a list of ids, comma-joined
  | "countryCodes" // ISO 3166-1 alpha-2 codes, comma-joined
  | "yearList" // one year or a list of years (year_numbers, in_best_countries)
  | "year" // one year
  | "count" // a non-negative integer (with_recent_studies: years back)
  | "datetime"; // YYYY-MM-DD HH:MM:SS

export const FILTER_KINDS = {
  name: "text",
  brand_name: "text",
  active: "flag",
  inactive: "flag",
  public: "flag",
  private: "flag",
  current: "flag",
  legacy: "flag",
  core: "flag",
  custom: "flag",
  has_studies: "flag",
  full_year: "flag",
  released: "flag",
  unreleased: "flag",
  bav_study: "flag",
  open_survey: "flag",
  in_most_influential: "flag",
  not_in_most_influential: "flag",
  shared_with_me: "flag",
  mine: "flag",
  with_studies: "flag",
  capitals: "flag",
  id: "ids",
  bav_brand_id: "ids",
  bav_id: "ids",
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
  country_code: "countryCodes", // brandscape-data: a code list, though singular (SCHEMA.json)
  year_numbers: "yearList",
  in_best_countries: "yearList",
  year_number: "yearList", // brandscape-data: a number list, though singular (SCHEMA.json)
  year: "year",
  with_recent_studies: "count",
  updated_since: "datetime",
  data_updated_since: "datetime",
} as const satisfies Record<string, FilterKind>;

export type WireFilterName = keyof typeof FILTER_KINDS;

/** The kind a documented column's filter takes, by the column's JSON type, where FILTER_KINDS has no row. */
const KIND_BY_COLUMN_TYPE: Partial<Record<string, FilterKind>> = { boolean: "flag", string: "text" };

const COLUMN_KINDS: ReadonlyMap<string, FilterKind> = new Map(
  Object.values(DOCUMENTED).flatMap(({ columns }) =>
    Object.entries(columns).flatMap(([name, type]): Array<[string, FilterKind]> => {
      const kind = KIND_BY_COLUMN_TYPE[type];
      return kind ? [[name, kind]] : [];
    }),
  ),
);

/** How a wire filter's value is checked and encoded; undefined: any value the wire can carry. */
export const filterKindOf = (wireName: string): FilterKind | undefined =>
  (FILTER_KINDS as Record<string, FilterKind | undefined>)[wireName] ?? COLUMN_KINDS.get(wireName);

/**
 * How a true flag is written on the wire. WIRE.md: most flags are 0/1, `capitals` is documented
 * as `true` (assumed to accept `false` likewise).
 */
export const FLAG_WIRE_VALUES: Partial<Record<WireFilterName, readonly [onTrue: string, onFalse: string]>> = {
  capitals: ["true", "false"],
};
