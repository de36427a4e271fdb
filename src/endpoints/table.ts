import { DOCUMENTED } from "./documented";
import type { WireFilterName } from "./filterKinds";

export type DocumentedPath = keyof typeof DOCUMENTED;

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
  /** the documented full record: key → JSON type (DOCUMENTED) */
  readonly columns: Readonly<Record<string, string>>;
  /** the wire filters the docs name for the resource (filterable columns, additional filters, updated_since) */
  readonly filters: readonly string[];
  /** the includes the docs name for the resource; suggestions only, the service decides */
  readonly includes: readonly string[];
  /** includes sent when the caller names none (API.md's include rule) */
  readonly defaultInclude?: readonly string[];
  /**
   * The docs say every column is filterable but list none (brandscape-data's ~350): a name the
   * client does not know is only worth a warning when it looks like a misspelt documented one.
   */
  readonly everyColumnFilterable?: boolean;
  /** whether the service offers top-level `search` here */
  readonly search: boolean;
  /** brandscape-data only: top-level metric_keys / metric_group_keys */
  readonly metricKeys?: boolean;
  /**
   * The docs say the resource must be filtered (WIRE.md "Records"): the client refuses a query
   * that does not narrow it, before sending (src/params/filterChecks.ts).
   */
  readonly mustBeNarrowed?: boolean;
  /**
   * Includes whose name starts one of the record's own columns (`brand` → `brand_id`,
   * `brand_name`): their columns are prefixed `global_` (src/rows/rowShape.ts). Fixed per
   * endpoint, so a column's name never depends on which fields a query asked for.
   */
  readonly globalIncludes?: readonly string[];
}

export const ENDPOINTS = [
  {
    resource: "audience-groups",
    ...DOCUMENTED["audience-groups"],
    method: "audienceGroups",
    idKey: "audienceGroupId",
    positional: ["name"],
    optionFilters: [],
    search: true,
  },
  {
    resource: "audiences",
    ...DOCUMENTED["audiences"],
    method: "audiences",
    idKey: "audienceId",
    positional: ["name", "active", "public"],
    optionFilters: ["groups", "private"],
    search: true,
  },
  {
    resource: "brand-metric-groups",
    ...DOCUMENTED["brand-metric-groups"],
    method: "brandMetricGroups",
    idKey: "groupId",
    positional: ["name", "active"],
    optionFilters: [],
    search: false,
  },
  {
    resource: "brand-metrics",
    ...DOCUMENTED["brand-metrics"],
    method: "brandMetrics",
    idKey: "metricId",
    positional: ["name", "active", "public"],
    optionFilters: ["groups", "private"],
    search: false,
  },
  {
    resource: "brands",
    ...DOCUMENTED["brands"],
    method: "brands",
    idKey: "brandId",
    positional: ["name", "countryCodes", "yearNumbers"],
    optionFilters: ["studies"],
    search: true,
  },
  {
    resource: "brandscape-data",
    ...DOCUMENTED["brandscape-data"],
    method: "brandscapeData",
    positional: ["countryCode", "yearNumber", "audiences", "brandName"],
    optionFilters: ["studies"],
    defaultInclude: ["brand", "study", "category", "audience"],
    // own columns brand_id, brand_name, study_id, category_id, category_name, audience_id, country_id, year_id (SCHEMA.json)
    globalIncludes: ["brand", "study", "category", "audience", "country", "year"],
    search: false,
    metricKeys: true,
    mustBeNarrowed: true,
    everyColumnFilterable: true,
  },
  {
    resource: "categories",
    ...DOCUMENTED["categories"],
    method: "categories",
    idKey: "categoryId",
    positional: ["name", "sectors"],
    optionFilters: [],
    defaultInclude: ["sector"],
    search: true,
  },
  {
    resource: "cities",
    ...DOCUMENTED["cities"],
    method: "cities",
    idKey: "cityId",
    positional: ["name", "capitals", "countries", "inBestCountries"],
    optionFilters: [],
    search: false,
  },
  {
    resource: "collections",
    ...DOCUMENTED["collections"],
    method: "collections",
    idKey: "collectionId",
    positional: ["name", "public"],
    optionFilters: ["sharedWithMe", "mine"],
    search: true,
  },
  {
    resource: "companies",
    ...DOCUMENTED["companies"],
    method: "companies",
    idKey: "companyId",
    positional: ["name", "public", "private", "brands"],
    optionFilters: [],
    search: false,
  },
  {
    resource: "countries",
    ...DOCUMENTED["countries"],
    method: "countries",
    idKey: "countryId",
    positional: ["name", "active", "regions", "withStudies"],
    optionFilters: ["withRecentStudies"],
    search: true,
  },
  {
    resource: "regions",
    ...DOCUMENTED["regions"],
    method: "regions",
    idKey: "regionId",
    positional: ["name"],
    optionFilters: [],
    search: true,
  },
  {
    resource: "sectors",
    ...DOCUMENTED["sectors"],
    method: "sectors",
    idKey: "sectorId",
    positional: ["name", "inMostInfluential"],
    optionFilters: [],
    search: true,
  },
  {
    resource: "studies",
    ...DOCUMENTED["studies"],
    method: "studies",
    idKey: "studyId",
    positional: ["countryCodes", "yearNumbers", "fullYear", "released", "mainStudy"],
    optionFilters: [],
    renames: { mainStudy: "bav_study" },
    search: true,
  },
  {
    resource: "years",
    ...DOCUMENTED["years"],
    method: "years",
    idKey: "yearId",
    positional: ["year"],
    optionFilters: [],
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
