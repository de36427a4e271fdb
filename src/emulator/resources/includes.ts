import type { AudienceRecord, BrandRecord, StudyRecord, WireRecord } from "../dataset/types";
import { invert } from "../dataset/studyBrands";
import type { Related } from "./related";

/** One include a resource offers: the resource it draws from (for fields[...]) and how it finds it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each resource's own record type
export interface IncludeResolver<R = any> {
  readonly target: string;
  resolve(record: R): WireRecord | WireRecord[] | null;
}

export type IncludeSet = Record<string, IncludeResolver>;

const byIds = <T extends WireRecord>(ids: readonly number[] | undefined, lookup: ReadonlyMap<number, T>): T[] =>
  (ids ?? []).map((id) => lookup.get(id)!).filter(Boolean);

/**
 * The objects includes embed. A country always arrives with its region nested inside it, so a
 * study with its country included carries an object in an object in an object.
 */
export class IncludeForms {
  private readonly countries = new Map<number, WireRecord>();
  readonly audienceById: ReadonlyMap<number, AudienceRecord>;
  readonly byResource: Record<string, ReadonlyMap<number, WireRecord>>;

  constructor(readonly related: Related) {
    const { dataset } = related;
    const index = (records: readonly WireRecord[]) => new Map(records.map((r) => [r.id, r]));
    this.audienceById = new Map(dataset.audiences.map((a) => [a.id, a]));
    this.byResource = {
      "audience-groups": index(dataset.audienceGroups),
      audiences: this.audienceById,
      "brand-metric-groups": index(dataset.metricGroups),
      "brand-metrics": index(dataset.metrics),
      brands: related.brandById,
      categories: related.categoryById,
      cities: index(dataset.cities),
      companies: related.companyById,
      regions: related.regionById,
      sectors: index(dataset.sectors),
      studies: related.studyById,
      years: related.yearById,
      users: index(dataset.users),
    };
  }

  country(id: number | null): WireRecord | null {
    if (id === null) return null;
    let form = this.countries.get(id);
    if (!form) {
      const country = this.related.countryById.get(id);
      if (!country) return null;
      form = { ...country, region: this.related.regionById.get(country.region_id) ?? null };
      this.countries.set(id, form);
    }
    return form;
  }

  one(resource: string, id: number | null | undefined): WireRecord | null {
    if (resource === "countries") return this.country(id ?? null);
    return id == null ? null : (this.byResource[resource]?.get(id) ?? null);
  }

  many(resource: string, ids: readonly number[] | undefined): WireRecord[] {
    if (resource === "countries") return (ids ?? []).map((id) => this.country(id)!).filter(Boolean);
    return byIds(ids, this.byResource[resource]);
  }
}

const one = <R>(target: string, forms: IncludeForms, id: (record: R) => number | null | undefined): IncludeResolver<R> => ({
  target,
  resolve: (record) => forms.one(target, id(record)),
});
const many = <R>(target: string, forms: IncludeForms, ids: (record: R) => readonly number[]): IncludeResolver<R> => ({
  target,
  resolve: (record) => forms.many(target, ids(record)),
});

/** Inverse relations: which records point at an id through a column. */
function groupIds<T extends WireRecord>(records: readonly T[], column: keyof T): Map<number, number[]> {
  const grouped = new Map<number, number[]>();
  for (const record of records) {
    const key = record[column] as number | null;
    if (key === null) continue;
    const ids = grouped.get(key);
    if (ids) ids.push(record.id);
    else grouped.set(key, [record.id]);
  }
  return grouped;
}

/** How each resource resolves the includes table.ts gives it. */
export function includeSets(forms: IncludeForms): Record<string, IncludeSet> {
  const { dataset } = forms.related;
  const audiencesOfGroup = invert(dataset.audienceGroupIds);
  const brandsOfCategory = invert(dataset.brandCategoryIds);
  const metricsOfGroup = groupIds(dataset.metrics, "brand_metric_group_id");
  const brandsOfCompany = groupIds(dataset.brands, "company_id");
  const citiesOfCountry = groupIds(dataset.cities, "country_id");
  const studiesOfCountry = groupIds(dataset.studies, "country_id");
  const studiesOfYear = groupIds(dataset.studies, "year_id");
  const countriesOfRegion = groupIds(dataset.countries, "region_id");
  const categoriesOfSector = groupIds(dataset.categories, "sector_id");
  const of = (map: ReadonlyMap<number, readonly number[]>) => (record: WireRecord) => map.get(record.id) ?? [];

  return {
    "audience-groups": { audiences: many("audiences", forms, of(audiencesOfGroup)) },
    audiences: { groups: many("audience-groups", forms, of(dataset.audienceGroupIds)) },
    "brand-metric-groups": { metrics: many("brand-metrics", forms, of(metricsOfGroup)) },
    "brand-metrics": { group: one("brand-metric-groups", forms, (metric) => metric.brand_metric_group_id as number) },
    brands: {
      company: one("companies", forms, (brand: BrandRecord) => brand.company_id),
      categories: many("categories", forms, of(dataset.brandCategoryIds)),
      countries: many("countries", forms, (brand) => [...forms.related.brandReach(brand.id).countryIds]),
    },
    categories: {
      sector: one("sectors", forms, (category) => category.sector_id as number),
      brands: many("brands", forms, of(brandsOfCategory)),
    },
    cities: { country: one("countries", forms, (city) => city.country_id as number) },
    collections: {
      brands: many("brands", forms, of(dataset.collectionBrandIds)),
      user: one("users", forms, (collection) => collection.user_id as number),
    },
    companies: {
      brands: many("brands", forms, of(brandsOfCompany)),
      country: one("countries", forms, (company) => company.country_id as number | null),
    },
    countries: {
      region: one("regions", forms, (country) => country.region_id as number),
      cities: many("cities", forms, of(citiesOfCountry)),
      studies: many("studies", forms, of(studiesOfCountry)),
    },
    regions: { countries: many("countries", forms, of(countriesOfRegion)) },
    sectors: { categories: many("categories", forms, of(categoriesOfSector)) },
    studies: {
      country: one("countries", forms, (study: StudyRecord) => study.country_id),
      year: one("years", forms, (study: StudyRecord) => study.year_id),
      brands: many("brands", forms, of(dataset.studyBrandIds)),
    },
    years: { studies: many("studies", forms, of(studiesOfYear)) },
  };
}
