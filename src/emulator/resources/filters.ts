import type { FilterName } from "../wire/filterKinds";
import type { CityRecord, CollectionRecord, CompanyRecord, CountryRecord, StudyRecord, WireRecord } from "../dataset/types";
import type { FilterValue } from "../query/filterValues";
import { overlaps, type Related } from "./related";

export type RecordTest<R = WireRecord> = (record: R) => boolean;
export type FilterFactory<R = WireRecord> = (value: FilterValue) => RecordTest<R>;
export type FilterSet<R = WireRecord> = Partial<Record<FilterName, FilterFactory<R>>>;

const like =
  (column: string): FilterFactory =>
  (value) => {
    const needle = value as string;
    return (record) =>
      String(record[column] ?? "")
        .toLowerCase()
        .includes(needle);
  };
/** A 0/1 or boolean column equal to the flag (or its opposite, for inactive / private / ...). */
const flag =
  (column: string, opposite = false): FilterFactory =>
  (value) => {
    const wanted = (value as boolean) !== opposite;
    return (record) => Boolean(record[column]) === wanted;
  };
const idIn =
  (column: string): FilterFactory =>
  (value) => {
    const ids = value as readonly number[];
    return (record) => ids.includes(record[column] as number);
  };
/** A flag that asks whether a derived fact holds. */
const holds =
  <R>(fact: (record: R) => boolean): FilterFactory<R> =>
  (value) =>
  (record) =>
    fact(record) === value;
const some =
  <R>(values: (record: R) => Iterable<number>): FilterFactory<R> =>
  (value) =>
  (record) =>
    overlaps(value as readonly number[], values(record));

const named = { name: like("name") };
const activeFlags = { active: flag("active"), inactive: flag("active", true) };
const publicFlags = { public: flag("public"), private: flag("public", true) };

/** The filters each resource takes (WIRE.md "Filters per resource") and how it applies them; updated_since is common to all. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each resource's own record type
export function filterSets(related: Related): Record<string, FilterSet<any>> {
  const { dataset } = related;
  const inBestCountries = (countryId: number) => (value: FilterValue) =>
    overlaps(value as number[], related.countryById.get(countryId)?.best_countries_years ?? []);

  const studies: FilterSet<StudyRecord> = {
    country_codes: (value) => (study) => (value as string[]).includes(related.countryCode(study.country_id)),
    year_numbers: (value) => (study) => (value as number[]).includes(related.studyYear(study)),
    full_year: flag("full_year"),
    released: flag("released"),
    unreleased: flag("released", true),
    bav_study: holds((study) => study.type.is_bav_study),
    ...activeFlags,
    open_survey: flag("open_survey"),
    data_updated_since: (value) => (study) => study.data_updated_at !== null && study.data_updated_at >= (value as string),
    countries: idIn("country_id"),
    years: idIn("year_id"),
    regions: (value) => (study) => (value as number[]).includes(related.regionOf(study.country_id)!),
  };

  const countries: FilterSet<CountryRecord> = {
    ...named,
    active: flag("active"),
    regions: idIn("region_id"),
    with_studies: holds((country) => related.countryStudyYears.has(country.id)),
    with_recent_studies: (value) => (country) =>
      [...(related.countryStudyYears.get(country.id) ?? [])].some((year) => year >= dataset.newestYear - (value as number)),
    in_best_countries: (value) => (country) => inBestCountries(country.id)(value),
  };

  const brandReach = related.brandReach.bind(related);
  return {
    "audience-groups": named,
    audiences: { ...named, ...activeFlags, ...publicFlags, groups: some((audience) => dataset.audienceGroupIds.get(audience.id) ?? []) },
    "brand-metric-groups": { ...named, ...activeFlags, ...publicFlags },
    "brand-metrics": {
      ...named,
      ...activeFlags,
      ...publicFlags,
      groups: idIn("brand_metric_group_id"),
      current: flag("current"),
      legacy: flag("legacy"),
      core: flag("core"),
      custom: flag("custom"),
    },
    brands: {
      ...named,
      country_codes: (value) => (brand) =>
        [...brandReach(brand.id).countryIds].some((id) => (value as string[]).includes(related.countryCode(id))),
      year_numbers: some((brand) => brandReach(brand.id).yearNumbers),
      studies: some((brand) => dataset.brandStudyIds.get(brand.id) ?? []),
      categories: some((brand) => dataset.brandCategoryIds.get(brand.id) ?? []),
      countries: some((brand) => brandReach(brand.id).countryIds),
      regions: some((brand) => brandReach(brand.id).regionIds),
      sectors: some((brand) => (dataset.brandCategoryIds.get(brand.id) ?? []).map((id) => related.sectorOfCategory(id)!)),
      years: some((brand) => brandReach(brand.id).yearIds),
      has_studies: holds((brand) => dataset.brandStudyIds.has(brand.id)),
    },
    categories: { ...named, sectors: idIn("sector_id") },
    cities: {
      ...named,
      capitals: flag("capital"),
      countries: idIn("country_id"),
      regions: (value) => (city: CityRecord) => (value as number[]).includes(related.regionOf(city.country_id)!),
      in_best_countries: (value) => (city: CityRecord) => inBestCountries(city.country_id)(value),
    },
    collections: {
      ...named,
      public: flag("public"),
      shared_with_me: holds((collection: CollectionRecord) => dataset.collectionsSharedWithMe.has(collection.id)),
      mine: holds((collection: CollectionRecord) => collection.user_id === dataset.currentUserId),
    },
    companies: {
      ...named,
      ...publicFlags,
      brands: (value) => (company: CompanyRecord) => (value as number[]).some((id) => related.brandById.get(id)?.company_id === company.id),
    },
    countries,
    regions: named,
    sectors: { ...named, in_most_influential: flag("in_most_influential"), not_in_most_influential: flag("in_most_influential", true) },
    studies,
    years: { year: (value) => (year) => year.year === value },
  };
}
