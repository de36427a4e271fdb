import { buildAudiences } from "./audiences";
import { buildCatalogue, localBrandName } from "./catalogue";
import { buildCollections, buildUsers, CURRENT_USER_ID } from "./collections";
import { NEWEST_YEAR } from "./data/geography";
import { buildCities, buildCountries, buildRegions, buildYears } from "./geography";
import { buildMetricGroups, buildMetrics } from "./metrics";
import { buildStudies } from "./studies";
import { assignStudyBrands, invert } from "./studyBrands";
import type { Dataset } from "./types";

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

function buildDataset(seed: number): Dataset {
  const regions = buildRegions(seed);
  const countries = buildCountries(seed);
  const years = buildYears(seed);
  const studies = buildStudies(seed, years);
  const catalogue = buildCatalogue(seed);
  const audienceTables = buildAudiences(seed);
  const metricGroups = buildMetricGroups(seed);
  const studyBrandIds = assignStudyBrands(seed, studies, catalogue.brands, catalogue.brandFacts, years);
  const categoryNames = new Map(catalogue.categories.map((category) => [category.id, category.name]));
  const collectionTables = buildCollections(seed, catalogue.brands, categoryNames);
  const brandNames = new Map(catalogue.brands.map((brand) => [brand.id, brand.name]));
  const countryCodes = new Map(countries.map((country) => [country.id, country.code]));
  const localNames = new Map<string, string>();

  return {
    seed,
    regions,
    countries,
    cities: buildCities(seed),
    years,
    studies,
    sectors: catalogue.sectors,
    categories: catalogue.categories,
    companies: catalogue.companies,
    brands: catalogue.brands,
    audienceGroups: audienceTables.audienceGroups,
    audiences: audienceTables.audiences,
    metricGroups,
    metrics: buildMetrics(seed, metricGroups),
    ...collectionTables,
    users: buildUsers(),
    currentUserId: CURRENT_USER_ID,
    newestYear: NEWEST_YEAR,
    studyBrandIds,
    brandStudyIds: invert(studyBrandIds),
    brandCategoryIds: catalogue.brandCategoryIds,
    audienceGroupIds: audienceTables.audienceGroupIds,
    localBrandName(brandId, countryId) {
      const key = `${brandId}:${countryId}`;
      let name = localNames.get(key);
      if (name === undefined) {
        name = localBrandName(brandNames.get(brandId) ?? "", countryCodes.get(countryId) ?? "");
        localNames.set(key, name);
      }
      return name;
    },
  };
}
