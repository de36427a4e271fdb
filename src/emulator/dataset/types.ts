/** A record as it goes on the wire: plain JSON with an `id`. */
export interface WireRecord {
  id: number;
  [column: string]: unknown;
}

export type Flag = 0 | 1;

export interface Stamped {
  created_at: string;
  updated_at: string;
}

export interface RegionRecord extends WireRecord, Stamped {
  name: string;
}
export interface CountryRecord extends WireRecord, Stamped {
  name: string;
  code: string;
  iso3: string;
  region_id: number;
  active: Flag;
  best_countries_years: number[];
}
export interface CityRecord extends WireRecord, Stamped {
  name: string;
  country_id: number;
  capital: boolean;
  population: number;
}
export interface YearRecord extends WireRecord, Stamped {
  year: number;
}
export interface StudyType {
  id: number;
  name: string;
  slug: string;
  is_bav_study: boolean;
}
export interface StudyRecord extends WireRecord, Stamped {
  name: string;
  country_id: number;
  year_id: number;
  type: StudyType;
  full_year: Flag;
  released: Flag;
  active: Flag;
  open_survey: Flag;
  sample_size: number;
  fieldwork_start: string;
  fieldwork_end: string;
  released_at: string | null;
  data_updated_at: string | null;
}
export interface SectorRecord extends WireRecord, Stamped {
  name: string;
  in_most_influential: Flag;
}
export interface CategoryRecord extends WireRecord, Stamped {
  name: string;
  sector_id: number;
}
export interface CompanyRecord extends WireRecord, Stamped {
  name: string;
  public: Flag;
  country_id: number | null;
}
export interface BrandRecord extends WireRecord, Stamped {
  name: string;
  company_id: number;
  category_id: number;
  is_local: Flag;
}
export interface AudienceGroupRecord extends WireRecord, Stamped {
  name: string;
}
export interface AudienceRecord extends WireRecord, Stamped {
  name: string;
  active: Flag;
  public: Flag;
}
export interface MetricGroupRecord extends WireRecord, Stamped {
  key: string;
  name: string;
  active: Flag;
  public: Flag;
  position: number;
}
export interface MetricRecord extends WireRecord, Stamped {
  key: string;
  name: string;
  brand_metric_group_id: number;
  active: Flag;
  public: Flag;
  current: Flag;
  legacy: Flag;
  core: Flag;
  custom: Flag;
  position: number;
}
export interface CollectionTag {
  id: number;
  name: string;
}
export interface CollectionRecord extends WireRecord, Stamped {
  name: string;
  description: string;
  public: Flag;
  user_id: number;
  brands_count: number;
  tags: CollectionTag[];
}
export interface UserRecord extends WireRecord {
  name: string;
  email: string;
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
  /** the user the accepted token belongs to */
  readonly currentUserId: number;
  readonly newestYear: number;
  /** brand ids surveyed in each study, ascending */
  readonly studyBrandIds: ReadonlyMap<number, readonly number[]>;
  readonly brandStudyIds: ReadonlyMap<number, readonly number[]>;
  readonly brandCategoryIds: ReadonlyMap<number, readonly number[]>;
  readonly audienceGroupIds: ReadonlyMap<number, readonly number[]>;
  readonly collectionBrandIds: ReadonlyMap<number, readonly number[]>;
  readonly collectionsSharedWithMe: ReadonlySet<number>;
  /** the brand's name as spelled in a study of that country ("Swatch (DE)") */
  localBrandName(brandId: number, countryId: number): string;
}
