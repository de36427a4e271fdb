import type { Dataset } from "../dataset/types";

/**
 * The seeded dataset is shared by every emulator of a process and never changes; an emulator that
 * revises its data works on its own copy: every record and the links a new study joins.
 */
export function revisableDataset(shared: Dataset): Dataset {
  const copy = <T extends object>(records: readonly T[]): T[] => records.map((record) => ({ ...record }));
  return {
    ...shared,
    regions: copy(shared.regions),
    countries: copy(shared.countries),
    cities: copy(shared.cities),
    years: copy(shared.years),
    studies: copy(shared.studies),
    sectors: copy(shared.sectors),
    categories: copy(shared.categories),
    companies: copy(shared.companies),
    brands: copy(shared.brands),
    audienceGroups: copy(shared.audienceGroups),
    audiences: copy(shared.audiences),
    metricGroups: copy(shared.metricGroups),
    metrics: copy(shared.metrics),
    collections: copy(shared.collections),
    links: { ...shared.links, studyCountry: new Map(shared.links.studyCountry), studyYear: new Map(shared.links.studyYear) },
    studyBrandIds: new Map(shared.studyBrandIds),
  };
}
