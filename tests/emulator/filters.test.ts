import { readFileSync } from "node:fs";
import { join } from "node:path";
import { startEmulator, type Emulator } from "../../src/emulator";
import { getAll, getJson, urlOf } from "./http";

const US_2024 = { "filter[country_code]": "US", "filter[year_number]": 2024, metric_keys: "differentiation" };
const US_GB_2024 = { "filter[countries]": "1,8", "filter[years]": 13, metric_keys: "differentiation" };
const CH_2023_2024 = { "filter[countries]": 15, "filter[years]": "12,13", metric_keys: "differentiation" };
const SINCE = "2020-01-01 00:00:00";
const SINCE_WIRE = "2020-01-01T00:00:00.000000Z";

interface DocumentedKey {
  key: string;
  filterable?: boolean;
  match?: "exact" | "like";
}
const SCHEMA = JSON.parse(readFileSync(join(__dirname, "../../spec/SCHEMA.json"), "utf8")) as {
  resources: Record<string, { full: DocumentedKey[] | null; extra_filters: Array<{ name: string }>; search: boolean }>;
};

interface FilterCase {
  resource: string;
  filter: string;
  value: string | number;
  /** params of both queries: the unfiltered base and the filtered one */
  base?: Record<string, string | number>;
  /** the record passes the filter; evaluated on every record of the base query */
  check: (record: any) => boolean;
  /** false when the filter may keep everything of its base */
  narrows?: boolean;
  /** true when the check sees only part of what the filter matches: the answer holds every record that passes, and may hold more */
  superset?: boolean;
}

/** facts from other resources that some checks need, read through the emulator itself */
const aux = {
  brandsOf2024: new Set<number>(),
  primaryCategory: new Map<number, number>(),
  audienceGroups: new Map<number, Set<number>>(),
  countriesWithStudies: new Set<number>(),
  countriesWithStudiesSince2022: new Set<number>(),
  bestCountries2016: new Set<number>(),
};

const has = (list: any[] | undefined, id: number) => (list ?? []).some((item) => item.id === id);
/** the emulator's visibility rules for its 22 collections (dataset/collections.ts): a third are mine, some public, some shared */
const PUBLIC_COLLECTIONS = [3, 4, 7, 11, 15, 16, 19];
const SHARED_COLLECTIONS = [2, 5, 8, 11, 14, 17, 20];
const isMine = (id: number) => (id - 1) % 3 === 0;

const CASES: FilterCase[] = [
  { resource: "audiences", filter: "active", value: 0, check: (a) => a.is_active === false },
  { resource: "audiences", filter: "inactive", value: 1, check: (a) => a.is_active === false },
  { resource: "audiences", filter: "public", value: "true", check: (a) => a.is_public === true },
  { resource: "audiences", filter: "private", value: 1, check: (a) => a.is_public === false },
  { resource: "audiences", filter: "groups", value: "2,12", check: (a) => [2, 12].some((id) => aux.audienceGroups.get(a.id)?.has(id)) },
  // active / inactive: bavapi's names, no documented column (every group but the legacy one is in use)
  { resource: "brand-metric-groups", filter: "active", value: 1, check: (g) => g.key !== "legacy" },
  { resource: "brand-metric-groups", filter: "inactive", value: 1, check: (g) => g.key === "legacy" },
  { resource: "brand-metric-groups", filter: "public", value: 1, check: (g) => g.is_public === true },
  { resource: "brand-metric-groups", filter: "private", value: 1, check: (g) => g.is_public === false },
  { resource: "brand-metrics", filter: "active", value: 1, check: (m) => m.is_active === true },
  { resource: "brand-metrics", filter: "inactive", value: 1, check: (m) => m.is_active === false },
  { resource: "brand-metrics", filter: "public", value: 0, check: (m) => m.is_public === false },
  { resource: "brand-metrics", filter: "private", value: 1, check: (m) => m.is_public === false },
  { resource: "brand-metrics", filter: "groups", value: "1,2", base: { include: "group" }, check: (m) => [1, 2].includes(m.group.id) },
  { resource: "brand-metrics", filter: "current", value: 1, check: (m) => m.is_legacy === false },
  { resource: "brand-metrics", filter: "legacy", value: 1, check: (m) => m.is_legacy === true },
  { resource: "brand-metrics", filter: "core", value: 1, check: (m) => m.is_core === true },
  // custom metrics are the client-commissioned ones, kept private
  { resource: "brand-metrics", filter: "custom", value: 1, check: (m) => m.is_public === false },
  {
    resource: "brands",
    filter: "country_codes",
    value: "ch,jp",
    base: { include: "countries" },
    check: (b) => b.countries.some((c: any) => ["CH", "JP"].includes(c.code)),
  },
  { resource: "brands", filter: "year_numbers", value: 2024, check: (b) => aux.brandsOf2024.has(b.id) },
  { resource: "brands", filter: "studies", value: "498", check: () => true }, // see "brands studies=<id>" below
  // a brand studied in two categories matches on either; its include shows the first
  {
    resource: "brands",
    filter: "categories",
    value: "31,36",
    check: (b) => [31, 36].includes(aux.primaryCategory.get(b.id)!),
    superset: true,
  },
  { resource: "brands", filter: "countries", value: "15", base: { include: "countries" }, check: (b) => has(b.countries, 15) },
  {
    resource: "brands",
    filter: "regions",
    value: "5",
    base: { include: "countries" },
    check: (b) => b.countries.some((c: any) => c.region.id === 5),
  },
  { resource: "brands", filter: "sectors", value: "10", base: { include: "sector" }, check: (b) => b.sector.id === 10, superset: true },
  { resource: "brands", filter: "years", value: "13", check: (b) => aux.brandsOf2024.has(b.id) },
  { resource: "brands", filter: "has_studies", value: 0, base: { include: "countries" }, check: (b) => b.countries.length === 0 },
  {
    resource: "brandscape-data",
    filter: "country_code",
    value: "us",
    base: { ...US_GB_2024, include: "country" },
    check: (r) => r.country.code === "US",
  },
  {
    resource: "brandscape-data",
    filter: "year_number",
    value: 2023,
    base: { ...CH_2023_2024, include: "year" },
    check: (r) => r.year.year === 2023,
  },
  { resource: "brandscape-data", filter: "audiences", value: 2, base: US_2024, check: (r) => r.audience_id === 2 },
  {
    resource: "brandscape-data",
    filter: "brand_name",
    value: "walkers",
    base: { ...US_GB_2024, include: "brand" },
    check: (r) => r.brand_name.toLowerCase().includes("walkers"),
  },
  { resource: "brandscape-data", filter: "studies", value: "471,475", base: US_2024, check: (r) => [471, 475].includes(r.study_id) },
  { resource: "brandscape-data", filter: "brands", value: "28,265", base: US_GB_2024, check: (r) => [28, 265].includes(r.brand_id) },
  { resource: "brandscape-data", filter: "categories", value: "3", base: US_2024, check: (r) => r.category_id === 3 },
  {
    resource: "brandscape-data",
    filter: "countries",
    value: "8",
    base: { ...US_GB_2024, include: "country" },
    check: (r) => r.country.id === 8,
  },
  { resource: "brandscape-data", filter: "years", value: "12", base: { ...CH_2023_2024, include: "year" }, check: (r) => r.year.id === 12 },
  {
    resource: "brandscape-data",
    filter: "sectors",
    value: "10",
    base: { ...US_2024, include: "sector" },
    check: (r) => r.sector.id === 10,
  },
  {
    resource: "brandscape-data",
    filter: "companies",
    value: "200",
    base: { ...US_GB_2024, include: "company" },
    check: (r) => r.company.id === 200,
  },
  { resource: "categories", filter: "sectors", value: "2,3", base: { include: "sector" }, check: (c) => [2, 3].includes(c.sector.id) },
  { resource: "cities", filter: "capitals", value: "true", check: (c) => c.geonames_feature_code === "PPLC" },
  { resource: "cities", filter: "countries", value: "1,9", base: { include: "country" }, check: (c) => [1, 9].includes(c.country.id) },
  { resource: "cities", filter: "regions", value: "6", base: { include: "country" }, check: (c) => c.country.region.id === 6 },
  {
    resource: "cities",
    filter: "in_best_countries",
    value: "2016",
    base: { include: "country" },
    check: (c) => aux.bestCountries2016.has(c.country.id),
  },
  { resource: "collections", filter: "public", value: 1, check: (c) => PUBLIC_COLLECTIONS.includes(c.id) },
  { resource: "collections", filter: "shared_with_me", value: 1, check: (c) => SHARED_COLLECTIONS.includes(c.id) },
  { resource: "collections", filter: "mine", value: 1, check: (c) => isMine(c.id) },
  { resource: "companies", filter: "public", value: 1, check: (c) => c.isin !== null },
  { resource: "companies", filter: "private", value: 1, check: (c) => c.isin === null },
  {
    resource: "companies",
    filter: "brands",
    value: "265,28",
    base: { include: "brands" },
    check: (c) => has(c.brands, 265) || has(c.brands, 28),
  },
  { resource: "countries", filter: "active", value: 0, check: (c) => c.is_active === false },
  { resource: "countries", filter: "regions", value: "3", base: { include: "region" }, check: (c) => c.region.id === 3 },
  { resource: "countries", filter: "with_studies", value: 1, check: (c) => aux.countriesWithStudies.has(c.id), narrows: false },
  { resource: "countries", filter: "with_recent_studies", value: 3, check: (c) => aux.countriesWithStudiesSince2022.has(c.id) },
  // the cities filter of the same name is the other witness: same report years, same countries
  { resource: "countries", filter: "in_best_countries", value: "2016", check: (c) => aux.bestCountries2016.has(c.id) },
  { resource: "sectors", filter: "in_most_influential", value: 1, check: (s) => s.excluded_for_most_influential === false },
  { resource: "sectors", filter: "not_in_most_influential", value: 1, check: (s) => s.excluded_for_most_influential === true },
  {
    resource: "studies",
    filter: "country_codes",
    value: "US,CH",
    base: { include: "country" },
    check: (s) => ["US", "CH"].includes(s.country.code),
  },
  {
    resource: "studies",
    filter: "year_numbers",
    value: "2024,2025",
    base: { include: "year" },
    check: (s) => [2024, 2025].includes(s.year.year),
  },
  { resource: "studies", filter: "full_year", value: 0, check: (s) => s.period.is_full_year === false },
  { resource: "studies", filter: "released", value: 1, check: (s) => s.data_available_at !== null },
  { resource: "studies", filter: "unreleased", value: 1, check: (s) => s.data_available_at === null },
  { resource: "studies", filter: "bav_study", value: 1, check: (s) => s.type.is_bav_study === true },
  { resource: "studies", filter: "active", value: 1, check: (s) => s.is_active === true },
  { resource: "studies", filter: "inactive", value: 1, check: (s) => s.is_active === false },
  { resource: "studies", filter: "open_survey", value: 1, check: (s) => s.data_available_at === null },
  {
    resource: "studies",
    filter: "data_updated_since",
    value: "2024-06-01 00:00:00",
    check: (s) => s.data_updated_at !== null && s.data_updated_at >= "2024-06-01T00:00:00.000000Z",
  },
  { resource: "studies", filter: "countries", value: "1", base: { include: "country" }, check: (s) => s.country.id === 1 },
  { resource: "studies", filter: "years", value: "13", base: { include: "year" }, check: (s) => s.year.id === 13 },
  { resource: "studies", filter: "regions", value: "2", base: { include: "country" }, check: (s) => s.country.region.id === 2 },
];

/** The filters the emulator serves beyond the docs: the names bavapi sends (SCHEMA.md, "Known from elsewhere"). */
const BAVAPI_ONLY = ["brand-metric-groups active", "brand-metric-groups inactive"];

// brands?filter[studies]=498 is checked against studies/498/brands below, not by a predicate
const PREDICATE_CASES = CASES.filter((c) => !(c.resource === "brands" && c.filter === "studies"));

let emulator: Emulator;
/** unfiltered base queries repeat across cases; read each once */
const baseAnswers = new Map<string, Promise<any[]>>();
const getBase = (resource: string, base: Record<string, string | number>) => {
  const key = `${resource} ${JSON.stringify(base)}`;
  if (!baseAnswers.has(key)) baseAnswers.set(key, getAll(emulator.url, resource, base));
  return baseAnswers.get(key)!;
};

beforeAll(async () => {
  emulator = await startEmulator({ rateLimit: false }); // several audiences a study: the audience filter narrows
  for (const study of await getAll(emulator.url, "studies", { include: "country,year" })) {
    aux.countriesWithStudies.add(study.country.id);
    if (study.year.year >= 2022) aux.countriesWithStudiesSince2022.add(study.country.id);
    if (study.year.year !== 2024) continue;
    for (const row of await getAll(emulator.url, `studies/${study.id}/brands`, { include: "brand,category" })) {
      aux.brandsOf2024.add(row.brand.id);
      aux.primaryCategory.set(row.brand.id, row.category.id);
    }
  }
  for (const group of await getAll(emulator.url, "audience-groups", { include: "audiences" })) {
    for (const audience of group.audiences)
      aux.audienceGroups.set(audience.id, (aux.audienceGroups.get(audience.id) ?? new Set()).add(group.id));
  }
  for (const city of await getAll(emulator.url, "cities", { "filter[in_best_countries]": 2016, include: "country" })) {
    aux.bestCountries2016.add(city.country.id);
  }
});
afterAll(() => emulator.close());

describe("every filter of every resource", () => {
  test("the cases cover every documented additional filter (spec/SCHEMA.json), and bavapi's names the docs lack", () => {
    const listed = Object.entries(SCHEMA.resources).flatMap(([resource, route]) => route.extra_filters.map((f) => `${resource} ${f.name}`));
    expect(CASES.map((c) => `${c.resource} ${c.filter}`).sort()).toEqual([...listed, ...BAVAPI_ONLY].sort());
  });

  test.each(PREDICATE_CASES.map((c) => [`${c.resource} ${c.filter}=${c.value}`, c] as const))("%s", async (_, c) => {
    const base = c.base ?? {};
    const all = await getBase(c.resource, base);
    const filtered = await getAll(emulator.url, c.resource, { ...base, [`filter[${c.filter}]`]: c.value });
    expect(filtered.length).toBeGreaterThan(0);
    const passing = all.filter(c.check).map((r) => r.id);
    if (c.superset) expect(filtered.map((r) => r.id)).toEqual(expect.arrayContaining(passing));
    else expect(filtered.map((r) => r.id)).toEqual(passing);
    if (c.narrows !== false) expect(filtered.length).toBeLessThan(all.length);
  });

  test("brands studies=<id> are the brands of that study", async () => {
    const filtered = await getAll(emulator.url, "brands", { "filter[studies]": 498 });
    const ofStudy = await getAll(emulator.url, "studies/498/brands", { include: "brand" });
    expect(filtered.map((b) => b.id)).toEqual(ofStudy.map((row) => row.brand.id));
    expect(filtered).toHaveLength(115);
  });
});

/** A value as a SQL LIKE sees it: booleans as 1/0, an object by its name, a list as its JSON. */
const textOf = (value: unknown): string =>
  value === null || value === undefined
    ? ""
    : typeof value === "boolean"
      ? value
        ? "1"
        : "0"
      : Array.isArray(value)
        ? JSON.stringify(value)
        : typeof value === "object"
          ? String((value as { name?: unknown }).name ?? JSON.stringify(value))
          : String(value);

/** The value to filter a column by, taken from a record: whole for exact, a part of it (in upper case) for like. */
function needleFor(value: unknown, match: string): string {
  const text = Array.isArray(value) ? textOf(value[0]?.name ?? value[0]) : textOf(value);
  if (match === "exact" || typeof value === "boolean" || text.length <= 3) return text;
  return text.slice(1, 4).trim().toUpperCase() || text; // Laravel trims what it is sent
}

describe("every documented filterable column (spec/SCHEMA.json), exact or like as marked", () => {
  const columns = Object.entries(SCHEMA.resources).flatMap(([resource, route]) =>
    (route.full ?? []).filter((key) => key.filterable).map((key) => [resource, key.key, key.match ?? "like"] as const),
  );
  test.each(columns)("%s filter[%s] (%s)", async (resource, key, match) => {
    const all = await getBase(resource, {});
    const sample = all.find((record) => textOf(record[key]) !== "" && textOf(record[key]) !== "[]")!;
    const needle = needleFor(sample[key], match);
    const filtered = await getAll(emulator.url, resource, { [`filter[${key}]`]: needle });
    const expected = all.filter((record) =>
      match === "exact" || typeof record[key] === "boolean"
        ? textOf(record[key]) === needle
        : textOf(record[key]).toLowerCase().includes(needle.toLowerCase()),
    );
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.map((r) => r.id)).toEqual(expected.map((r) => r.id));
  });

  test("an exact column takes a comma-separated list; a column not marked filterable is ignored", async () => {
    expect((await getAll(emulator.url, "brands", { "filter[id]": "3,1,2" })).map((b) => b.id)).toEqual([1, 2, 3]);
    expect(await getAll(emulator.url, "brands", { "filter[url]": "no-such-url" })).toHaveLength((await getBase("brands", {})).length);
  });
});

describe("filters every resource shares", () => {
  test.each(Object.keys(SCHEMA.resources).filter((resource) => resource !== "brandscape-data"))("%s updated_since", async (resource) => {
    const all = await getBase(resource, {});
    const since = await getAll(emulator.url, resource, { "filter[updated_since]": SINCE });
    expect(since.length).toBeGreaterThan(0);
    expect(since.map((r) => r.id)).toEqual(all.filter((r) => r.updated_at >= SINCE_WIRE).map((r) => r.id));
  });

  test("brandscape-data updated_since looks at the study's data", async () => {
    const base = { "filter[brands]": 265, metric_keys: "esteem" };
    const all = await getAll(emulator.url, "brandscape-data", base);
    const since = await getAll(emulator.url, "brandscape-data", { ...base, "filter[updated_since]": "2023-01-01 00:00:00" });
    const updated = new Set(
      (await getAll(emulator.url, "studies", { "filter[data_updated_since]": "2023-01-01 00:00:00" })).map((study) => study.id),
    );
    expect(since.length).toBeGreaterThan(0);
    expect(since.map((r) => r.id)).toEqual(all.filter((r) => updated.has(r.study_id)).map((r) => r.id));
  });

  test("brandscape-data's own columns filter by exact value; unknown filters are ignored", async () => {
    const duplicates = await getAll(emulator.url, "brandscape-data", { ...US_GB_2024, "filter[is_duplicate]": 1 });
    expect(duplicates.length).toBeGreaterThan(0);
    expect(duplicates.every((r) => r.is_duplicate === true)).toBe(true);
    const ignored = await getAll(emulator.url, "regions", { "filter[no_such_filter]": "x" });
    expect(ignored).toHaveLength(6);
  });

  test("bad filter values are a 400 naming the filter", async () => {
    for (const [resource, filter, value] of [
      ["audiences", "active", "yes"],
      ["studies", "countries", "1,x"],
      ["brands", "updated_since", "yesterday"],
      ["countries", "with_recent_studies", "-1"],
    ]) {
      const answer = await getJson(urlOf(emulator.url, resource, { [`filter[${filter}]`]: value }));
      expect(answer.status).toBe(400);
      expect(answer.json.data.message).toContain(`filter.${filter}`);
    }
  });
});

describe("top-level search", () => {
  const searches: Array<[string, string, (r: any) => string]> = [
    ["audience-groups", "life", (r) => r.name],
    ["audiences", "PARENT", (r) => r.name],
    ["brands", "swat", (r) => r.name],
    ["categories", "beer", (r) => r.name],
    ["collections", "watch", (r) => r.name],
    ["countries", "kingdom", (r) => r.name],
    ["regions", "america", (r) => r.name],
    ["sectors", "food", (r) => r.name],
    ["studies", "germany 2023", (r) => r.name],
    ["years", "202", (r) => String(r.year)],
  ];

  test("the resources whose page documents search are the ones tested", () => {
    expect(searches.map(([resource]) => resource).sort()).toEqual(
      Object.entries(SCHEMA.resources)
        .filter(([, route]) => route.search)
        .map(([resource]) => resource)
        .sort(),
    );
  });

  test.each(searches)("%s search=%s", async (resource, text, searched) => {
    const all = await getBase(resource, {});
    const found = await getAll(emulator.url, resource, { search: text });
    expect(found.length).toBeGreaterThan(0);
    expect(found.map((r) => r.id)).toEqual(all.filter((r) => searched(r).toLowerCase().includes(text.toLowerCase())).map((r) => r.id));
  });

  test("resources without search ignore it", async () => {
    expect(await getAll(emulator.url, "brand-metrics", { search: "zzz" })).toHaveLength(78);
  });
});
