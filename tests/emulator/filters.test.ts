import { ENDPOINTS } from "../../src/endpoints/table";
import { startEmulator, type Emulator } from "../../src/emulator";
import { getAll, getJson, urlOf } from "./http";

/** Two audiences' worth of brandscape rows, so that the audience filter has something to narrow. */
const SCALE = 2 * 67_680;
const US_2024 = { "filter[country_code]": "US", "filter[year_number]": 2024, metric_keys: "differentiation" };
const US_GB_2024 = { "filter[countries]": "1,8", "filter[years]": 13, metric_keys: "differentiation" };
const CH_2023_2024 = { "filter[countries]": 15, "filter[years]": "12,13", metric_keys: "differentiation" };
const SINCE = "2020-01-01 00:00:00";
const SINCE_WIRE = "2020-01-01T00:00:00.000000Z";

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
}

/** facts from other resources that some checks need, read through the emulator itself */
const aux = { brandsOf2024: new Set<number>(), brandsOfYear13: new Set<number>(), yearOfId: new Map<number, number>() };

const has = (list: any[] | undefined, id: number) => (list ?? []).some((item) => item.id === id);
const nameLike = (needle: string) => (record: any) => record.name.toLowerCase().includes(needle);

const CASES: FilterCase[] = [
  { resource: "audience-groups", filter: "name", value: "age", check: nameLike("age") },
  { resource: "audiences", filter: "name", value: "MILLENNIAL", check: nameLike("millennial") },
  { resource: "audiences", filter: "active", value: 0, check: (a) => a.active === 0 },
  { resource: "audiences", filter: "inactive", value: 1, check: (a) => a.active === 0 },
  { resource: "audiences", filter: "public", value: "true", check: (a) => a.public === 1 },
  { resource: "audiences", filter: "private", value: 1, check: (a) => a.public === 0 },
  {
    resource: "audiences",
    filter: "groups",
    value: "2,12",
    base: { include: "groups" },
    check: (a) => has(a.groups, 2) || has(a.groups, 12),
  },
  { resource: "brand-metric-groups", filter: "name", value: "power", check: nameLike("power") },
  { resource: "brand-metric-groups", filter: "active", value: 1, check: (g) => g.active === 1 },
  { resource: "brand-metric-groups", filter: "inactive", value: 1, check: (g) => g.active === 0 },
  { resource: "brand-metric-groups", filter: "public", value: 1, check: (g) => g.public === 1 },
  { resource: "brand-metric-groups", filter: "private", value: 1, check: (g) => g.public === 0 },
  { resource: "brand-metrics", filter: "name", value: "brand", check: nameLike("brand") },
  { resource: "brand-metrics", filter: "active", value: 1, check: (m) => m.active === 1 },
  { resource: "brand-metrics", filter: "inactive", value: 1, check: (m) => m.active === 0 },
  { resource: "brand-metrics", filter: "public", value: 0, check: (m) => m.public === 0 },
  { resource: "brand-metrics", filter: "private", value: 1, check: (m) => m.public === 0 },
  { resource: "brand-metrics", filter: "groups", value: "1,2", base: { include: "group" }, check: (m) => [1, 2].includes(m.group.id) },
  { resource: "brand-metrics", filter: "current", value: 1, check: (m) => m.current === 1 },
  { resource: "brand-metrics", filter: "legacy", value: 1, check: (m) => m.legacy === 1 },
  { resource: "brand-metrics", filter: "core", value: 1, check: (m) => m.core === 1 },
  { resource: "brand-metrics", filter: "custom", value: 1, check: (m) => m.custom === 1 },
  { resource: "brands", filter: "name", value: "swat", check: nameLike("swat") },
  {
    resource: "brands",
    filter: "country_codes",
    value: "ch,jp",
    base: { include: "countries" },
    check: (b) => b.countries.some((c: any) => ["CH", "JP"].includes(c.code)),
  },
  { resource: "brands", filter: "year_numbers", value: 2024, check: (b) => aux.brandsOf2024.has(b.id) },
  { resource: "brands", filter: "studies", value: "498", check: () => true }, // see "brands studies=<id>" below
  {
    resource: "brands",
    filter: "categories",
    value: "31,36",
    base: { include: "categories" },
    check: (b) => has(b.categories, 31) || has(b.categories, 36),
  },
  { resource: "brands", filter: "countries", value: "15", base: { include: "countries" }, check: (b) => has(b.countries, 15) },
  {
    resource: "brands",
    filter: "regions",
    value: "5",
    base: { include: "countries" },
    check: (b) => b.countries.some((c: any) => c.region.id === 5),
  },
  {
    resource: "brands",
    filter: "sectors",
    value: "10",
    base: { include: "categories" },
    check: (b) => b.categories.some((c: any) => c.sector_id === 10),
  },
  { resource: "brands", filter: "years", value: "13", check: (b) => aux.brandsOfYear13.has(b.id) },
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
  { resource: "categories", filter: "name", value: "drink", check: nameLike("drink") },
  { resource: "categories", filter: "sectors", value: "2,3", check: (c) => [2, 3].includes(c.sector_id) },
  { resource: "cities", filter: "name", value: "san", check: nameLike("san") },
  { resource: "cities", filter: "capitals", value: "true", check: (c) => c.capital === true },
  { resource: "cities", filter: "countries", value: "1,9", check: (c) => [1, 9].includes(c.country_id) },
  { resource: "cities", filter: "regions", value: "6", base: { include: "country" }, check: (c) => c.country.region_id === 6 },
  {
    resource: "cities",
    filter: "in_best_countries",
    value: "2016",
    base: { include: "country" },
    check: (c) => c.country.best_countries_years.includes(2016),
  },
  { resource: "collections", filter: "name", value: "pitch", check: nameLike("pitch") },
  { resource: "collections", filter: "public", value: 1, check: (c) => c.public === 1 },
  {
    resource: "collections",
    filter: "shared_with_me",
    value: 1,
    check: (c) => c.user_id !== 1 && [2, 5, 8, 11, 14, 17, 20].includes(c.id),
  },
  { resource: "collections", filter: "mine", value: 1, check: (c) => c.user_id === 1 },
  { resource: "companies", filter: "name", value: "group", check: nameLike("group") },
  { resource: "companies", filter: "public", value: 1, check: (c) => c.public === 1 },
  { resource: "companies", filter: "private", value: 1, check: (c) => c.public === 0 },
  {
    resource: "companies",
    filter: "brands",
    value: "265,28",
    base: { include: "brands" },
    check: (c) => has(c.brands, 265) || has(c.brands, 28),
  },
  { resource: "countries", filter: "name", value: "united", check: nameLike("united") },
  { resource: "countries", filter: "active", value: 0, check: (c) => c.active === 0 },
  { resource: "countries", filter: "regions", value: "3", check: (c) => c.region_id === 3 },
  {
    resource: "countries",
    filter: "with_studies",
    value: 1,
    base: { include: "studies" },
    check: (c) => c.studies.length > 0,
    narrows: false,
  },
  {
    resource: "countries",
    filter: "with_recent_studies",
    value: 3,
    base: { include: "studies" },
    check: (c) => c.studies.some((s: any) => aux.yearOfId.get(s.year_id)! >= 2022),
  },
  {
    resource: "countries",
    filter: "in_best_countries",
    value: "2017,2018",
    check: (c) => c.best_countries_years.some((y: number) => [2017, 2018].includes(y)),
  },
  { resource: "regions", filter: "name", value: "europe", check: nameLike("europe") },
  { resource: "sectors", filter: "name", value: "bev", check: nameLike("bev") },
  { resource: "sectors", filter: "in_most_influential", value: 1, check: (s) => s.in_most_influential === 1 },
  { resource: "sectors", filter: "not_in_most_influential", value: 1, check: (s) => s.in_most_influential === 0 },
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
  { resource: "studies", filter: "full_year", value: 0, check: (s) => s.full_year === 0 },
  { resource: "studies", filter: "released", value: 1, check: (s) => s.released === 1 },
  { resource: "studies", filter: "unreleased", value: 1, check: (s) => s.released === 0 },
  { resource: "studies", filter: "bav_study", value: 1, check: (s) => s.type.is_bav_study === true },
  { resource: "studies", filter: "active", value: 1, check: (s) => s.active === 1 },
  { resource: "studies", filter: "inactive", value: 1, check: (s) => s.active === 0 },
  { resource: "studies", filter: "open_survey", value: 1, check: (s) => s.open_survey === 1 },
  {
    resource: "studies",
    filter: "data_updated_since",
    value: "2024-06-01 00:00:00",
    check: (s) => s.data_updated_at !== null && s.data_updated_at >= "2024-06-01T00:00:00.000000Z",
  },
  { resource: "studies", filter: "countries", value: "1", check: (s) => s.country_id === 1 },
  { resource: "studies", filter: "years", value: "13", check: (s) => s.year_id === 13 },
  { resource: "studies", filter: "regions", value: "2", base: { include: "country" }, check: (s) => s.country.region.id === 2 },
  { resource: "years", filter: "year", value: 2020, check: (y) => y.year === 2020 },
];

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
  emulator = await startEmulator({ scale: SCALE, rateLimit: false });
  for (const study of await getAll(emulator.url, "studies", { include: "brands,year" })) {
    if (study.year.year === 2024) study.brands.forEach((b: any) => aux.brandsOf2024.add(b.id));
    if (study.year_id === 13) study.brands.forEach((b: any) => aux.brandsOfYear13.add(b.id));
  }
  for (const year of await getAll(emulator.url, "years")) aux.yearOfId.set(year.id, year.year);
});
afterAll(() => emulator.close());

describe("every filter of every resource", () => {
  // the filters this emulator applies (the client's table listed these before issue 19; it now lists the documented ones)
  const applied: Record<string, string[]> = {
    "audience-groups": ["name"],
    audiences: ["name", "active", "inactive", "public", "private", "groups"],
    "brand-metric-groups": ["name", "active", "inactive", "public", "private"],
    "brand-metrics": ["name", "active", "inactive", "public", "private", "groups", "current", "legacy", "core", "custom"],
    brands: ["name", "country_codes", "year_numbers", "studies", "categories", "countries", "regions", "sectors", "years", "has_studies"],
    "brandscape-data": [
      "country_code",
      "year_number",
      "audiences",
      "brand_name",
      "studies",
      "brands",
      "categories",
      "countries",
      "years",
      "sectors",
      "companies",
    ],
    categories: ["name", "sectors"],
    cities: ["name", "capitals", "countries", "regions", "in_best_countries"],
    collections: ["name", "public", "shared_with_me", "mine"],
    companies: ["name", "public", "private", "brands"],
    countries: ["name", "active", "regions", "with_studies", "with_recent_studies", "in_best_countries"],
    regions: ["name"],
    sectors: ["name", "in_most_influential", "not_in_most_influential"],
    studies: [
      "country_codes",
      "year_numbers",
      "full_year",
      "released",
      "unreleased",
      "bav_study",
      "active",
      "inactive",
      "open_survey",
      "data_updated_since",
      "countries",
      "years",
      "regions",
    ],
    years: ["year"],
  };
  test("the cases cover every filter the emulator applies", () => {
    const listed = Object.entries(applied)
      .flatMap(([resource, filters]) => filters.map((f) => `${resource} ${f}`))
      .sort();
    expect(CASES.map((c) => `${c.resource} ${c.filter}`).sort()).toEqual(listed);
  });

  test.each(PREDICATE_CASES.map((c) => [`${c.resource} ${c.filter}=${c.value}`, c] as const))("%s", async (_, c) => {
    const base = c.base ?? {};
    const all = await getBase(c.resource, base);
    const filtered = await getAll(emulator.url, c.resource, { ...base, [`filter[${c.filter}]`]: c.value });
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.map((r) => r.id)).toEqual(all.filter(c.check).map((r) => r.id));
    if (c.narrows !== false) expect(filtered.length).toBeLessThan(all.length);
  });

  test("brands studies=<id> are the brands of that study", async () => {
    const filtered = await getAll(emulator.url, "brands", { "filter[studies]": 498 });
    const ofStudy = await getAll(emulator.url, "studies/498/brands");
    expect(filtered.map((b) => b.id)).toEqual(ofStudy.map((b) => b.id));
    expect(filtered).toHaveLength(115);
  });
});

describe("filters every resource shares", () => {
  test.each(ENDPOINTS.filter((e) => e.resource !== "brandscape-data").map((e) => e.resource))("%s updated_since", async (resource) => {
    const all = await getBase(resource, {});
    const since = await getAll(emulator.url, resource, { "filter[updated_since]": SINCE });
    expect(since.length).toBeGreaterThan(0);
    expect(since.map((r) => r.id)).toEqual(all.filter((r) => r.updated_at >= SINCE_WIRE).map((r) => r.id));
  });

  test("brandscape-data updated_since looks at the study's data", async () => {
    const base = { "filter[brands]": 265, include: "study", metric_keys: "esteem" };
    const all = await getAll(emulator.url, "brandscape-data", base);
    const since = await getAll(emulator.url, "brandscape-data", { ...base, "filter[updated_since]": "2023-01-01 00:00:00" });
    expect(since.length).toBeGreaterThan(0);
    expect(since.map((r) => r.id)).toEqual(all.filter((r) => r.study.data_updated_at >= "2023-01-01T00:00:00.000000Z").map((r) => r.id));
  });

  test("a record's own column filters by exact value; unknown filters are ignored", async () => {
    const swiss = await getAll(emulator.url, "countries", { "filter[code]": "CH" });
    expect(swiss.map((c) => c.name)).toEqual(["Switzerland"]);
    const duplicates = await getAll(emulator.url, "brandscape-data", { ...US_GB_2024, "filter[is_duplicate]": 1 });
    expect(duplicates.length).toBeGreaterThan(0);
    expect(duplicates.every((r) => r.is_duplicate === 1)).toBe(true);
    const ignored = await getAll(emulator.url, "regions", { "filter[no_such_filter]": "x" });
    expect(ignored).toHaveLength(6);
  });

  test("bad filter values are 422 naming the filter", async () => {
    for (const [resource, filter, value] of [
      ["audiences", "active", "yes"],
      ["studies", "countries", "1,x"],
      ["brands", "updated_since", "yesterday"],
      ["countries", "with_recent_studies", "-1"],
    ]) {
      const answer = await getJson(urlOf(emulator.url, resource, { [`filter[${filter}]`]: value }));
      expect(answer.status).toBe(422);
      expect(Object.keys(answer.json.errors)).toEqual([`filter.${filter}`]);
    }
  });
});

describe("top-level search", () => {
  const searches: Array<[string, string, (r: any) => string]> = [
    ["audience-groups", "life", (r) => r.name],
    ["audiences", "PARENT", (r) => r.name],
    ["brands", "swat", (r) => r.name],
    ["categories", "beer", (r) => r.name],
    ["collections", "watch", (r) => `${r.name} ${r.description}`],
    ["countries", "kingdom", (r) => r.name],
    ["regions", "america", (r) => r.name],
    ["sectors", "food", (r) => r.name],
    ["studies", "germany 2023", (r) => r.name],
    ["years", "202", (r) => String(r.year)],
  ];

  test("the table's search resources are the ones tested", () => {
    expect(searches.map(([resource]) => resource).sort()).toEqual(
      ENDPOINTS.filter((e) => e.search)
        .map((e) => e.resource)
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
    expect(await getAll(emulator.url, "brand-metrics", { search: "zzz" })).toHaveLength(57);
  });
});
