import type { RecordPage } from "../pages";
import type { MethodName, ResourceName } from "../endpoints/table";

/**
 * The records each resource sends, as far as the client knows them: every named column is
 * optional, since `fields` may leave it out, and any other column (an include, a metric, a column
 * the service adds later) is still there under its name.
 */
export interface WireRecord {
  id?: number;
  created_at?: string;
  updated_at?: string;
  [column: string]: unknown;
}

/** A yes/no column as the service sends it. */
export type WireFlag = 0 | 1 | boolean;
/** A record with a name, as most resources send. */
export type NamedRecord = WireRecord & { name?: string };

export interface RecordsByMethod {
  audienceGroups: NamedRecord;
  audiences: NamedRecord & { active?: WireFlag; public?: WireFlag };
  brandMetricGroups: NamedRecord & { key?: string; active?: WireFlag; public?: WireFlag; position?: number };
  brandMetrics: NamedRecord & {
    key?: string;
    brand_metric_group_id?: number;
    active?: WireFlag;
    public?: WireFlag;
    current?: WireFlag;
    legacy?: WireFlag;
    core?: WireFlag;
    custom?: WireFlag;
    position?: number;
  };
  brands: NamedRecord & { company_id?: number; category_id?: number; is_local?: WireFlag };
  brandscapeData: WireRecord & {
    study_id?: number;
    brand_id?: number;
    category_id?: number;
    audience_id?: number;
    /** in the local spelling of the study's country */
    brand_name?: string;
    is_duplicate?: WireFlag;
  };
  categories: NamedRecord & { sector_id?: number };
  cities: NamedRecord & { country_id?: number; capital?: boolean; population?: number };
  collections: NamedRecord & { description?: string; public?: WireFlag; user_id?: number; brands_count?: number };
  companies: NamedRecord & { public?: WireFlag; country_id?: number | null };
  countries: NamedRecord & { code?: string; iso3?: string; region_id?: number; active?: WireFlag; best_countries_years?: number[] };
  regions: NamedRecord;
  sectors: NamedRecord & { in_most_influential?: WireFlag };
  studies: NamedRecord & {
    country_id?: number;
    year_id?: number;
    type?: { id: number; name: string; slug: string; is_bav_study: boolean };
    full_year?: WireFlag;
    released?: WireFlag;
    active?: WireFlag;
    open_survey?: WireFlag;
    sample_size?: number;
    fieldwork_start?: string;
    fieldwork_end?: string;
    released_at?: string | null;
    data_updated_at?: string | null;
  };
  years: WireRecord & { year?: number };
}

/** The record type of a method's resource. */
export type RecordOf<M extends MethodName> = RecordsByMethod[M];

type MethodOfResource = {
  "audience-groups": "audienceGroups";
  audiences: "audiences";
  "brand-metric-groups": "brandMetricGroups";
  "brand-metrics": "brandMetrics";
  brands: "brands";
  "brandscape-data": "brandscapeData";
  categories: "categories";
  cities: "cities";
  collections: "collections";
  companies: "companies";
  countries: "countries";
  regions: "regions";
  sectors: "sectors";
  studies: "studies";
  years: "years";
};

/** The record type of a raw endpoint: a resource, one of its items, or studies/<id>/brands; else any JSON record. */
export type RecordOfEndpoint<E extends string> = E extends ResourceName
  ? RecordOf<MethodOfResource[E]>
  : E extends `studies/${string}/brands`
    ? RecordOf<"brands">
    : E extends `${infer R extends ResourceName}/${string}`
      ? RecordOf<MethodOfResource[R]>
      : WireRecord;

/** A page of a pull whose records are typed per endpoint. */
export type PageOf<R> = Omit<RecordPage, "records"> & { records: R[] };
