import { z } from "zod";
import { filterKindOf, type FilterKind } from "../endpoints/filterKinds";
import { wireFilterName, type EndpointSpec } from "../endpoints/table";
import { ValidationError } from "../errors";
import type { FilterValue, Query } from "../query/query";
import { checkWellFormed } from "../query/query";
import { describeValue } from "../text/describeValue";
import { closestName, nearName } from "../text/closestName";
import { dayOf } from "../table/columnType";

const EMPTY_LIST = "must not be an empty list";

// A query's filters checked before any request: each value against its kind (zod), names the
// endpoint does not know (a warning: the service decides), and brandscape data's filter rule.

/** One value, an array, or "a,b": always an array out. */
const asList = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.split(",").map((part) => part.trim()) : Array.isArray(value) ? value : [value]),
    z.array(item).min(1, EMPTY_LIST),
  );

const id = z.union([
  z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  z
    .string()
    .regex(/^[1-9]\d*$/)
    .refine((text) => Number.isSafeInteger(Number(text))),
]);
const year = z
  .union([z.number(), z.string().regex(/^\d{4}$/)])
  .transform(Number)
  .refine((value) => Number.isInteger(value) && value >= 1900 && value <= 2100);
const isoCode = z
  .string()
  .transform((code) => code.trim().toUpperCase())
  .refine((code) => ISO_COUNTRY_CODES.has(code));
const ISO_CODE = "an ISO 3166-1 alpha-2 country code such as US, GB, DE";

/** Codes people type that ISO does not assign (or assigns to no one), and the code they mean. */
const COUNTRY_CODE_ALIASES: Readonly<Record<string, string>> = {
  UK: "GB",
  EL: "GR",
  EN: "GB",
  USA: "US",
  UAE: "AE",
  GBR: "GB",
  GER: "DE",
  DEU: "DE",
  FRA: "FR",
  ESP: "ES",
  ITA: "IT",
  NLD: "NL",
  CHE: "CH",
  SWE: "SE",
  JPN: "JP",
  CHN: "CN",
  KOR: "KR",
  IND: "IN",
  CAN: "CA",
  AUS: "AU",
  BRA: "BR",
  MEX: "MX",
};

/** "; did you mean GB?" for the first code of `value` that is a known alias, else "". */
function countryCodeHint(value: unknown): string {
  const codes = Array.isArray(value) ? value : typeof value === "string" ? value.split(",") : [];
  for (const code of codes) {
    const meant = typeof code === "string" ? COUNTRY_CODE_ALIASES[code.trim().toUpperCase()] : undefined;
    if (meant) return `; did you mean ${meant}?`;
  }
  return "";
}

/** `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS` naming a real moment: no 13th month, 30 February or 25th hour. */
function isWireDateTime(text: string): boolean {
  const parts = /^(\d{4}-\d{2}-\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/.exec(text);
  if (!parts || dayOf(parts[1]) === undefined) return false;
  const [hours = 0, minutes = 0, seconds = 0] = parts.slice(2).map((part) => Number(part ?? 0));
  return hours <= 23 && minutes <= 59 && seconds <= 59;
}

/**
 * One zod schema per kind of filter value (lists accept one value, an array, or "a,b"), and what
 * the value must be, said in the house's words: zod's own wording never reaches the caller.
 */
const RULES: Record<FilterKind, { schema: z.ZodType; mustBe: string }> = {
  text: { schema: z.string().min(1), mustBe: "must be non-empty text" },
  flag: { schema: z.union([z.literal(0), z.literal(1), z.boolean()]), mustBe: "must be 0, 1, true or false" },
  ids: { schema: asList(id), mustBe: `must be a positive integer id (at most ${Number.MAX_SAFE_INTEGER}), or a list of them` },
  countryCodes: { schema: asList(isoCode), mustBe: `must be ${ISO_CODE}, or a list of them` },
  yearList: { schema: asList(year), mustBe: "must be a year such as 2024, or a list of them" },
  year: { schema: year, mustBe: "must be a year such as 2024" },
  count: { schema: z.number().int().min(0), mustBe: "must be a whole number, 0 or more" },
  datetime: {
    // a Date past year 9999 (or before year 0) has no four-digit year to go on the wire
    schema: z.union([
      z.date().refine((date) => date.getUTCFullYear() >= 0 && date.getUTCFullYear() <= 9999),
      z.string().refine(isWireDateTime),
    ]),
    mustBe: "must be a Date or 'YYYY-MM-DD HH:MM:SS'",
  },
};

/** A filter the table does not know: any value the wire can carry. */
const ANY_FILTER = {
  schema: z.union([z.string(), z.number().finite(), z.boolean(), z.date(), z.array(z.union([z.string(), z.number().finite()]))]),
  mustBe: "must be a string, number, boolean, Date or a list of strings/numbers",
};

/** The value the wire wants for a filter, or a ValidationError naming `parameter`. */
export function checkFilterValue(parameter: string, wireName: string, value: FilterValue): FilterValue {
  checkWellFormed(parameter, value);
  const kind = filterKindOf(wireName);
  const { schema, mustBe } = kind ? RULES[kind] : ANY_FILTER;
  const result = schema.safeParse(value);
  if (!result.success) {
    const emptyList = result.error.issues.some((issue) => issue.message === EMPTY_LIST);
    const hint = kind === "countryCodes" ? countryCodeHint(value) : "";
    throw new ValidationError(parameter, `${emptyList ? EMPTY_LIST : mustBe} (got ${describe(value)}${hint})`);
  }
  return result.data as FilterValue;
}

/** One country code (`mainStudy`'s), upper-cased, or a ValidationError naming `parameter`. */
export function checkCountryCode(parameter: string, value: unknown): string {
  const result = isoCode.safeParse(value);
  if (!result.success) throw new ValidationError(parameter, `must be ${ISO_CODE} (got ${describe(value)}${countryCodeHint(value)})`);
  return result.data;
}

function describe(value: unknown): string {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "an invalid Date" : `Date ${value.toISOString()}`;
  return describeValue(value);
}

export const UNKNOWN_FILTER_WARNING = "FOUNTFRAME_UNKNOWN_FILTER";

/**
 * brandscape-data documents every one of its ~350 columns as filterable without listing them, so
 * there a name the client does not know is only flagged when it is this close to a documented one
 * (`country_codes` for `country_code`).
 */
const MISSPELT_WITHIN = 2;

/** A filter as the caller gave it and its wire name. */
export interface GivenFilter {
  key: string;
  wireName: string;
  /** a method parameter given as 0, dropped as falsy (API.md), though the filter reads 0 as a count (with_recent_studies: this year) */
  droppedZero?: boolean;
}

/** The names the endpoint knows: its documented filters and its own parameters' wire names. */
export function knownFilters(spec: EndpointSpec): string[] {
  return [...spec.filters, ...[...spec.positional, ...spec.optionFilters].map((param) => wireFilterName(spec, param))];
}

/**
 * One warning naming every filter of a call the docs do not list for the endpoint (a method's own
 * parameter too: brandMetricGroups' `active` is bavapi's), each with the
 * closest documented name. The filters are still sent: the service may know them, and a misspelt
 * one is otherwise ignored there in silence (every record comes back).
 */
export function warnUnknownFilters(spec: EndpointSpec, given: readonly GivenFilter[]): void {
  const unknown: string[] = [];
  const told = new Set<string>();
  for (const { key, wireName, droppedZero } of given) {
    if (droppedZero || spec.filters.includes(wireName) || told.has(wireName)) continue;
    told.add(wireName);
    const closest = closestName(wireName, spec.filters);
    if (spec.everyColumnFilterable && (!closest || closest.distance > MISSPELT_WITHIN)) continue;
    const near = closest && nearName(wireName, [closest.name]);
    unknown.push(near ? `${key}: did you mean ${near}?` : key);
  }
  if (!unknown.length) return;
  process.emitWarning(
    `${spec.method}: ${unknown.length === 1 ? "a filter" : "filters"} the docs do not name for ${spec.resource}, sent as given: ${unknown.join("; ")} (give a filter you mean to send in extraFilters)`,
    { code: UNKNOWN_FILTER_WARNING },
  );
}

export const DROPPED_ZERO_WARNING = "FOUNTFRAME_DROPPED_ZERO";

/**
 * One warning for a method parameter given as 0 and dropped (falsy method parameters are, as in
 * bavapi) where the service reads 0 as a value (`with_recent_studies`: this year): every record
 * comes back instead of the few asked for. Given in `filters`, the 0 is sent.
 */
export function warnDroppedZeros(spec: EndpointSpec, given: readonly GivenFilter[]): void {
  const dropped = given.filter(
    (filter) => filter.droppedZero && !given.some((other) => other.wireName === filter.wireName && !other.droppedZero),
  );
  if (!dropped.length) return;
  const names = dropped.map(({ key }) => `${key}: 0`).join(", ");
  process.emitWarning(
    `${spec.method}: ${names} dropped, as a falsy method parameter is (bavapi's rule), so the filter is not sent and every record comes back; the service reads 0 as this year: to send it, give filters: { ${dropped.map(({ wireName }) => `${wireName}: 0`).join(", ")} }`,
    { code: DROPPED_ZERO_WARNING },
  );
}

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
const RECOMMENDED_COMBINATIONS: readonly (readonly Dimension[])[] = [
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
export function checkBrandscapeQuery(query: Query, method = "brandscapeData", warnSlow = true): void {
  if (query.id !== undefined) return;
  const { dimensions, any } = filteredDimensions(query);
  if (!any) {
    throw new ValidationError(
      method,
      `needs at least one filter (the service requires filtering); the fast combinations, read left to right: ${COMBINATIONS_TEXT} (e.g. studies, countryCode, brandName)`,
    );
  }
  if (!warnSlow || isRecommendedPrefix(dimensions)) return;
  const filtered = dimensions.size ? [...dimensions].join(" + ") : "no study, audience, brand, category, country or year";
  process.emitWarning(
    `${method}: filtering by ${filtered} is not a left-to-right prefix of a combination the service recommends, so it may answer slowly; recommended: ${COMBINATIONS_TEXT}`,
    { code: SLOW_FILTER_WARNING },
  );
}

/** ISO 3166-1 alpha-2 codes, officially assigned. */
export const ISO_COUNTRY_CODES: ReadonlySet<string> = new Set(
  (
    "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ " +
    "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR " +
    "GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP " +
    "KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT " +
    "MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW " +
    "SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG " +
    "UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW"
  ).split(" "),
);
