import type { RecordPage } from "../pages";
import type { MethodName, ResourceName } from "../endpoints/table";

/**
 * The records each resource sends, as far as the client knows them: every named column is
 * optional, since `fields` may leave it out, and any other column (an include, a metric, a column
 * the service adds later) is still there under its name.
 */
interface WireRecord {
  id?: number;
  created_at?: string;
  updated_at?: string;
  [column: string]: unknown;
}

type Flag = 0 | 1 | boolean;
type Named = WireRecord & { name?: string };

export interface RecordsByMethod {
  audienceGroups: Named;
  audiences: Named & { active?: Flag; public?: Flag };
  brandMetricGroups: Named & { key?: string; active?: Flag; public?: Flag; position?: number };
  brandMetrics: Named & {
    key?: string; brand_metric_group_id?: number; active?: Flag; public?: Flag;
    current?: Flag; legacy?: Flag; core?: Flag; custom?: Flag; position?: number;
  };
  brands: Named & { company_id?: number; category_id?: number; is_local?: Flag };
  brandscapeData: WireRecord & {
    study_id?: number; brand_id?: number; category_id?: number; audience_id?: number;
    /** in the local spelling of the study's country */
    brand_name?: string;
    is_duplicate?: Flag;
  };
  categories: Named & { sector_id?: number };
  cities: Named & { country_id?: number; capital?: boolean; population?: number };
  collections: Named & { description?: string; public?: Flag; user_id?: number; brands_count?: number };
  companies: Named & { public?: Flag; country_id?: number | null };
  countries: Named & { code?: string; iso3?: string; region_id?: number; active?: Flag; best_countries_years?: number[] };
  regions: Named;
  sectors: Named & { in_most_influential?: Flag };
  studies: Named & {
    country_id?: number; year_id?: number; type?: { id: number; name: string; slug: string; is_bav_study: boolean };
    full_year?: Flag; released?: Flag; active?: Flag; open_survey?: Flag; sample_size?: number;
    fieldwork_start?: string; fieldwork_end?: string; released_at?: string | null; data_updated_at?: string | null;
  };
  years: WireRecord & { year?: number };
}

/** The record type of a method's resource. */
export type RecordOf<M extends MethodName> = RecordsByMethod[M];

type MethodOfResource = {
  "audience-groups": "audienceGroups"; audiences: "audiences"; "brand-metric-groups": "brandMetricGroups";
  "brand-metrics": "brandMetrics"; brands: "brands"; "brandscape-data": "brandscapeData"; categories: "categories";
  cities: "cities"; collections: "collections"; companies: "companies"; countries: "countries"; regions: "regions";
  sectors: "sectors"; studies: "studies"; years: "years";
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
