/**
 * The requests the Python SDK (bavapi 1.1.0) makes still get answers: every filter name it sends
 * per resource (SCHEMA.json `known_from_elsewhere`, some of them not in the docs), in its value
 * forms (0/1 flags, comma-joined lists, `YYYY-MM-DD HH:MM:SS`), with its default includes, its
 * `fields[<endpoint with _>]`, per_page 100 and top-level metric_keys.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { startEmulator, type Emulator } from "../../src/emulator";
import { getJson, urlOf } from "./http";

const KNOWN = JSON.parse(readFileSync(join(__dirname, "../../spec/SCHEMA.json"), "utf8")).known_from_elsewhere.bavapi_1_1_0 as {
  filters: Record<string, string[]>;
  default_includes: Record<string, string[]>;
};

/** A value of the form bavapi sends for each filter name. */
const VALUES: Record<string, string> = {
  country_codes: "US,GB",
  country_code: "US",
  year_numbers: "2023,2024",
  year_number: "2024",
  brand_name: "coca",
  data_updated_since: "2024-01-01 00:00:00",
  in_best_countries: "2023,2024",
  with_recent_studies: "2",
};
const ID_LISTS = new Set(["groups", "categories", "countries", "regions", "sectors", "studies", "years", "audiences", "brands"]);
const valueOf = (name: string) => VALUES[name] ?? (ID_LISTS.has(name) ? "1,2" : "1"); // flags: bavapi sends 1 or 0

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator({ rateLimit: false });
});
afterAll(() => emulator.close());

const cases = Object.entries(KNOWN.filters).flatMap(([resource, names]) =>
  [...names, "updated_since"].map((name) => [resource, name] as const),
);

test.each(cases)("%s filter[%s] as bavapi sends it", async (resource, name) => {
  const params: Record<string, string | number> = {
    per_page: 100,
    [`filter[${name}]`]: name === "updated_since" ? "2020-01-01 00:00:00" : valueOf(name),
  };
  if (resource === "brandscape-data" && !["studies", "brands", "brand_name"].includes(name)) params["filter[studies]"] = 498;
  if (resource === "brandscape-data") params.metric_keys = "esteem";
  const includes = KNOWN.default_includes[resource];
  if (includes) params.include = includes.join(",");
  const answer = await getJson(urlOf(emulator.url, resource, params));
  expect([answer.status, answer.text.slice(0, 200)]).toEqual([200, expect.any(String)]);
  expect(Array.isArray(answer.json.data)).toBe(true);
});

test("its 0 flags and fields[<endpoint with _>] are read too", async () => {
  const inactive = await getJson(
    urlOf(emulator.url, "brand-metric-groups", { "filter[active]": 0, "fields[brand_metric_groups]": "id,name" }),
  );
  expect(inactive.status).toBe(200);
  expect(inactive.json.data).toEqual([{ id: expect.any(Number), name: "Legacy Metrics" }]);
  const capitals = await getJson(urlOf(emulator.url, "cities", { "filter[capitals]": 0, per_page: 1 }));
  expect(capitals.json.data[0].geonames_feature_code).not.toBe("PPLC");
});

test("the docs' presence filters (countries with_studies, brands has_studies) given with no value mean 1", async () => {
  for (const [resource, name] of [
    ["countries", "with_studies"],
    ["brands", "has_studies"],
  ]) {
    const bare = await getJson(`${emulator.url}${resource}?filter[${name}]=&per_page=1000`);
    const one = await getJson(urlOf(emulator.url, resource, { [`filter[${name}]`]: 1, per_page: 1000 }));
    const all = await getJson(urlOf(emulator.url, resource, { per_page: 1000 }));
    expect(bare.json.data).toEqual(one.json.data);
    expect(bare.json.meta.total).toBeLessThanOrEqual(all.json.meta.total);
  }
});
