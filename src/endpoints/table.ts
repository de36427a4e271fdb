import type { WireFilterName } from "./filterKinds";

/** A related resource the service can embed in a record through `include`. */
export interface IncludeSpec {
  readonly name: string;
  readonly many: boolean; // to-many arrives as a list of objects, to-one as an object
}

export interface EndpointSpec {
  /** kebab-case resource name in the URL */
  readonly resource: string;
  /** the Client method and one-off function name */
  readonly method: string;
  /** the options key holding an item id (routes to `<resource>/<id>`), if the method has one */
  readonly idKey?: string;
  /** the method's own parameters, camelCase, in positional order */
  readonly positional: readonly string[];
  /** options-only method parameters (camelCase) that map to filters */
  readonly optionFilters: readonly string[];
  /** camelCase method parameter → wire filter name, where not plain snake_case */
  readonly renames?: Readonly<Record<string, WireFilterName>>;
  /** every wire filter the resource documents (besides updated_since, which all take) */
  readonly filters: readonly WireFilterName[];
  /** includes the service offers for this resource */
  readonly includes: readonly IncludeSpec[];
  /** includes sent when the caller names none (API.md's include rule) */
  readonly defaultInclude?: readonly string[];
  /** whether the service offers top-level `search` here */
  readonly search: boolean;
  /** brandscape-data only: top-level metric_keys / metric_group_keys */
  readonly metricKeys?: boolean;
  /**
   * The docs say the resource must be filtered (WIRE.md "Records"): the client refuses a query
   * that does not narrow it, before sending (src/params/brandscapeRule.ts).
   */
  readonly mustBeNarrowed?: boolean;
  /**
   * Includes whose name starts one of the record's own columns (`brand` → `brand_id`,
   * `brand_name`): their columns are prefixed `global_` (src/frame/rowShape.ts). Fixed per
   * endpoint, so a column's name never depends on which fields a query asked for.
   */
  readonly globalIncludes?: readonly string[];
}

const one = <Name extends string>(name: Name) => ({ name, many: false }) as const satisfies IncludeSpec;
const many = <Name extends string>(name: Name) => ({ name, many: true }) as const satisfies IncludeSpec;

export const ENDPOINTS = [
  {
    resource: "audience-groups",
    method: "audienceGroups",
    idKey: "audienceGroupId",
    positional: ["name"],
    optionFilters: [],
    filters: ["name"],
    includes: [many("audiences")],
    search: true,
  },
  {
    resource: "audiences",
    method: "audiences",
    idKey: "audienceId",
    positional: ["name", "active", "public"],
    optionFilters: ["groups", "private"],
    filters: ["name", "active", "inactive", "public", "private", "groups"],
    includes: [many("groups")],
    search: true,
  },
  {
    resource: "brand-metric-groups",
    method: "brandMetricGroups",
    idKey: "groupId",
    positional: ["name", "active"],
    optionFilters: [],
    filters: ["name", "active", "inactive", "public", "private"],
    includes: [many("metrics")],
    search: false,
  },
  {
    resource: "brand-metrics",
    method: "brandMetrics",
    idKey: "metricId",
    positional: ["name", "active", "public"],
    optionFilters: ["groups", "private"],
    filters: ["name", "active", "inactive", "public", "private", "groups", "current", "legacy", "core", "custom"],
    includes: [one("group")],
    search: false,
  },
  {
    resource: "brands",
    method: "brands",
    idKey: "brandId",
    positional: ["name", "countryCodes", "yearNumbers"],
    optionFilters: ["studies"],
    filters: ["name", "country_codes", "year_numbers", "studies", "categories", "countries", "regions", "sectors", "years", "has_studies"],
    includes: [one("company"), many("categories"), many("countries")],
    search: true,
  },
  {
    resource: "brandscape-data",
    method: "brandscapeData",
    positional: ["countryCode", "yearNumber", "audiences", "brandName"],
    optionFilters: ["studies"],
    filters: [
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
    ],
    includes: [
      one("study"),
      one("year"),
      one("country"),
      one("audience"),
      many("audiences"),
      one("brand"),
      one("category"),
      one("sector"),
      one("company"),
    ],
    defaultInclude: ["brand", "study", "category", "audience"],
    // own columns brand_id, brand_name, study_id, category_id, audience_id (WIRE.md "Records")
    globalIncludes: ["brand", "study", "category", "audience"],
    search: false,
    metricKeys: true,
    mustBeNarrowed: true,
  },
  {
    resource: "categories",
    method: "categories",
    idKey: "categoryId",
    positional: ["name", "sectors"],
    optionFilters: [],
    filters: ["name", "sectors"],
    includes: [one("sector"), many("brands")],
    defaultInclude: ["sector"],
    search: true,
  },
  {
    resource: "cities",
    method: "cities",
    idKey: "cityId",
    positional: ["name", "capitals", "countries", "inBestCountries"],
    optionFilters: [],
    filters: ["name", "capitals", "countries", "regions", "in_best_countries"],
    includes: [one("country")],
    search: false,
  },
  {
    resource: "collections",
    method: "collections",
    idKey: "collectionId",
    positional: ["name", "public"],
    optionFilters: ["sharedWithMe", "mine"],
    filters: ["name", "public", "shared_with_me", "mine"],
    includes: [many("brands"), one("user")],
    search: true,
  },
  {
    resource: "companies",
    method: "companies",
    idKey: "companyId",
    positional: ["name", "public", "private", "brands"],
    optionFilters: [],
    filters: ["name", "public", "private", "brands"],
    includes: [many("brands"), one("country")],
    search: false,
  },
  {
    resource: "countries",
    method: "countries",
    idKey: "countryId",
    positional: ["name", "active", "regions", "withStudies"],
    optionFilters: ["withRecentStudies"],
    filters: ["name", "active", "regions", "with_studies", "with_recent_studies", "in_best_countries"],
    includes: [one("region"), many("cities"), many("studies")],
    search: true,
  },
  {
    resource: "regions",
    method: "regions",
    idKey: "regionId",
    positional: ["name"],
    optionFilters: [],
    filters: ["name"],
    includes: [many("countries")],
    search: true,
  },
  {
    resource: "sectors",
    method: "sectors",
    idKey: "sectorId",
    positional: ["name", "inMostInfluential"],
    optionFilters: [],
    filters: ["name", "in_most_influential", "not_in_most_influential"],
    includes: [many("categories")],
    search: true,
  },
  {
    resource: "studies",
    method: "studies",
    idKey: "studyId",
    positional: ["countryCodes", "yearNumbers", "fullYear", "released", "mainStudy"],
    optionFilters: [],
    renames: { mainStudy: "bav_study" },
    filters: [
      "country_codes",
      "year_numbers",
      "full_year",
      "released",
      "unreleased",
      "bav_study",
      "active",
      "inactive",
      "open_survey",
      "data_updated_since",
      "countries",
      "years",
      "regions",
    ],
    includes: [one("country"), one("year"), many("brands")],
    search: true,
  },
  {
    resource: "years",
    method: "years",
    idKey: "yearId",
    positional: ["year"],
    optionFilters: [],
    filters: ["year"],
    includes: [many("studies")],
    search: true,
  },
] as const satisfies readonly EndpointSpec[];

export type Endpoint = (typeof ENDPOINTS)[number];
export type MethodName = Endpoint["method"];
export type ResourceName = Endpoint["resource"];

export const ENDPOINT_BY_METHOD: ReadonlyMap<string, EndpointSpec> = new Map(ENDPOINTS.map((e) => [e.method, e]));
export const ENDPOINT_BY_RESOURCE: ReadonlyMap<string, EndpointSpec> = new Map(ENDPOINTS.map((e) => [e.resource, e]));

/** `fields[...]` is keyed by the resource name with `-` turned into `_`. */
export const fieldsKey = (resource: string): string => resource.replace(/-/g, "_");

/** camelCase parameter → snake_case wire name (`countryCodes` → `country_codes`). */
export const toSnakeCase = (key: string): string => key.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();

export const wireFilterName = (spec: EndpointSpec, param: string): string => spec.renames?.[param] ?? toSnakeCase(param);

/** Resources with extra documented routes besides collection and item. */
export const STUDY_BRANDS_ROUTE = "studies/:id/brands";
export const HEALTH_ROUTE = "health";
