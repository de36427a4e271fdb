import { DOCUMENTED } from "../endpoints/documented";
import { ENDPOINTS, ENDPOINT_BY_RESOURCE } from "../endpoints/table";
import type { DataFrame } from "danfojs-node";
import * as frame from "../frame/recordsToFrame";
import type { JsonRecord, RowShape, ShapeOptions } from "../table/types";
import type { DeclaredType } from "../table/columnType";
import * as table from "../table/flattenRecords";

const NONE: ReadonlySet<string> = new Set();
/** `globalPrefix: true` (the older spelling) prefixes what the endpoints with a `global_` rule prefix (brandscape-data's). */
const ANY_GLOBAL_INCLUDE: readonly string[] = ENDPOINTS.flatMap((spec): readonly string[] =>
  "globalIncludes" in spec ? spec.globalIncludes : [],
);

/**
 * A study sub-route's record holds the study's own spelling of what it relates (`brand_name`
 * "Toyota (US)"), so an include that would flatten onto one of its columns (`brand` → `brand_name`
 * "Toyota") is prefixed `global_`, as on brandscape-data, instead of overwriting it.
 */
const SUB_ROUTE_GLOBAL_INCLUDES = new Map(
  (["studies/{id}/brands", "studies/{id}/categories"] as const).map((route) => {
    const columns = Object.keys(DOCUMENTED[route].columns);
    const clashing = DOCUMENTED[route].includes.filter(
      (include) => !include.includes(".") && columns.some((column) => column.startsWith(`${include}_`)),
    );
    return [route.split("/")[2], clashing];
  }),
);

function globalIncludesOf(endpoint: string): readonly string[] | undefined {
  const subRoute = /^\/?studies\/\d+\/(brands|categories)\/?$/.exec(endpoint);
  if (subRoute) return SUB_ROUTE_GLOBAL_INCLUDES.get(subRoute[1]);
  return ENDPOINT_BY_RESOURCE.get(resourceOfEndpoint(endpoint))?.globalIncludes;
}

/**
 * The shape of `options.endpoint`'s records, from the endpoint table. Column names follow from the
 * endpoint alone: an included object listed in the endpoint's `globalIncludes` is prefixed
 * `global_`, whichever columns `fields` kept.
 */
export function rowShapeOf(options: ShapeOptions = {}): RowShape {
  const includes =
    options.endpoint !== undefined ? globalIncludesOf(options.endpoint) : options.globalPrefix ? ANY_GLOBAL_INCLUDE : undefined;
  const globalIncludes = includes ? new Set(includes) : NONE;
  const shape: RowShape = { stackData: options.stackData === true, globalIncludes };
  const route = options.endpoint !== undefined ? documentedRoute(options.endpoint) : options.globalPrefix ? "brandscape-data" : undefined;
  return route ? { ...shape, declaredTypes: declaredTypesOf(route, globalIncludes) } : shape;
}

const DECLARED_BY_ROUTE = new Map<string, ReturnType<typeof declaredColumnTypes>>();

/** Looked up once per route: every page of a pull asks. */
function declaredTypesOf(route: string, globalIncludes: ReadonlySet<string>): ReturnType<typeof declaredColumnTypes> {
  let types = DECLARED_BY_ROUTE.get(route);
  if (!types) DECLARED_BY_ROUTE.set(route, (types = declaredColumnTypes(route, globalIncludes)));
  return types;
}

/** The resource whose records an endpoint path returns: `studies/12/brands` → brands, `brands/7` → brands. */
export function resourceOfEndpoint(endpoint: string): string {
  const segments = endpoint.split("/").filter((segment) => segment !== "" && !/^\d+$/.test(segment));
  return segments[segments.length - 1] ?? "";
}

/** The row shape of one page: the page's own endpoint decides its column names. */
export function pageRowShape(page: { readonly endpoint?: string; readonly stackData?: boolean }, options: ShapeOptions): RowShape {
  return rowShapeOf({ ...options, endpoint: page.endpoint ?? options.endpoint, stackData: page.stackData || options.stackData });
}

type Documented = keyof typeof DOCUMENTED;

/** The resource an included object is a record of, by the include's name (singular and plural). */
const RESOURCE_OF_INCLUDE: Readonly<Record<string, Documented>> = {
  study: "studies",
  studies: "studies",
  year: "years",
  country: "countries",
  countries: "countries",
  audience: "audiences",
  audiences: "audiences",
  brand: "brands",
  brands: "brands",
  category: "categories",
  categories: "categories",
  sector: "sectors",
  company: "companies",
  region: "regions",
  metric: "brand-metrics",
};

/**
 * Objects inside an included record (SCHEMA.json's slim tables type them "object"), and the resource
 * each is a record of: a study include's `country` flattens to `..._country_code_numeric`.
 */
const NESTED_OBJECTS: Readonly<Partial<Record<Documented, Readonly<Record<string, Documented>>>>> = {
  brands: { sector: "sectors" },
  countries: { region: "regions" },
  studies: { country: "countries", year: "years" },
};

const DECLARED: Readonly<Record<string, DeclaredType>> = { string: "string", integer: "integer", number: "number", boolean: "boolean" };

/**
 * The documented type of every column a resource's records flatten to, by column name: the record's
 * own documented fields, and each include's fields under the include's prefix (`global_` where the
 * endpoint's rule prefixes it). An included record's fields take their full record's types (the
 * slim tables list a subset of them; where the two disagree, as years' slim `year: string` against
 * the full `year: integer`, the full table is taken), nested objects their resource's. Fields the
 * docs type "object", "array" or not at all are left to their values.
 */
export function declaredColumnTypes(route: string, globalIncludes: ReadonlySet<string>): ReadonlyMap<string, DeclaredType> {
  const types = new Map<string, DeclaredType>();
  if (!(route in DOCUMENTED)) return types;
  const documented = DOCUMENTED[route as Documented];
  addColumns(types, documented.columns, "");
  const includes = new Set<string>([...documented.includes, ...globalIncludes]);
  for (const include of includes) {
    const resource = RESOURCE_OF_INCLUDE[include];
    if (resource) addResource(types, resource, `${globalIncludes.has(include) ? "global_" : ""}${include}_`, 0);
  }
  return types;
}

function addResource(types: Map<string, DeclaredType>, resource: Documented, prefix: string, depth: number): void {
  addColumns(types, DOCUMENTED[resource].columns, prefix);
  if (depth > 1) return;
  for (const [key, nested] of Object.entries(NESTED_OBJECTS[resource] ?? {})) addResource(types, nested, `${prefix}${key}_`, depth + 1);
}

function addColumns(types: Map<string, DeclaredType>, columns: Readonly<Record<string, string>>, prefix: string): void {
  for (const [key, type] of Object.entries(columns)) {
    const declared = DECLARED[type];
    // a record's own field wins over an include's column of the same name
    if (declared && !types.has(prefix + key)) types.set(prefix + key, declared);
  }
}

/** The documented route whose records an endpoint path returns: `studies/12/brands` → `studies/{id}/brands`, `brands/7` → brands. */
export function documentedRoute(endpoint: string): Documented | undefined {
  const subRoute = /^\/?studies\/\d+\/(brands|categories)\/?$/.exec(endpoint);
  if (subRoute) return `studies/{id}/${subRoute[1] as "brands" | "categories"}`;
  const segments = endpoint.split("/").filter((segment) => segment !== "" && !/^\d+$/.test(segment));
  const resource = segments[segments.length - 1] ?? "";
  return resource in DOCUMENTED ? (resource as Documented) : undefined;
}

// The public recordsToFrame, FrameBuilder (frame's ShapingFrameBuilder) and flatteners (the table model's), with the row
// shape looked up here (neither reads an endpoint table).

/** Records → frame in one call, shaped as `options.endpoint`'s records are. */
export function recordsToFrame(records: readonly JsonRecord[], options: ShapeOptions = {}): Promise<DataFrame> {
  return frame.recordsToFrame(records, rowShapeOf(options));
}

/**
 * recordsToFrame fed a page at a time: each page's records can be dropped once added. Given pages
 * of `client.pages(...)`, it shapes them as the frame methods do (the page names its endpoint).
 */
export class FrameBuilder extends frame.ShapingFrameBuilder {
  constructor(options: ShapeOptions = {}) {
    super(options, rowShapeOf);
  }
}

/** One record as one flat row (nested objects become `parent_child` columns; lists stay values). */
export function flattenRecord(record: JsonRecord, options: ShapeOptions = {}): JsonRecord {
  return table.flattenRecord(record, rowShapeOf(options).globalIncludes);
}

/** Records as flat rows, in record order (with `stackData`, one row per combination of nested lists). */
export function flattenRecords(records: readonly JsonRecord[], options: ShapeOptions = {}): JsonRecord[] {
  return table.flattenRecords(records, rowShapeOf(options));
}
