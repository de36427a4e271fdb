import type { Dataset, WireRecord } from "../dataset/types";
import { COLUMN_MARKS } from "../wire/columnMarks";
import { fieldsKey } from "../wire/resources";
import { filterSets, type FilterSet } from "./filters";
import { includeSets, type IncludeSet } from "./includes";
import { Related } from "./related";
import type { IncludeCatalogue } from "./shape";
import { SlimForms } from "./slimForms";

/** Everything needed to serve a list of records: one of the fourteen resources, or a study's sub-route. */
export interface ResourceDefinition {
  readonly resource: string;
  /** the Laravel model, for 404 messages */
  readonly model: string;
  /** the key of `fields[...]` for these records */
  readonly fieldsKey: string;
  readonly records: readonly WireRecord[];
  readonly byId: ReadonlyMap<number, WireRecord>;
  readonly exactColumns: ReadonlySet<string>;
  readonly likeColumns: ReadonlySet<string>;
  readonly sortable: ReadonlySet<string>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each resource's own record type
  readonly filters: FilterSet<any>;
  readonly includes: IncludeSet;
  /** null: the route offers no `search` */
  readonly searchText: ((record: WireRecord) => string) | null;
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

/** The resources whose page has a Searching section (SCHEMA.json `search`), and what the search looks in. */
const SEARCH_TEXTS: Readonly<Record<string, (record: WireRecord) => string>> = {
  "audience-groups": (record) => String(record.name),
  audiences: (record) => String(record.name),
  brands: (record) => String(record.name),
  categories: (record) => String(record.name),
  collections: (record) => String(record.name),
  countries: (record) => `${record.name} ${record.native_name} ${record.code} ${record.code_alpha3}`,
  regions: (record) => String(record.name),
  sectors: (record) => String(record.name),
  studies: (record) => String(record.name),
  years: (record) => String(record.year),
};

export interface ResourceCatalogue extends IncludeCatalogue {
  readonly definitions: ReadonlyMap<string, ResourceDefinition>;
  readonly related: Related;
  readonly dataset: Dataset;
}

/** One route's definition from its records and the marks of its columns. */
export function defineRecords(
  resource: string,
  records: readonly WireRecord[],
  parts: Pick<ResourceDefinition, "filters" | "includes" | "searchText"> &
    Partial<Pick<ResourceDefinition, "visible" | "model" | "fieldsKey">>,
): ResourceDefinition {
  const marks = COLUMN_MARKS[resource];
  return {
    resource,
    model: parts.model ?? modelName(resource),
    fieldsKey: parts.fieldsKey ?? fieldsKey(resource),
    records,
    byId: new Map(records.map((record) => [record.id, record])),
    exactColumns: new Set(marks.exact),
    likeColumns: new Set(marks.like),
    sortable: new Set(marks.sortable),
    filters: parts.filters,
    includes: parts.includes,
    searchText: parts.searchText,
    visible: parts.visible ?? (() => true),
  };
}

export function defineResources(dataset: Dataset): ResourceCatalogue {
  const related = new Related(dataset);
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
  const byResource = Object.fromEntries(
    Object.entries(tables).map(([resource, records]) => [resource, new Map(records.map((record) => [record.id, record]))]),
  );
  const forms = new SlimForms(related, byResource);
  const filters = filterSets(related);
  const sets = includeSets(forms);
  const isVisibleCollection = (collection: WireRecord) =>
    dataset.links.collectionOwner.get(collection.id) === dataset.currentUserId ||
    dataset.links.publicCollections.has(collection.id) ||
    dataset.collectionsSharedWithMe.has(collection.id);

  const definitions = new Map<string, ResourceDefinition>();
  for (const [resource, records] of Object.entries(tables)) {
    definitions.set(
      resource,
      defineRecords(resource, records, {
        filters: filters[resource] ?? {},
        includes: sets[resource] ?? {},
        searchText: SEARCH_TEXTS[resource] ?? null,
        visible: resource === "collections" ? isVisibleCollection : undefined,
      }),
    );
  }
  return { definitions, forms, sets, related, dataset };
}
