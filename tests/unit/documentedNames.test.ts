import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DOCUMENTED } from "../../src/endpoints/documented";
import { ENDPOINTS } from "../../src/endpoints/table";

/**
 * The service's documentation as extracted into SCHEMA.json: the project's copy (spec/, kept equal to
 * the shared one by CI) where there is one, else the shared folder beside the repository.
 */
const SCHEMA_CANDIDATES = [
  process.env.FOUNTFRAME_SCHEMA_JSON,
  join(__dirname, "../../spec/SCHEMA.json"),
  join(__dirname, "../../../shared/SCHEMA.json"),
  "/work/shared/SCHEMA.json",
].filter((path): path is string => Boolean(path));

interface Column {
  key: string;
  type: string | null;
  type_normalized?: string | null;
  filterable?: boolean;
}
interface Named {
  name: string;
}
interface Documented {
  full: Column[] | null;
  schema?: Column[];
  extra_filters: Named[];
  includes: Named[];
  columns?: { named_fields: Column[] };
  subroutes: Array<Documented & { path: string }>;
}

const schemaPath = SCHEMA_CANDIDATES.find((path) => existsSync(path));
const schema = schemaPath ? (JSON.parse(readFileSync(schemaPath, "utf8")) as { resources: Record<string, Documented> }) : undefined;

const jsonType = (column: Column): string => {
  const type = "type_normalized" in column ? column.type_normalized : column.type?.split(" ")[0];
  return type === "integer" || type === "string" || type === "boolean" || type === "object" || type === "array" || type === "number"
    ? type
    : "unknown";
};

/** What DOCUMENTED must hold for one route, read from SCHEMA.json. */
function expected(route: Documented, columns: Column[]) {
  const filters = [
    ...columns.filter((column) => column.filterable !== false).map((column) => column.key),
    ...route.extra_filters.map((f) => f.name),
    "updated_since",
  ];
  return {
    columns: Object.fromEntries(columns.map((column) => [column.key, jsonType(column)])),
    filters: [...new Set(filters)],
    includes: route.includes.map((include) => include.name),
  };
}

test("SCHEMA.json is found", () => {
  expect(schemaPath).toBeDefined();
});

test("DOCUMENTED holds SCHEMA.json's keys and types, filters and includes, for every resource and sub-route", () => {
  const want: Record<string, unknown> = {};
  for (const [path, resource] of Object.entries(schema!.resources)) {
    // brandscape-data has no field table: the fields its page names, each filterable
    const columns = resource.full ?? resource.columns!.named_fields.map((field) => ({ ...field, filterable: true }));
    want[path] = expected(resource, columns);
    for (const subroute of resource.subroutes) want[subroute.path] = expected(subroute, subroute.schema!);
  }
  expect(JSON.parse(JSON.stringify(DOCUMENTED))).toEqual(want);
});

test("every endpoint's filters and includes are the documented ones", () => {
  for (const endpoint of ENDPOINTS) {
    expect(endpoint.filters).toBe(DOCUMENTED[endpoint.resource].filters);
    expect(endpoint.includes).toBe(DOCUMENTED[endpoint.resource].includes);
  }
});
