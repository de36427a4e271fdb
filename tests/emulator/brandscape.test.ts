import { startEmulator, type Emulator } from "../../src/emulator";
import { getAll, getJson, urlOf } from "./http";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator({ rateLimit: false });
});
afterAll(() => emulator.close());

const get = (resource: string, params: Record<string, string | number> = {}) => getJson(urlOf(emulator.url, resource, params));
const US_2024 = { "filter[country_code]": "US", "filter[year_number]": 2024 };
const SUFFIXES = ["", "_c", "_rank", "_pct", "_brandscape_index", "_category_index"];

describe("brandscape-data rows", () => {
  let row: any;
  let rows: any[];
  beforeAll(async () => {
    rows = (await get("brandscape-data", { ...US_2024, per_page: 200 })).json.data;
    row = rows[0];
  });

  test("are flat and about 350 columns wide: ids, local brand name, metric × suffix", () => {
    const columns = Object.keys(row);
    expect(columns.slice(0, 7)).toEqual(["id", "study_id", "brand_id", "category_id", "audience_id", "brand_name", "is_duplicate"]);
    expect(columns.length).toBeGreaterThanOrEqual(340);
    expect(columns.length).toBeLessThanOrEqual(360);
    for (const suffix of SUFFIXES) expect(columns).toContain(`differentiation${suffix}`);
    expect(Object.values(row).every((value) => value === null || typeof value !== "object")).toBe(true);
  });

  test("carry plausible values: integer ranks, percentages 0–100, numeric strings, null columns", () => {
    for (const r of rows) {
      expect(Number.isInteger(r.esteem_rank)).toBe(true);
      expect(r.esteem_rank).toBeGreaterThanOrEqual(1);
      expect(r.differentiation_pct).toBeGreaterThanOrEqual(0);
      expect(r.differentiation_pct).toBeLessThanOrEqual(100);
      expect(r.consideration_pct).toMatch(/^\d+(\.\d)?$/);
      expect(Number(r.consideration_pct)).toBeLessThanOrEqual(100);
      expect(r.brand_vitality).toBeNull();
      expect(r.energized_differentiation_rank).toBeNull();
      expect([0, 1]).toContain(r.is_duplicate);
      expect(r.brand_name).toMatch(/ \(US\)$/);
    }
    expect(new Set(rows.map((r) => r.differentiation)).size).toBeGreaterThan(100);
  });

  test("read like a market: brands keep their standing between years, metrics agree, ranks follow scores", async () => {
    const last = (await get("brandscape-data", { "filter[country_code]": "US", "filter[year_number]": 2023, per_page: 200 })).json.data;
    const lastYear = new Map(last.map((r: any) => [r.brand_id, r.brand_strength]));
    const pairs = rows.filter((r) => lastYear.has(r.brand_id)).map((r) => [lastYear.get(r.brand_id) as number, r.brand_strength as number]);
    expect(pairs.length).toBeGreaterThan(50);
    expect(correlation(pairs)).toBeGreaterThan(0.8);
    expect(correlation(rows.map((r) => [r.brand_strength, r.brand_stature]))).toBeGreaterThan(0.4);
    expect(correlation(rows.map((r) => [r.differentiation, r.differentiation_rank]))).toBeLessThan(-0.8);
  });

  test("use the local spelling, the brand include the global brand whose names clash", async () => {
    const gb = (await get("brandscape-data", { "filter[studies]": 482, "filter[brands]": 88, include: "brand,study,country" })).json
      .data[0];
    expect(gb.brand_name).toBe("Walkers (GB)");
    expect(gb.brand).toMatchObject({ id: 88, name: "Lay's", sector: { name: expect.any(String) } });
    expect(gb.study).toMatchObject({ period: { name: "Full Year" }, year: { year: expect.any(Number) } });
    expect(gb.country.region).toMatchObject({ id: 3, name: "Western Europe" });
    const de = (await get("brandscape-data", { "filter[studies]": 427, "filter[brands]": 380 })).json.data[0];
    expect(de.brand_name).toBe("Meister Proper (DE)");
    const ch = (await get("brandscape-data", { "filter[studies]": 498, "filter[brand_name]": "swatch" })).json.data;
    expect(ch.map((r: any) => r.brand_name)).toEqual(["Swatch (CH)"]);
  });

  test("audiences (the docs' name) and audience (bavapi's) both include the row's audience, as one object", async () => {
    const [r] = (await get("brandscape-data", { "filter[studies]": 498, include: "audience,audiences", per_page: 1 })).json.data;
    expect(r.audience).toMatchObject({ id: 1, name: "All Adults", is_active: true });
    expect(r.audiences).toEqual(r.audience);
  });

  test("the item route answers one row with its includes", async () => {
    const { json } = await get(`brandscape-data/${row.id}`, { include: "brand" });
    expect(json.data).toMatchObject({ ...row, brand: { id: row.brand_id } });
  });
});

describe("metric_keys and metric_group_keys", () => {
  test("metric_keys keeps the ids and those metrics' columns", async () => {
    const [r] = (await get("brandscape-data", { ...US_2024, metric_keys: "differentiation,relevance", per_page: 1 })).json.data;
    const metricColumns = ["differentiation", "relevance"].flatMap((key) => SUFFIXES.map((suffix) => key + suffix));
    expect(Object.keys(r)).toEqual([
      "id",
      "study_id",
      "brand_id",
      "category_id",
      "audience_id",
      "brand_name",
      "is_duplicate",
      ...metricColumns,
    ]);
  });

  test("metric_group_keys keeps the metrics of those groups", async () => {
    const [r] = (await get("brandscape-data", { ...US_2024, metric_group_keys: "pillars", per_page: 1 })).json.data;
    const metrics = new Set(
      Object.keys(r)
        .slice(7)
        .map((column) => column.replace(/(_c|_rank|_pct|_brandscape_index|_category_index)$/, "")),
    );
    expect([...metrics]).toEqual(["differentiation", "relevance", "esteem", "knowledge", "energy"]);
  });

  test("fields[brandscape_data] narrows further", async () => {
    const [r] = (await get("brandscape-data", { ...US_2024, "fields[brandscape_data]": "esteem_rank,brand_name", per_page: 1 })).json.data;
    expect(Object.keys(r)).toEqual(["brand_name", "esteem_rank"]);
    const [onlyMetric] = (
      await get("brandscape-data", { ...US_2024, "fields[brandscape_data]": "esteem_rank", include: "brand", per_page: 1 })
    ).json.data;
    expect(Object.keys(onlyMetric)).toEqual(["esteem_rank", "brand"]);
  });
});

describe("the combination rule", () => {
  test.each([
    ["nothing", {}],
    ["a country alone", { "filter[country_code]": "US" }],
    ["a year alone", { "filter[years]": 13 }],
    ["an audience and a category", { "filter[audiences]": 1, "filter[categories]": 3 }],
  ])("%s is a 400 saying what is missing", async (_, params) => {
    const answer = await get("brandscape-data", params);
    expect(answer.status).toBe(400);
    expect(answer.json.data.message).toMatch(/study|brand|country/);
  });

  test.each([
    ["a study", { "filter[studies]": 498 }],
    ["a brand id", { "filter[brands]": 265 }],
    ["a brand name", { "filter[brand_name]": "swatch" }],
    ["countries and years", { "filter[countries]": 15, "filter[years]": 13 }],
    ["a country code and a year number", { "filter[country_code]": "CH", "filter[year_number]": 2024 }],
  ])("%s is enough", async (_, params) => {
    const answer = await get("brandscape-data", { ...params, per_page: 1 });
    expect(answer.status).toBe(200);
    expect(answer.json.meta.total).toBeGreaterThan(0);
  });
});

test("the default dataset: one row per brand of every released study, for All Adults", async () => {
  const all = await get("brandscape-data", {
    "filter[countries]": Array.from({ length: 42 }, (_, i) => i + 1).join(","),
    "filter[years]": Array.from({ length: 14 }, (_, i) => i + 1).join(","),
    per_page: 1,
  });
  expect(all.json.meta.total).toBe(67_680);
  expect((await get("brandscape-data", { ...US_2024, per_page: 1 })).json.meta.total).toBe(574);
  expect((await get("brandscape-data/67680")).status).toBe(200);
  expect((await get("brandscape-data/67681")).status).toBe(404);
  const swatch = await getAll(emulator.url, "brandscape-data", { "filter[brands]": 265, metric_keys: "esteem" });
  expect(new Set(swatch.map((r) => r.study_id)).size).toBe(swatch.length);
});

function correlation(pairs: number[][]): number {
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const xs = pairs.map(([x]) => x);
  const ys = pairs.map(([, y]) => y);
  const [mx, my] = [mean(xs), mean(ys)];
  const cov = mean(pairs.map(([x, y]) => (x - mx) * (y - my)));
  const sd = (values: number[], m: number) => Math.sqrt(mean(values.map((value) => (value - m) ** 2)));
  return cov / (sd(xs, mx) * sd(ys, my));
}
