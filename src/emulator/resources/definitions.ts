import type { CollectionRecord, Dataset, WireRecord } from "../dataset/types";
import { filterSets, type FilterSet } from "./filters";
import { IncludeForms, includeSets, type IncludeSet } from "./includes";
import { Related } from "./related";

/** Everything needed to serve one of the fourteen materialised resources. */
export interface ResourceDefinition {
  readonly resource: string;
  /** the Laravel model, for 404 messages */
  readonly model: string;
  readonly records: readonly WireRecord[];
  readonly byId: ReadonlyMap<number, WireRecord>;
  /** top-level columns that can be sorted on and filtered by value */
  readonly columns: ReadonlySet<string>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each resource's own record type
  readonly filters: FilterSet<any>;
  readonly includes: IncludeSet;
  /** the text `search` looks in */
  searchText(record: WireRecord): string;
  /** whether the current user may see the record at all (collections) */
  visible(record: WireRecord): boolean;
}

const MODELS: Readonly<Record<string, string>> = {
  "audience-groups": "AudienceGroup",
  audiences: "Audience",
  "brand-metric-groups": "BrandMetricGroup",
  "brand-metrics": "BrandMetric",
  brands: "Brand",
  categories: "Category",
  cities: "City",
  collections: "Collection",
  companies: "Company",
  countries: "Country",
  regions: "Region",
  sectors: "Sector",
  studies: "Study",
  years: "Year",
  "brandscape-data": "BrandscapeData",
};

export const modelName = (resource: string): string => MODELS[resource] ?? "Model";

const scalarColumns = (records: readonly WireRecord[]): Set<string> =>
  new Set(
    Object.entries(records[0] ?? {})
      .filter(([, value]) => value === null || typeof value !== "object")
      .map(([key]) => key),
  );

export interface ResourceCatalogue {
  readonly definitions: ReadonlyMap<string, ResourceDefinition>;
  readonly forms: IncludeForms;
}

export function defineResources(dataset: Dataset): ResourceCatalogue {
  const related = new Related(dataset);
  const forms = new IncludeForms(related);
  const filters = filterSets(related);
  const includes = includeSets(forms);
  const isVisibleCollection = (collection: WireRecord) => {
    const { id, user_id, public: isPublic } = collection as CollectionRecord;
    return user_id === dataset.currentUserId || isPublic === 1 || dataset.collectionsSharedWithMe.has(id);
  };
  const tables: Record<string, readonly WireRecord[]> = {
    "audience-groups": dataset.audienceGroups,
    audiences: dataset.audiences,
    "brand-metric-groups": dataset.metricGroups,
    "brand-metrics": dataset.metrics,
    brands: dataset.brands,
    categories: dataset.categories,
    cities: dataset.cities,
    collections: dataset.collections,
    companies: dataset.companies,
    countries: dataset.countries,
    regions: dataset.regions,
    sectors: dataset.sectors,
    studies: dataset.studies,
    years: dataset.years,
  };
  const searchTexts: Record<string, (record: WireRecord) => string> = {
    years: (record) => String(record.year),
    countries: (record) => `${record.name} ${record.code} ${record.iso3}`,
    collections: (record) => `${record.name} ${record.description}`,
  };

  const definitions = new Map<string, ResourceDefinition>();
  for (const [resource, records] of Object.entries(tables)) {
    definitions.set(resource, {
      resource,
      model: modelName(resource),
      records,
      byId: new Map(records.map((record) => [record.id, record])),
      columns: scalarColumns(records),
      filters: filters[resource] ?? {},
      includes: includes[resource] ?? {},
      searchText: searchTexts[resource] ?? ((record) => String(record.name ?? "")),
      visible: resource === "collections" ? isVisibleCollection : () => true,
    });
  }
  return { definitions, forms };
}
