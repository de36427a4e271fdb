/**
 * The emulator against the service's documentation (spec/SCHEMA.json, a copy of the shared one):
 * every route's records carry exactly the documented keys, in the documented order, with their
 * JSON types, full on list and item routes and slim inside includes; every documented include is
 * served; the documented sortable columns sort. Over real HTTP.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { startEmulator, type Emulator } from "../../src/emulator";
import { getJson, urlOf } from "./http";

interface Key {
  key: string;
  type: string | null;
  type_normalized?: string | null;
}
interface Include {
  name: string;
  cardinality: string;
  default?: boolean;
}
interface Route {
  full: Key[] | null;
  slim: Key[] | null;
  includes: Include[];
  subroutes?: Array<{ path: string; schema: Key[]; includes: Include[] }>;
}
const SCHEMA = JSON.parse(readFileSync(join(__dirname, "../../spec/SCHEMA.json"), "utf8")) as {
  resources: Record<string, Route>;
  tools: { list: Route };
};
const RESOURCES = Object.keys(SCHEMA.resources);
const WITH_TABLE = RESOURCES.filter((resource) => SCHEMA.resources[resource].full);

/**
 * Where the docs contradict themselves (SCHEMA.md "Where the docs disagree", items 10-12) the
 * emulator follows the reading that agrees with the rest of the docs. Each entry is checked to be
 * what the docs really say, so a corrected SCHEMA.json shows up here.
 */
const DOC_TYPOS: Array<{ route: string; form: "full" | "slim"; key: string; documented: string; served: string }> = [
  { route: "tools", form: "full", key: "name", documented: "integer", served: "string" }, // item 12
  { route: "years", form: "slim", key: "year", documented: "string", served: "integer" }, // item 10
  { route: "countries", form: "slim", key: "code", documented: "object", served: "string" }, // item 11
  { route: "countries", form: "slim", key: "code_alpha3", documented: "object", served: "string" },
  { route: "countries", form: "slim", key: "code_numeric", documented: "object", served: "string" },
];
/** Untyped keys (`-`): the type the emulator chose (docs/emulator.md). */
const CHOSEN_TYPES: Record<string, string> = {
  "collections.uuid": "string",
  "sectors.excluded_for_most_influential": "boolean",
  "brand-metrics.has_construct_score": "boolean",
  "brand-metrics.has_percentile_rank_score": "boolean",
  "brand-metrics.has_percentage_score": "boolean",
  "brand-metrics.has_value_score": "boolean",
  "brand-metrics.has_index_score": "boolean",
};
/** Resources with no slim table in the docs: the emulator sends id and name (docs/emulator.md). */
const CHOSEN_SLIM: Record<string, string[]> = { cities: ["id", "name"], collections: ["id", "name"], regions: ["id", "name"] };

/** The resource an include name stands for, per route (group is an audience group on audiences, a metric group on brand-metrics). */
const INCLUDE_TARGETS: Record<string, string> = {
  audiences: "audiences",
  audience: "audiences",
  brand: "brands",
  brands: "brands",
  categories: "categories",
  category: "categories",
  company: "companies",
  countries: "countries",
  country: "countries",
  metric: "brand-metrics",
  region: "regions",
  sector: "sectors",
  studies: "studies",
  study: "studies",
  year: "years",
  "audiences.group": "audience-groups",
  "brand-metrics.group": "brand-metric-groups",
};
const targetOf = (route: string, include: string): string | undefined => INCLUDE_TARGETS[`${route}.${include}`] ?? INCLUDE_TARGETS[include];

const jsonType = (value: unknown): string =>
  value === null
    ? "null"
    : Array.isArray(value)
      ? "array"
      : typeof value === "number"
        ? Number.isInteger(value)
          ? "integer"
          : "number"
        : typeof value;

function expectedType(route: string, form: "full" | "slim", key: Key): string | null {
  const typo = DOC_TYPOS.find((entry) => entry.route === route && entry.form === form && entry.key === key.key);
  if (typo) return typo.served;
  const chosen = CHOSEN_TYPES[`${route}.${key.key}`];
  if (chosen) return chosen;
  const type = "type_normalized" in key ? key.type_normalized : key.type;
  return type === "float" ? "number" : (type ?? null);
}

const matchesType = (value: unknown, type: string | null): boolean => {
  const actual = jsonType(value);
  if (type === null || actual === "null") return true; // nullability is not documented; non-null is checked below
  if (type === "number") return actual === "number" || actual === "integer";
  return actual === type;
};

/** Every record has exactly the keys, in the documented order, each of the documented type; each key is non-null somewhere. */
function expectSchema(records: any[], keys: Key[], route: string, form: "full" | "slim"): void {
  expect(records.length).toBeGreaterThan(0);
  const names = keys.map((key) => key.key);
  for (const record of records) {
    expect(Object.keys(record)).toEqual(names);
    for (const key of keys) {
      const type = expectedType(route, form, key);
      if (!matchesType(record[key.key], type))
        throw new Error(`${route} (${form}) ${key.key}: ${JSON.stringify(record[key.key])} is not ${type}`);
    }
  }
  const alwaysNull = keys.filter((key) => records.every((record) => record[key.key] === null)).map((key) => key.key);
  expect(alwaysNull).toEqual([]);
}

const slimKeys = (resource: string): Key[] => {
  const documented = SCHEMA.resources[resource].slim;
  return documented && documented.length > 0
    ? documented
    : CHOSEN_SLIM[resource].map((key) => ({ key, type: key === "id" ? "integer" : "string" }));
};

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator({ rateLimit: false });
});
afterAll(() => emulator.close());

const get = async (path: string, params: Record<string, string | number> = {}) => {
  const answer = await getJson(urlOf(emulator.url, path, params));
  if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${answer.text.slice(0, 300)}`);
  return answer.json;
};
const BRANDSCAPE_FILTER = { "filter[studies]": 498, metric_keys: "esteem" };
const paramsFor = (route: string) => (route === "brandscape-data" ? BRANDSCAPE_FILTER : {});

test("the documented disagreements the emulator settles are what the docs say", () => {
  for (const typo of DOC_TYPOS) {
    const route = typo.route === "tools" ? SCHEMA.tools.list : SCHEMA.resources[typo.route];
    const key = route[typo.form]!.find((entry) => entry.key === typo.key)!;
    expect([typo.route, typo.key, key.type]).toEqual([typo.route, typo.key, typo.documented]);
  }
  for (const name of Object.keys(CHOSEN_SLIM)) expect(SCHEMA.resources[name].slim ?? []).toEqual([]);
});

describe.each(WITH_TABLE)("%s", (resource) => {
  const route = SCHEMA.resources[resource];

  // the pages' "relationships apart from the sector are not included": the includes SCHEMA.json marks default come unasked
  const defaults = route.includes.filter((include) => include.default).map((include) => include.name);

  test(`list and item routes carry the full schema${defaults.length > 0 ? `, then the default include ${defaults.join()}` : ""}`, async () => {
    const list = await get(resource, { per_page: 1000 });
    const withoutDefaults = (records: any[]) =>
      records.map((record) => {
        expect(Object.keys(record).slice(-defaults.length || Infinity)).toEqual(defaults.length ? defaults : []);
        const rest = { ...record };
        for (const name of defaults) delete rest[name];
        return rest;
      });
    expectSchema(withoutDefaults(list.data), route.full!, resource, "full");
    const item = await get(`${resource}/${list.data[0].id}`);
    expectSchema(withoutDefaults([item.data]), route.full!, resource, "full");
  });
});

describe.each(
  RESOURCES.flatMap((resource) =>
    SCHEMA.resources[resource].includes.map((include) => [resource, include.name, include.cardinality] as const),
  ),
)("%s include=%s", (resource, name, cardinality) => {
  test(`is served (${cardinality}), each included record in its slim schema`, async () => {
    const records: any[] = (await get(resource, { ...paramsFor(resource), include: name, per_page: 100 })).data;
    expect(records.length).toBeGreaterThan(0);
    const values = records.map((record) => record[name]);
    expect(values.every((value) => value !== undefined)).toBe(true);
    if (cardinality === "many") expect(values.every(Array.isArray)).toBe(true);
    else expect(values.some((value) => Array.isArray(value))).toBe(false);
    const embedded = values.flat().filter((value) => value !== null);
    expect(embedded.length).toBeGreaterThan(0);
    const target = targetOf(resource, name);
    if (target) expectSchema(embedded, slimKeys(target), target, "slim");
  });
});

interface Marked extends Key {
  sortable?: boolean;
}

test.each(WITH_TABLE)("%s sorts on every column documented sortable, and on no other", async (resource) => {
  const keys = SCHEMA.resources[resource].full as Marked[];
  for (const key of keys) {
    const answer = await getJson(urlOf(emulator.url, resource, { sort: `-${key.key}`, per_page: 1 }));
    expect([key.key, answer.status]).toEqual([key.key, key.sortable ? 200 : 400]);
  }
});

describe("the study sub-routes", () => {
  const subroutes = SCHEMA.resources.studies.subroutes!;
  test.each(subroutes.map((sub) => [sub.path] as const))("%s carries its documented schema", async (path) => {
    const sub = subroutes.find((entry) => entry.path === path)!;
    const records = (await get(path.replace("{id}", "498"), { per_page: 1000 })).data;
    expectSchema(records, sub.schema, path, "full");
  });

  test.each(subroutes.flatMap((sub) => sub.includes.map((include) => [sub.path, include.name] as const)))(
    "%s include=%s is served, slim and nested",
    async (path, name) => {
      const records = (await get(path.replace("{id}", "498"), { include: name, per_page: 30 })).data;
      const [first, second] = name.split(".");
      for (const record of records) {
        const value = record[first];
        expect(value).toEqual(expect.any(Object));
        const target = targetOf("studies", first)!;
        const slim = slimKeys(target).map((key) => key.key);
        if (second) {
          expect(Object.keys(value).sort()).toEqual([...slim, second].sort());
          expectSchema([value[second]], slimKeys(targetOf("categories", second)!), "sectors", "slim");
        } else if (!(path.endsWith("categories") && name === "category")) {
          expectSchema([value], slimKeys(target), target, "slim");
        }
      }
    },
  );
});

describe("the tool list", () => {
  test("tools and tools/{id} carry the documented record", async () => {
    const list = await get("tools");
    expect(list.data).toHaveLength(11);
    expectSchema(list.data, SCHEMA.tools.list.full!, "tools", "full");
    expectSchema([(await get(`tools/${list.data[0].id}`)).data], SCHEMA.tools.list.full!, "tools", "full");
    for (const key of ["supported_parameters", "required_parameters", "multiple_choice_parameters", "export_formats"]) {
      for (const tool of list.data) expect(Object.values(tool[key]).every((flag) => typeof flag === "boolean")).toBe(true);
    }
  });

  test.each(SCHEMA.tools.list.includes.map((include) => [include.name, include.cardinality] as const))(
    "include=%s is served (%s)",
    async (name, cardinality) => {
      const tools = (await get("tools", { include: name })).data;
      for (const tool of tools) expect(Array.isArray(tool[name])).toBe(cardinality === "many");
    },
  );
});
