import type { DOCUMENTED } from "../endpoints/documented";
import type { Endpoint, MethodName } from "../endpoints/table";
import type { FILTER_KINDS } from "../endpoints/filterKinds";
import type { FilterValue, Query, QueryInit } from "../query";

export type Flag = 0 | 1 | boolean;
export type OneOrMany<T> = T | readonly T[];
export type Id = number | string;

/** The value type of each filter kind (see endpoints/filterKinds.ts). */
interface KindValues {
  text: string;
  flag: Flag;
  ids: OneOrMany<Id>;
  countryCodes: OneOrMany<string>;
  countryCode: string;
  yearList: OneOrMany<number>;
  year: number;
  count: number;
  datetime: Date | string;
}

type Kinds = typeof FILTER_KINDS;
type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S;
type SnakeCase<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Tail>}`
  : S;

/** Type of a method parameter by its camelCase name. */
export type ParamValue<Name extends string> = Name extends "mainStudy"
  ? Flag
  : { [W in keyof Kinds as CamelCase<W & string>]: KindValues[Kinds[W]] }[Name & CamelCase<keyof Kinds & string>];

type EndpointOf<M extends MethodName> = Extract<Endpoint, { method: M }>;
type ColumnsOf<M extends MethodName> = (typeof DOCUMENTED)[EndpointOf<M>["resource"]]["columns"];

/** A documented column's filter value by the column's JSON type. */
type ColumnValue<Type> = Type extends "boolean"
  ? Flag
  : Type extends "string"
    ? string
    : Type extends "integer" | "number"
      ? number
      : FilterValue;

/** The value a wire filter takes on an endpoint: by its kind, else by its column's type, else anything the wire carries. */
type WireValue<M extends MethodName, W extends string> = W extends keyof Kinds
  ? KindValues[Kinds[W]]
  : W extends keyof ColumnsOf<M>
    ? ColumnValue<ColumnsOf<M>[W]>
    : FilterValue;

type OwnParamName<M extends MethodName> = EndpointOf<M>["positional"][number] | EndpointOf<M>["optionFilters"][number];
/** Wire names of an endpoint's filters: the documented ones and those of the method's own parameters. */
type FilterWire<M extends MethodName> = EndpointOf<M>["filters"][number] | SnakeCase<Exclude<OwnParamName<M>, "mainStudy">>;

/**
 * The documented filters of an endpoint (SCHEMA.json), snake_case and camelCase: a misspelt name
 * is a type error. A filter the docs do not name goes in `extraFilters`.
 */
export type FiltersOf<M extends MethodName> = {
  [W in FilterWire<M> as W | CamelCase<W>]?: WireValue<M, W>;
};

/**
 * The related resources an endpoint can embed: the documented ones (and the default ones) are
 * suggested, any other name still compiles and goes to the wire, where the service decides.
 * `"no_default"` sends none of the endpoint's default includes.
 */
export type IncludeOf<M extends MethodName> =
  | EndpointOf<M>["includes"][number]
  | (EndpointOf<M> extends { defaultInclude: readonly (infer D)[] } ? D : never)
  | "no_default"
  // `string & {}` keeps the suggestions while any string compiles
  | (string & {});

/** Options every endpoint method takes. */
export interface CommonOptions<M extends MethodName = MethodName> {
  filters?: FiltersOf<M>;
  /** filters the endpoint table does not list, sent as given (snake_case on the wire) */
  extraFilters?: Record<string, FilterValue>;
  fields?: string | readonly string[];
  include?: IncludeOf<M> | readonly IncludeOf<M>[];
  /** when given, the method's own parameters and `filters` are ignored */
  query?: Query | QueryInit;
  stackData?: boolean;
  page?: number;
  perPage?: number;
  maxPages?: number;
  sort?: string;
  search?: string;
}

type OwnParams<M extends MethodName> = {
  [P in OwnParamName<M>]?: ParamValue<P>;
};
type IdParam<M extends MethodName> = EndpointOf<M> extends { idKey: infer K extends string } ? { [P in K]?: Id } : unknown;
type MetricParams<M extends MethodName> =
  EndpointOf<M> extends { metricKeys: true }
    ? { metricKeys?: string | readonly string[]; metricGroupKeys?: string | readonly string[] }
    : unknown;

/** Everything one endpoint method accepts in its options object. */
export type EndpointOptions<M extends MethodName> = CommonOptions<M> & OwnParams<M> & IdParam<M> & MetricParams<M>;

type ParamTuple<Names extends readonly string[]> = { -readonly [K in keyof Names]: ParamValue<Names[K]> | undefined };
type Prefixes<T extends unknown[]> = T extends [...infer Init, unknown] ? T | Prefixes<Init> : [];

/** `(options?)` or `(p1, p2, ..., options?)` in the table's positional order. */
export type EndpointArgs<M extends MethodName, Extra = unknown> =
  Prefixes<ParamTuple<EndpointOf<M>["positional"]>> extends infer P
    ? P extends unknown[]
      ? [...P, (EndpointOptions<M> & Extra)?]
      : never
    : never;

export type AudienceGroupsOptions = EndpointOptions<"audienceGroups">;
export type AudiencesOptions = EndpointOptions<"audiences">;
export type BrandMetricGroupsOptions = EndpointOptions<"brandMetricGroups">;
export type BrandMetricsOptions = EndpointOptions<"brandMetrics">;
export type BrandsOptions = EndpointOptions<"brands">;
export type BrandscapeDataOptions = EndpointOptions<"brandscapeData">;
export type CategoriesOptions = EndpointOptions<"categories">;
export type CitiesOptions = EndpointOptions<"cities">;
export type CollectionsOptions = EndpointOptions<"collections">;
export type CompaniesOptions = EndpointOptions<"companies">;
export type CountriesOptions = EndpointOptions<"countries">;
export type RegionsOptions = EndpointOptions<"regions">;
export type SectorsOptions = EndpointOptions<"sectors">;
export type StudiesOptions = EndpointOptions<"studies">;
export type YearsOptions = EndpointOptions<"years">;

export type AudienceGroupsFilters = FiltersOf<"audienceGroups">;
export type AudiencesFilters = FiltersOf<"audiences">;
export type BrandMetricGroupsFilters = FiltersOf<"brandMetricGroups">;
export type BrandMetricsFilters = FiltersOf<"brandMetrics">;
export type BrandsFilters = FiltersOf<"brands">;
export type BrandscapeDataFilters = FiltersOf<"brandscapeData">;
export type CategoriesFilters = FiltersOf<"categories">;
export type CitiesFilters = FiltersOf<"cities">;
export type CollectionsFilters = FiltersOf<"collections">;
export type CompaniesFilters = FiltersOf<"companies">;
export type CountriesFilters = FiltersOf<"countries">;
export type RegionsFilters = FiltersOf<"regions">;
export type SectorsFilters = FiltersOf<"sectors">;
export type StudiesFilters = FiltersOf<"studies">;
export type YearsFilters = FiltersOf<"years">;
