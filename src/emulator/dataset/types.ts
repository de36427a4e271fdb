/**
 * The records as the service documents them (SCHEMA.json `full`): every key and no other. What
 * links records together (a study's country, a brand's company) is not a documented key, so it
 * lives in the dataset's side tables (`Links`), never in a record.
 */
export interface WireRecord {
  id: number;
  [column: string]: unknown;
}

export interface Stamped {
  created_at: string;
  updated_at: string;
}

export interface RegionRecord extends WireRecord, Stamped {
  name: string;
}
export interface CountryRecord extends WireRecord, Stamped {
  is_active: boolean;
  name: string;
  native_name: string;
  code: string;
  code_alpha3: string;
  code_numeric: string;
  capital: string;
  area: string;
  latitude: string;
  longitude: string;
  flag: string;
}
export interface CityRecord extends WireRecord, Stamped {
  name: string;
  latitude: string;
  longitude: string;
  timezone: string;
  population: number;
  elevation: number;
  digital_elevation_model: number;
  /** GeoNames feature code: PPLC for a capital (the `capitals` filter), PPLA / PPL otherwise */
  geonames_feature_code: string;
}
export interface YearRecord extends WireRecord, Stamped {
  year: number;
  has_ogilvy_impact: boolean;
}
export interface StudyType {
  id: number;
  name: string;
  slug: string;
  is_bav_study: boolean;
}
export interface StudyPeriod {
  id: number;
  name: string;
  is_full_year: boolean;
}
export interface StudyRecord extends WireRecord, Stamped {
  name: string;
  is_active: boolean;
  type: StudyType;
  period: StudyPeriod;
  start_date: string;
  end_date: string;
  /** null until the study is released */
  data_available_at: string | null;
  respondents: number;
  categories: number;
  data_updated_at: string | null;
  amount_of_cells: number;
  amount_of_brands: number;
}
export interface SectorRecord extends WireRecord, Stamped {
  is_active: boolean;
  name: string;
  excluded_for_most_influential: boolean;
}
export interface CategoryRecord extends WireRecord, Stamped {
  name: string;
}
export interface CompanyOfficer {
  name: string;
  title: string;
}
export interface CompanyRecord extends WireRecord, Stamped {
  name: string;
  description: string;
  currency: string;
  /** null for a private company */
  isin: string | null;
  ipo_date: string | null;
  fiscal_year_end: string;
  street_address: string;
  state: string;
  postal_code: string;
  city: string;
  website_url: string;
  officers: CompanyOfficer[];
}
export interface BrandRecord extends WireRecord, Stamped {
  bav_brand_id: number;
  bav_id: number;
  name: string;
  share_of_company: number;
  is_core: boolean;
  is_studied_globally: boolean;
  url: string;
  logo_url: string;
}
export interface AudienceGroupRecord extends WireRecord, Stamped {
  name: string;
  description: string;
}
export interface AudienceRecord extends WireRecord, Stamped {
  name: string;
  description: string;
  is_active: boolean;
  is_public: boolean;
  available_for_bav: boolean;
  available_for_bc: boolean;
  bc_filters: string[];
  available_for_diversity: boolean;
  is_ethnic_minority: boolean;
}
export interface MetricGroupRecord extends WireRecord, Stamped {
  name: string;
  key: string;
  description: string;
  is_public: boolean;
}
export interface MetricRecord extends WireRecord, Stamped {
  name: string;
  description: string;
  is_active: boolean;
  is_public: boolean;
  is_core: boolean;
  is_legacy: boolean;
  has_construct_score: boolean;
  has_percentile_rank_score: boolean;
  has_percentage_score: boolean;
  has_value_score: boolean;
  has_index_score: boolean;
  brandscape_data_columns: string[];
}
export interface CollectionRecord extends WireRecord, Stamped {
  name: string;
  collection_type: string;
  uuid: string;
}
export interface UserRecord extends WireRecord {
  name: string;
  email: string;
}

/** The relations between records and the facts behind some filters: none of them is a documented key. */
export interface Links {
  readonly countryRegion: ReadonlyMap<number, number>;
  readonly countryBestYears: ReadonlyMap<number, readonly number[]>;
  readonly cityCountry: ReadonlyMap<number, number>;
  readonly studyCountry: ReadonlyMap<number, number>;
  readonly studyYear: ReadonlyMap<number, number>;
  readonly categorySector: ReadonlyMap<number, number>;
  /** null when the headquarters are outside the emulator's countries */
  readonly companyCountry: ReadonlyMap<number, number | null>;
  readonly brandCompany: ReadonlyMap<number, number>;
  /** the category a brand is studied in first (brandCategoryIds[0]) */
  readonly brandCategory: ReadonlyMap<number, number>;
  readonly audienceGroup: ReadonlyMap<number, number>;
  readonly metricGroup: ReadonlyMap<number, number>;
  /** the metric's key: brandscape-data's column stem, metric_keys' and the tools' name for it */
  readonly metricKey: ReadonlyMap<number, string>;
  /** metrics a client commissioned (brand-metrics `custom`) */
  readonly customMetrics: ReadonlySet<number>;
  /** metric groups in use (brand-metric-groups `active`, a filter bavapi sends; no documented column) */
  readonly activeMetricGroups: ReadonlySet<number>;
  readonly collectionOwner: ReadonlyMap<number, number>;
  readonly publicCollections: ReadonlySet<number>;
}

/** Everything the emulator serves besides brandscape rows, plus the relations records don't show. */
export interface Dataset {
  readonly seed: number;
  readonly regions: RegionRecord[];
  readonly countries: CountryRecord[];
  readonly cities: CityRecord[];
  readonly years: YearRecord[];
  readonly studies: StudyRecord[];
  readonly sectors: SectorRecord[];
  readonly categories: CategoryRecord[];
  readonly companies: CompanyRecord[];
  readonly brands: BrandRecord[];
  readonly audienceGroups: AudienceGroupRecord[];
  readonly audiences: AudienceRecord[];
  readonly metricGroups: MetricGroupRecord[];
  readonly metrics: MetricRecord[];
  readonly collections: CollectionRecord[];
  readonly users: UserRecord[];
  readonly links: Links;
  /** brand ids surveyed in each study, ascending */
  readonly studyBrandIds: ReadonlyMap<number, readonly number[]>;
  readonly brandStudyIds: ReadonlyMap<number, readonly number[]>;
  readonly brandCategoryIds: ReadonlyMap<number, readonly number[]>;
  readonly collectionBrandIds: ReadonlyMap<number, readonly number[]>;
  readonly collectionsSharedWithMe: ReadonlySet<number>;
  /** audiences that can have brandscape rows, those studies are fielded for first (studyAudiences.ts) */
  readonly audienceOrder: readonly number[];
  /** a study is fielded for the first this-many audiences of audienceOrder */
  readonly studyAudienceCount: ReadonlyMap<number, number>;
  /** every group an audience belongs to; links.audienceGroup holds the first */
  readonly audienceGroupIds: ReadonlyMap<number, readonly number[]>;
  /** the user the accepted token belongs to */
  readonly currentUserId: number;
  readonly newestYear: number;
  /** the brand's name as spelled in a study of that country: mostly the global name (catalogue.ts) */
  localBrandName(brandId: number, countryId: number): string;
}
