import type { WireRecord } from "../dataset/types";
import { collectionBody, pageBounds } from "../http/envelope";
import { HttpError, notFound } from "../http/errors";
import { isFilterName, readFilterValue } from "../query/filterValues";
import type { ParsedQuery, SortKey } from "../query/parseQuery";
import type { PageView } from "../pageFaults";
import type { ResourceDefinition } from "./definitions";
import { exactColumnTest, likeColumnTest, type RecordTest } from "./filters";
import { withDefaultIncludes } from "../wire/defaultIncludes";
import { checkIncludes, checkSort, shapeRecord, type IncludeCatalogue } from "./shape";

/**
 * The tests a query's filters make: updated_since, the route's additional filters, then its
 * filterable columns (exact or like, as marked). Any other filter is ignored, as the service does
 * (WIRE.md, assumed).
 */
function recordTests(definition: ResourceDefinition, query: ParsedQuery): RecordTest[] {
  const tests: RecordTest[] = [definition.visible];
  for (const [name, raw] of query.filters) {
    if (name === "updated_since") {
      const since = readFilterValue(name, raw) as string;
      tests.push((record) => String(record.updated_at) >= since);
    } else if (isFilterName(name) && definition.filters[name]) {
      tests.push(definition.filters[name](readFilterValue(name, raw)));
    } else if (definition.exactColumns.has(name)) {
      tests.push(exactColumnTest(name, raw));
    } else if (definition.likeColumns.has(name)) {
      tests.push(likeColumnTest(name, raw));
    }
  }
  const { searchText } = definition;
  if (searchText && query.search) {
    const needle = query.search.toLowerCase();
    tests.push((record) => searchText(record).toLowerCase().includes(needle));
  }
  return tests;
}

function sortText(value: unknown): unknown {
  if (value !== null && typeof value === "object") return (value as { name?: unknown }).name ?? JSON.stringify(value);
  return typeof value === "boolean" ? Number(value) : value;
}

function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

export function sortRecords<T extends WireRecord>(records: T[], sort: readonly SortKey[]): T[] {
  if (sort.length === 0) return records;
  return records.sort((left, right) => {
    for (const key of sort) {
      const order = compareValues(sortText(left[key.field]), sortText(right[key.field]));
      if (order !== 0) return key.descending ? -order : order;
    }
    return left.id - right.id;
  });
}

export interface CollectionRequest {
  readonly query: ParsedQuery;
  /** address of the collection without query, for the paginator */
  readonly path: string;
  /** a page fault's departure from the collection */
  readonly view?: PageView;
}

const withDefaults = (definition: ResourceDefinition, query: ParsedQuery): ParsedQuery => ({
  ...query,
  include: withDefaultIncludes(definition.resource, query.include),
});

export function serveCollection(definition: ResourceDefinition, catalogue: IncludeCatalogue, request: CollectionRequest): string {
  const { query } = request;
  checkIncludes(definition.includes, catalogue, query.include);
  checkSort(definition.sortable, query);
  const tests = recordTests(definition, query);
  const matching = sortRecords(
    definition.records.filter((record) => tests.every((test) => test(record))),
    query.sort,
  );
  const page = {
    page: query.page,
    perPage: query.perPage,
    total: matching.length,
    path: request.path,
    linkParams: query.linkParams,
    view: request.view,
  };
  const [start, end] = pageBounds(page);
  const records = matching
    .slice(start, end)
    .map((record) =>
      JSON.stringify(shapeRecord(record, definition.fieldsKey, definition.includes, catalogue, withDefaults(definition, query))),
    );
  return collectionBody(records, page);
}

export function findRecord(definition: ResourceDefinition, rawId: string): WireRecord {
  const record = /^\d+$/.test(rawId) ? definition.byId.get(Number(rawId)) : undefined;
  if (!record) throw notFound(`No query results for model [App\\Models\\${definition.model}] ${rawId}`);
  if (!definition.visible(record)) throw new HttpError(403, "This action is unauthorized.");
  return record;
}

export function serveItem(definition: ResourceDefinition, catalogue: IncludeCatalogue, rawId: string, query: ParsedQuery): string {
  checkIncludes(definition.includes, catalogue, query.include);
  const record = findRecord(definition, rawId);
  return JSON.stringify({
    data: shapeRecord(record, definition.fieldsKey, definition.includes, catalogue, withDefaults(definition, query)),
  });
}
