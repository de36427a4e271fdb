import type { DeclaredType } from "../table/columnType";
import { DOCUMENTED } from "./documented";

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
