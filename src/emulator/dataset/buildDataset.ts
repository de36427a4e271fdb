import { buildAudiences } from "./audiences";
import { buildCatalogue, localBrandName } from "./catalogue";
import { buildCollections, buildUsers, CURRENT_USER_ID } from "./collections";
import { NEWEST_YEAR } from "./data/geography";
import { buildCities, buildCountries, buildRegions, buildYears } from "./geography";
import { buildMetricGroups, buildMetrics } from "./metrics";
import { buildStudies } from "./studies";
import { assignStudyAudiences } from "./studyAudiences";
import { assignStudyBrands, invert } from "./studyBrands";
import type { Dataset, StudyRecord } from "./types";

export const DEFAULT_SEED = 20240531;

const cache = new Map<number, Dataset>();

/** The whole dataset for a seed. It never changes once built, so emulators share it. */
export function getDataset(seed: number = DEFAULT_SEED): Dataset {
  let dataset = cache.get(seed);
  if (!dataset) {
    dataset = buildDataset(seed);
    cache.set(seed, dataset);
  }
  return dataset;
}

/** A study's counts, once its brands are chosen: brands, the categories they are studied in, brand × category cells. */
function countStudy(study: StudyRecord, brandIds: readonly number[], brandCategoryIds: ReadonlyMap<number, readonly number[]>): void {
  const categories = new Set<number>();
  let cells = 0;
  for (const brandId of brandIds) {
    const studied = brandCategoryIds.get(brandId) ?? [];
    studied.forEach((categoryId) => categories.add(categoryId));
    cells += studied.length;
  }
  study.amount_of_brands = brandIds.length;
  study.categories = categories.size;
  study.amount_of_cells = cells;
}

function buildDataset(seed: number): Dataset {
  const regions = buildRegions(seed);
  const { countries, countryRegion, countryBestYears } = buildCountries(seed);
  const { cities, cityCountry } = buildCities(seed);
  const years = buildYears(seed);
  const { studies, studyCountry, studyYear } = buildStudies(seed, years);
  const catalogue = buildCatalogue(seed);
  const audienceTables = buildAudiences(seed);
  const { metricGroups, activeMetricGroups } = buildMetricGroups(seed);
  const metricTables = buildMetrics(seed, metricGroups);
  const studyBrandIds = assignStudyBrands(seed, studies, catalogue.brands, catalogue.brandFacts, years, studyCountry, studyYear);
  for (const study of studies) countStudy(study, studyBrandIds.get(study.id) ?? [], catalogue.brandCategoryIds);
  const studyAudiences = assignStudyAudiences(studies, audienceTables.audiences);
  const categoryNames = new Map(catalogue.categories.map((category) => [category.id, category.name]));
  const collectionTables = buildCollections(seed, catalogue.brands, categoryNames, catalogue.brandCategory);
  const brandNames = new Map(catalogue.brands.map((brand) => [brand.id, brand.name]));
  const countryCodes = new Map(countries.map((country) => [country.id, country.code]));
  const localNames = new Map<string, string>();

  return {
    seed,
    regions,
    countries,
    cities,
    years,
    studies,
    sectors: catalogue.sectors,
    categories: catalogue.categories,
    companies: catalogue.companies,
    brands: catalogue.brands,
    audienceGroups: audienceTables.audienceGroups,
    audiences: audienceTables.audiences,
    metricGroups,
    metrics: metricTables.metrics,
    collections: collectionTables.collections,
    users: buildUsers(),
    links: {
      countryRegion,
      countryBestYears,
      cityCountry,
      studyCountry,
      studyYear,
      categorySector: catalogue.categorySector,
      companyCountry: catalogue.companyCountry,
      brandCompany: catalogue.brandCompany,
      brandCategory: catalogue.brandCategory,
      audienceGroup: audienceTables.audienceGroup,
      metricGroup: metricTables.metricGroup,
      metricKey: metricTables.metricKey,
      customMetrics: metricTables.customMetrics,
      activeMetricGroups,
      collectionOwner: collectionTables.collectionOwner,
      publicCollections: collectionTables.publicCollections,
    },
    currentUserId: CURRENT_USER_ID,
    newestYear: NEWEST_YEAR,
    studyBrandIds,
    brandStudyIds: invert(studyBrandIds),
    brandCategoryIds: catalogue.brandCategoryIds,
    audienceGroupIds: audienceTables.audienceGroupIds,
    audienceOrder: studyAudiences.audienceOrder,
    studyAudienceCount: studyAudiences.studyAudienceCount,
    collectionBrandIds: collectionTables.collectionBrandIds,
    collectionsSharedWithMe: collectionTables.collectionsSharedWithMe,
    localBrandName(brandId, countryId) {
      const key = `${brandId}:${countryId}`;
      let name = localNames.get(key);
      if (name === undefined) {
        name = localBrandName(seed, brandId, brandNames.get(brandId) ?? "", countryId, countryCodes.get(countryId) ?? "");
        localNames.set(key, name);
      }
      return name;
    },
  };
}
