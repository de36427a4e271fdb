import { startEmulator, type Emulator } from "../../src/emulator";
import { getAll, getJson, urlOf } from "./http";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator({ rateLimit: false });
});
afterAll(() => emulator.close());

const get = (resource: string, params: Record<string, string | number> = {}) => getJson(urlOf(emulator.url, resource, params));

describe("fields[...]", () => {
  test("keeps the named columns of the resource, in record order", async () => {
    const { json } = await get("brand-metrics", { "fields[brand_metrics]": "name,id,no_such_column", per_page: 3 });
    expect(json.data).toEqual([
      { id: 1, name: "Differentiation" },
      { id: 2, name: "Relevance" },
      { id: 3, name: "Esteem" },
    ]);
  });

  test("does not reach included records: they arrive in their slim schema whatever fields[...] says", async () => {
    const { json } = await get("brands/265", { "fields[brands]": "id,name", "fields[companies]": "name", include: "company" });
    expect(json.data).toEqual({ id: 265, name: "Swatch", company: { id: 200, name: "Swatch Group" }, sector: { id: 10, name: "Luxury" } });
  });
});

describe("include", () => {
  test("an unknown include is 400 naming it and the allowed ones", async () => {
    const answer = await get("brands", { include: "company,owner" });
    expect(answer.status).toBe(400);
    expect(answer.json.data.message).toMatch(/`owner`/);
    expect(answer.json.data.message).toMatch(/company, sector, studies, countries/);
    expect((await get("brandscape-data", { "filter[studies]": 498, include: "no_default" })).status).toBe(400);
  });

  test("records with several nested lists and objects in objects in objects", async () => {
    const brand = (await get("brands/265", { include: "sector,countries,company" })).json.data;
    expect(brand.sector).toEqual({ id: expect.any(Number), name: "Luxury" });
    expect(brand.countries.length).toBeGreaterThan(30);
    expect(brand.countries[0].region).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
    const country = (await get("countries/15", { include: "region" })).json.data;
    expect(country).toMatchObject({ capital: "Bern", code: "CH", code_alpha3: "CHE", region: { name: "Western Europe" } });
    const study = (await get("studies/470", { include: "country,year" })).json.data;
    expect(study.type).toEqual({ id: 1, name: "BAV Study", slug: "bav", is_bav_study: true });
    expect(study.period).toEqual({ id: 1, name: "Full Year", is_full_year: true });
    expect(study.country.region.name).toBe("North America");
    expect(study.year).toEqual({ id: expect.any(Number), year: 2024 });
    const collection = (await get("collections/1", { include: "brands" })).json.data;
    expect(collection.brands.length).toBeGreaterThan(3);
    expect(collection.brands[0]).toEqual({ id: expect.any(Number), name: expect.any(String), sector: expect.any(Object) });
  });

  test("a dotted include nests the second inside the first, alone or next to the first", async () => {
    const [row] = (await get("studies/498/brands", { include: "category.sector", per_page: 1 })).json.data;
    expect(row.category).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      sector: { id: expect.any(Number), name: expect.any(String) },
    });
    const [both] = (await get("studies/498/brands", { include: "category,category.sector", per_page: 1 })).json.data;
    expect(both).toEqual(row);
    expect((await get("studies/498/brands", { include: "category.owner" })).status).toBe(400);
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
    const activeThenName = (await get("countries", { sort: "-is_active,name", per_page: 100 })).json.data;
    const expected = [...activeThenName].sort((a: any, b: any) => Number(b.is_active) - Number(a.is_active) || (a.name < b.name ? -1 : 1));
    expect(activeThenName).toEqual(expected);
    expect(activeThenName.at(-1).is_active).toBe(false);
  });

  test("brandscape-data sorts on any column, ties by id", async () => {
    const base = { "filter[country_code]": "US", "filter[year_number]": 2024, "filter[audiences]": 1, metric_keys: "differentiation" };
    const rows = await getAll(emulator.url, "brandscape-data", { ...base, sort: "-differentiation_rank,brand_name" });
    expect(rows).toHaveLength(581);
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

  test("a field that is not documented sortable is 400", async () => {
    expect((await get("brands", { sort: "popularity" })).status).toBe(400);
    expect((await get("brands", { sort: "url" })).status).toBe(400);
  });
});
