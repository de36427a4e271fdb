import type { FilterName } from "../wire/filterKinds";
import type { AudienceRecord, CityRecord, MetricRecord, StudyRecord, WireRecord } from "../dataset/types";
import type { FilterValue } from "../query/filterValues";
import { commaList } from "../query/parseQuery";
import { isReleased } from "../dataset/studies";
import { overlaps, type Related } from "./related";

export type RecordTest<R = WireRecord> = (record: R) => boolean;
export type FilterFactory<R = WireRecord> = (value: FilterValue) => RecordTest<R>;
export type FilterSet<R = WireRecord> = Partial<Record<FilterName, FilterFactory<R>>>;

/** The text a like filter looks in: an object column by its name (a study's `type`, `period`), a list as JSON. */
function searchable(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "1" : "0";
  if (Array.isArray(value)) return JSON.stringify(value);
  if (typeof value === "object") return String((value as { name?: unknown }).name ?? JSON.stringify(value));
  return String(value);
}
const BOOLEAN_TEXT: Readonly<Record<string, string>> = { true: "1", false: "0" };

/** filter[<column>] on a column marked "(exact)": one of the comma-separated values, whole. */
export function exactColumnTest(column: string, raw: string): RecordTest {
  const wanted = commaList(raw);
  return (record) => wanted.includes(searchable(record[column]));
}

/** filter[<column>] on any other filterable column: contains the value, ignoring case (SQL LIKE %value%). */
export function likeColumnTest(column: string, raw: string): RecordTest {
  const needle = BOOLEAN_TEXT[raw.trim().toLowerCase()] ?? raw.trim().toLowerCase();
  return (record) => {
    const value = record[column];
    const text = searchable(value).toLowerCase();
    return typeof value === "boolean" ? text === needle : text.includes(needle);
  };
}

/** A fact that holds or not, asked for by a flag (the flag's 0 asks for the opposite). */
const holds =
  <R>(fact: (record: R) => boolean, opposite = false): FilterFactory<R> =>
  (value) =>
  (record) =>
    fact(record) === ((value as boolean) !== opposite);
const some =
  <R>(values: (record: R) => Iterable<number>): FilterFactory<R> =>
  (value) =>
  (record) =>
    overlaps(value as readonly number[], values(record));
const linkIn =
  (link: ReadonlyMap<number, number | null>): FilterFactory =>
  (value) =>
  (record) =>
    (value as readonly number[]).includes(link.get(record.id) ?? -1);
const pair = <R>(onName: FilterName, offName: FilterName, fact: (record: R) => boolean): FilterSet<R> => ({
  [onName]: holds(fact),
  [offName]: holds(fact, true),
});

/**
 * Each resource's additional filters (SCHEMA.json `extra_filters`) and those bavapi sends that the
 * docs do not list (brand-metric-groups active / inactive); updated_since and the filterable
 * columns are common to all and applied in serveResource.ts.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each resource's own record type
export function filterSets(related: Related): Record<string, FilterSet<any>> {
  const { dataset } = related;
  const { links } = dataset;
  const inBestCountries = (countryId: number | undefined) => (value: FilterValue) =>
    overlaps(value as number[], links.countryBestYears.get(countryId ?? -1) ?? []);
  const active = pair<{ is_active: boolean }>("active", "inactive", (record) => record.is_active);
  const visibility = pair<{ is_public: boolean }>("public", "private", (record) => record.is_public);

  const studies: FilterSet<StudyRecord> = {
    data_updated_since: (value) => (study) => study.data_updated_at !== null && study.data_updated_at >= (value as string),
    ...active,
    bav_study: holds((study) => study.type.is_bav_study),
    ...pair("released", "unreleased", isReleased),
    full_year: holds((study) => study.period.is_full_year),
    open_survey: holds((study) => !isReleased(study)),
    regions: (value) => (study) => (value as number[]).includes(related.regionOf(related.studyCountryId(study.id))!),
    countries: linkIn(links.studyCountry),
    country_codes: (value) => (study) => (value as string[]).includes(related.countryCode(related.studyCountryId(study.id))),
    years: linkIn(links.studyYear),
    year_numbers: (value) => (study) => (value as number[]).includes(related.studyYear(study)),
  };

  const brandReach = related.brandReach.bind(related);
  return {
    audiences: { ...active, ...visibility, groups: some((audience: AudienceRecord) => dataset.audienceGroupIds.get(audience.id) ?? []) },
    "brand-metric-groups": {
      ...visibility,
      ...pair("active", "inactive", (group: WireRecord) => links.activeMetricGroups.has(group.id)),
    },
    "brand-metrics": {
      ...active,
      ...visibility,
      groups: linkIn(links.metricGroup),
      current: holds((metric: MetricRecord) => !metric.is_legacy),
      legacy: holds((metric: MetricRecord) => metric.is_legacy),
      core: holds((metric: MetricRecord) => metric.is_core),
      custom: holds((metric: MetricRecord) => links.customMetrics.has(metric.id)),
    },
    brands: {
      years: some((brand) => brandReach(brand.id).yearIds),
      categories: some((brand) => dataset.brandCategoryIds.get(brand.id) ?? []),
      sectors: some((brand) => (dataset.brandCategoryIds.get(brand.id) ?? []).map((id) => related.sectorOfCategory(id)!)),
      countries: some((brand) => brandReach(brand.id).countryIds),
      regions: some((brand) => brandReach(brand.id).regionIds),
      studies: some((brand) => dataset.brandStudyIds.get(brand.id) ?? []),
      country_codes: (value) => (brand) =>
        [...brandReach(brand.id).countryIds].some((id) => (value as string[]).includes(related.countryCode(id))),
      year_numbers: some((brand) => brandReach(brand.id).yearNumbers),
      has_studies: holds((brand) => dataset.brandStudyIds.has(brand.id)),
    },
    categories: { sectors: linkIn(links.categorySector) },
    cities: {
      capitals: holds((city: CityRecord) => city.geonames_feature_code === "PPLC"),
      regions: (value) => (city) => (value as number[]).includes(related.regionOf(links.cityCountry.get(city.id) ?? null)!),
      countries: linkIn(links.cityCountry),
      in_best_countries: (value) => (city) => inBestCountries(links.cityCountry.get(city.id))(value),
    },
    collections: {
      public: holds((collection) => links.publicCollections.has(collection.id)),
      shared_with_me: holds((collection) => dataset.collectionsSharedWithMe.has(collection.id)),
      mine: holds((collection) => links.collectionOwner.get(collection.id) === dataset.currentUserId),
    },
    companies: {
      ...pair("public", "private", (company: WireRecord) => company.isin !== null),
      brands: (value) => (company) => (value as number[]).some((id) => links.brandCompany.get(id) === company.id),
    },
    countries: {
      active: holds((country: { is_active: boolean }) => country.is_active),
      regions: linkIn(links.countryRegion),
      with_studies: holds((country) => related.countryStudyYears.has(country.id)),
      with_recent_studies: (value) => (country) =>
        [...(related.countryStudyYears.get(country.id) ?? [])].some((year) => year >= dataset.newestYear - (value as number)),
      in_best_countries: (value) => (country) => inBestCountries(country.id)(value),
    },
    sectors: pair("in_most_influential", "not_in_most_influential", (sector: WireRecord) => !sector.excluded_for_most_influential),
    studies,
  };
}
