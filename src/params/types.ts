import type { DOCUMENTED } from "../endpoints/documented";
import type { Endpoint, MethodName } from "../endpoints/table";
import type { FILTER_KINDS } from "../endpoints/filterKinds";
import type { FilterValue, Query, QueryInit } from "../query/query";

export type Flag = 0 | 1 | boolean;
export type OneOrMany<T> = T | readonly T[];
export type Id = number | string;

/** The value type of each filter kind (see endpoints/filterKinds.ts). */
interface KindValues {
  text: string;
  flag: Flag;
  ids: OneOrMany<Id>;
  countryCodes: OneOrMany<string>;
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

/** The documented filters of an endpoint (SCHEMA.json), snake_case and camelCase (generic form of `BrandsFilters` and its kin). */
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
  /** the endpoint's documented filters: a misspelt name is a type error (and, from plain JavaScript, a warning) */
  filters?: FiltersByMethod[M];
  /** filters the docs do not name for the endpoint, sent as given (snake_case on the wire), no warning */
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

/** The options object of one method, unnamed (`BrandsOptions` and its kin name it). */
type OptionsOf<M extends MethodName> = CommonOptions<M> & OwnParams<M> & IdParam<M> & MetricParams<M>;

/** Everything one endpoint method accepts in its options object. */
export type EndpointOptions<M extends MethodName> = OptionsByMethod[M];

/** The positional parameters, each optional and each also taking the options object (it may follow any prefix). */
type ParamsOrOptions<Names extends readonly string[], Options> = { -readonly [K in keyof Names]?: ParamValue<Names[K]> | Options };

/**
 * `(options?)` or `(p1?, p2?, ..., options?)` in the table's positional order, as one list of
 * optional parameters, each of which also takes the options object. One signature (not a union of
 * tuples, not overloads) keeps a type error short and on the bad key: "Object literal may only
 * specify known properties, but 'countryCode' does not exist in type 'BrandsFilters'. Did you mean
 * to write 'countryCodes'?" (tests/unit/typeErrors.test.ts). An options object before the last
 * argument is refused at run time (a ValidationError naming the parameter).
 */
export type EndpointArgs<M extends MethodName, Extra = unknown> = [
  ...ParamsOrOptions<EndpointOf<M>["positional"], EndpointOptions<M> & Extra>,
  options?: EndpointOptions<M> & Extra,
];

// Named interfaces, so that compiler messages and editors say `BrandsOptions`, not the generic form.
/* eslint-disable @typescript-eslint/no-empty-object-type */
export interface AudienceGroupsOptions extends OptionsOf<"audienceGroups"> {}
export interface AudiencesOptions extends OptionsOf<"audiences"> {}
export interface BrandMetricGroupsOptions extends OptionsOf<"brandMetricGroups"> {}
export interface BrandMetricsOptions extends OptionsOf<"brandMetrics"> {}
export interface BrandsOptions extends OptionsOf<"brands"> {}
export interface BrandscapeDataOptions extends OptionsOf<"brandscapeData"> {}
export interface CategoriesOptions extends OptionsOf<"categories"> {}
export interface CitiesOptions extends OptionsOf<"cities"> {}
export interface CollectionsOptions extends OptionsOf<"collections"> {}
export interface CompaniesOptions extends OptionsOf<"companies"> {}
export interface CountriesOptions extends OptionsOf<"countries"> {}
export interface RegionsOptions extends OptionsOf<"regions"> {}
export interface SectorsOptions extends OptionsOf<"sectors"> {}
export interface StudiesOptions extends OptionsOf<"studies"> {}
export interface YearsOptions extends OptionsOf<"years"> {}

export interface AudienceGroupsFilters extends FiltersOf<"audienceGroups"> {}
export interface AudiencesFilters extends FiltersOf<"audiences"> {}
export interface BrandMetricGroupsFilters extends FiltersOf<"brandMetricGroups"> {}
export interface BrandMetricsFilters extends FiltersOf<"brandMetrics"> {}
export interface BrandsFilters extends FiltersOf<"brands"> {}
export interface BrandscapeDataFilters extends FiltersOf<"brandscapeData"> {}
export interface CategoriesFilters extends FiltersOf<"categories"> {}
export interface CitiesFilters extends FiltersOf<"cities"> {}
export interface CollectionsFilters extends FiltersOf<"collections"> {}
export interface CompaniesFilters extends FiltersOf<"companies"> {}
export interface CountriesFilters extends FiltersOf<"countries"> {}
export interface RegionsFilters extends FiltersOf<"regions"> {}
export interface SectorsFilters extends FiltersOf<"sectors"> {}
export interface StudiesFilters extends FiltersOf<"studies"> {}
export interface YearsFilters extends FiltersOf<"years"> {}
/* eslint-enable @typescript-eslint/no-empty-object-type */

/** Each method's options object by name. */
export interface OptionsByMethod {
  audienceGroups: AudienceGroupsOptions;
  audiences: AudiencesOptions;
  brandMetricGroups: BrandMetricGroupsOptions;
  brandMetrics: BrandMetricsOptions;
  brands: BrandsOptions;
  brandscapeData: BrandscapeDataOptions;
  categories: CategoriesOptions;
  cities: CitiesOptions;
  collections: CollectionsOptions;
  companies: CompaniesOptions;
  countries: CountriesOptions;
  regions: RegionsOptions;
  sectors: SectorsOptions;
  studies: StudiesOptions;
  years: YearsOptions;
}

/** Each method's documented filters by name. */
export interface FiltersByMethod {
  audienceGroups: AudienceGroupsFilters;
  audiences: AudiencesFilters;
  brandMetricGroups: BrandMetricGroupsFilters;
  brandMetrics: BrandMetricsFilters;
  brands: BrandsFilters;
  brandscapeData: BrandscapeDataFilters;
  categories: CategoriesFilters;
  cities: CitiesFilters;
  collections: CollectionsFilters;
  companies: CompaniesFilters;
  countries: CountriesFilters;
  regions: RegionsFilters;
  sectors: SectorsFilters;
  studies: StudiesFilters;
  years: YearsFilters;
}
