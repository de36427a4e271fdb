import { startEmulator, type Emulator } from "../../src/emulator";
import { getAll, getJson, urlOf } from "./http";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator({ rateLimit: false });
});
afterAll(() => emulator.close());

const get = (resource: string, params: Record<string, string | number> = {}) => getJson(urlOf(emulator.url, resource, params));
const isPlainObject = (value: unknown) => typeof value === "object" && value !== null && !Array.isArray(value);

describe("fields[...]", () => {
  test("keeps the named columns of the resource, in record order", async () => {
    const { json } = await get("brand-metrics", { "fields[brand_metrics]": "name,id,no_such_column", per_page: 3 });
    expect(json.data).toEqual([
      { id: 1, name: "Differentiation" },
      { id: 2, name: "Relevance" },
      { id: 3, name: "Esteem" },
    ]);
  });

  test("applies to included resources by their own key, includes still arrive", async () => {
    const { json } = await get("brands/265", { "fields[brands]": "id,name", "fields[companies]": "name", include: "company" });
    expect(json.data).toEqual({ id: 265, name: "Swatch", company: { name: "Swatch Group" } });
  });
});

describe("include", () => {
  // the includes this emulator serves, with their cardinality (the client's table now lists the documented ones)
  const served: Record<string, Record<string, boolean>> = {
    "audience-groups": { audiences: true },
    audiences: { groups: true },
    "brand-metric-groups": { metrics: true },
    "brand-metrics": { group: false },
    brands: { company: false, categories: true, countries: true },
    "brandscape-data": {
      study: false,
      year: false,
      country: false,
      audience: false,
      audiences: true,
      brand: false,
      category: false,
      sector: false,
      company: false,
    },
    categories: { sector: false, brands: true },
    cities: { country: false },
    collections: { brands: true, user: false },
    companies: { brands: true, country: false },
    countries: { region: false, cities: true, studies: true },
    regions: { countries: true },
    sectors: { categories: true },
    studies: { country: false, year: false, brands: true },
    years: { studies: true },
  };
  test.each(
    Object.entries(served).flatMap(([resource, includes]) =>
      Object.entries(includes).map(([name, many]) => [resource, name, many] as const),
    ),
  )("%s include=%s arrives as %s ? list : object", async (resource, name, many) => {
    const params: Record<string, string | number> = resource === "brandscape-data" ? { "filter[studies]": 498, metric_keys: "esteem" } : {};
    const records = (await get(resource, { ...params, include: name, per_page: 50 })).json.data;
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) {
      const value = record[name];
      if (many) {
        expect(Array.isArray(value)).toBe(true);
        value.forEach((item: unknown) => expect(isPlainObject(item)).toBe(true));
      } else {
        expect(value === null || isPlainObject(value)).toBe(true);
      }
    }
    expect(records.some((record: any) => (many ? record[name].length > 0 : record[name] !== null))).toBe(true);
  });

  test("an unknown include is 400 naming it and the allowed ones", async () => {
    const answer = await get("brands", { include: "company,owner" });
    expect(answer.status).toBe(400);
    expect(answer.json.message).toMatch(/`owner`/);
    expect(answer.json.message).toMatch(/company, categories, countries/);
    expect((await get("brandscape-data", { "filter[studies]": 498, include: "no_default" })).status).toBe(400);
  });

  test("records with several nested lists and objects in objects in objects", async () => {
    const brand = (await get("brands/265", { include: "categories,countries,company" })).json.data;
    expect(brand.categories.map((c: any) => c.name)).toEqual(["Watches & Jewellery"]);
    expect(brand.countries.length).toBeGreaterThan(30);
    expect(brand.countries[0].region).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
    const country = (await get("countries/15", { include: "region,cities,studies" })).json.data;
    expect(country.cities.find((c: any) => c.capital).name).toBe("Bern");
    expect(country.studies.length).toBeGreaterThan(5);
    expect(country.best_countries_years).toContain(2024);
    const study = (await get("studies/470", { include: "country,year" })).json.data;
    expect(study.type).toEqual({ id: 1, name: "BAV Study", slug: "bav", is_bav_study: true });
    expect(study.country.region.name).toBe("North America");
    expect(study.year.year).toBe(2024);
    const collection = (await get("collections/1", { include: "brands,user" })).json.data;
    expect(Array.isArray(collection.tags)).toBe(true);
    expect(collection.brands.length).toBe(collection.brands_count);
    expect(collection.user).toMatchObject({ id: 1 });
  });
});

describe("sort", () => {
  test("by id by default, by one field, descending, and by several", async () => {
    const byDefault = await getAll(emulator.url, "cities");
    expect(byDefault.map((c) => c.id)).toEqual([...byDefault.map((c) => c.id)].sort((a, b) => a - b));
    const byName = (await get("countries", { sort: "name", per_page: 100 })).json.data.map((c: any) => c.name);
    expect(byName).toEqual([...byName].sort());
    const byNameDesc = (await get("countries", { sort: "-name", per_page: 100 })).json.data.map((c: any) => c.name);
    expect(byNameDesc).toEqual([...byName].reverse());
    const byRegionThenName = (await get("countries", { sort: "-region_id,name", per_page: 100 })).json.data;
    const expected = [...byRegionThenName].sort((a: any, b: any) => b.region_id - a.region_id || (a.name < b.name ? -1 : 1));
    expect(byRegionThenName).toEqual(expected);
    expect(byRegionThenName[0].region_id).toBe(6);
  });

  test("brandscape-data sorts on any column, ties by id", async () => {
    const base = { "filter[country_code]": "US", "filter[year_number]": 2024, metric_keys: "differentiation" };
    const rows = await getAll(emulator.url, "brandscape-data", { ...base, sort: "-differentiation_rank,brand_name" });
    expect(rows).toHaveLength(574);
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1], rows[i]];
      expect(
        a.differentiation_rank > b.differentiation_rank ||
          (a.differentiation_rank === b.differentiation_rank && a.brand_name <= b.brand_name),
      ).toBe(true);
    }
    const paged = [1, 2, 3].map((page) =>
      get("brandscape-data", { ...base, sort: "-differentiation_rank,brand_name", per_page: 200, page }),
    );
    expect((await Promise.all(paged)).flatMap((answer) => answer.json.data)).toEqual(rows);
    const byIdDesc = await getAll(emulator.url, "brandscape-data", { ...base, sort: "-id" });
    expect(byIdDesc.map((r) => r.id)).toEqual(rows.map((r) => r.id).sort((a, b) => b - a));
  });

  test("an unknown sort field is 400", async () => {
    expect((await get("brands", { sort: "popularity" })).status).toBe(400);
  });
});
