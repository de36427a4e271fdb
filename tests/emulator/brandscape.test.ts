import { readFileSync } from "node:fs";
import { join } from "node:path";
import { startEmulator, type Emulator } from "../../src/emulator";
import { getAll, getJson, urlOf } from "./http";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator({ rateLimit: false });
});
afterAll(() => emulator.close());

const get = (resource: string, params: Record<string, string | number> = {}) => getJson(urlOf(emulator.url, resource, params));
const US_2024 = { "filter[country_code]": "US", "filter[year_number]": 2024 };

const SCHEMA = JSON.parse(readFileSync(join(__dirname, "../../spec/SCHEMA.json"), "utf8"));
const COLUMNS_DOC = SCHEMA.resources["brandscape-data"].columns;
/** brand-metrics flag → the suffixes it stands for (SCHEMA.json `columns.score_flags`) */
const SCORE_FLAGS: Record<string, string[]> = Object.fromEntries(
  Object.entries(COLUMNS_DOC.score_flags).filter(([, suffixes]) => Array.isArray(suffixes)),
) as Record<string, string[]>;
const META = [
  "id",
  "study_id",
  "country_id",
  "year_id",
  "brand_id",
  "category_id",
  "audience_id",
  "brand_name",
  "category_name",
  "is_duplicate",
];

describe("brandscape-data rows", () => {
  let row: any;
  let rows: any[];
  let metrics: any[];
  beforeAll(async () => {
    rows = (await get("brandscape-data", { ...US_2024, "filter[audiences]": 1, per_page: 200 })).json.data;
    row = rows[0];
    metrics = (await get("brand-metrics", { per_page: 1000 })).json.data;
  });

  test("are flat and about 350 columns wide: the metadata, then every metric's columns, then the sector", () => {
    const columns = Object.keys(row);
    expect(columns.slice(0, META.length)).toEqual(META);
    expect(columns.slice(META.length, -1)).toEqual(metrics.flatMap((metric) => metric.brandscape_data_columns));
    expect(columns.at(-1)).toBe("sector");
    expect(columns.length).toBe(349); // 348 fields (the docs: "≈ 350") and the sector include
    expect(Object.values(row).filter((value) => value !== null && typeof value === "object")).toEqual([row.sector]);
  });

  test("the metadata the docs name, with their JSON types: ids integers, names strings, is_duplicate a boolean", () => {
    for (const r of rows) {
      for (const key of ["id", "study_id", "country_id", "year_id", "brand_id", "category_id", "audience_id"]) {
        expect(Number.isInteger(r[key])).toBe(true);
      }
      expect(typeof r.brand_name).toBe("string");
      expect(typeof r.category_name).toBe("string");
      expect(typeof r.is_duplicate).toBe("boolean");
    }
    const named = COLUMNS_DOC.named_fields.map((field: { key: string }) => field.key);
    expect(named.every((key: string) => META.includes(key))).toBe(true);
  });

  test("the metadata agree with the includes: country, year, category and sector are the row's own", async () => {
    const [r] = (await get("brandscape-data", { ...US_2024, include: "country,year,category,study", per_page: 1 })).json.data;
    expect(r.country).toMatchObject({ id: r.country_id, code: "US" });
    expect(r.year).toMatchObject({ id: r.year_id, year: 2024 });
    expect(r.category).toMatchObject({ id: r.category_id, name: r.category_name });
    expect(r.study).toMatchObject({ id: r.study_id });
    const sectorOfCategory = (await get(`categories/${r.category_id}`, { include: "sector" })).json.data.sector;
    expect(r.sector).toEqual(sectorOfCategory);
  });

  test("carry plausible values: integer ranks, percentages 0–100, base sizes, numeric strings, null legacy columns", () => {
    for (const r of rows) {
      expect(Number.isInteger(r.esteem_rank)).toBe(true);
      expect(r.esteem_rank).toBeGreaterThanOrEqual(0);
      expect(r.esteem_rank).toBeLessThanOrEqual(100); // a percentile rank
      expect(r.charming_pct).toBeGreaterThanOrEqual(0);
      expect(r.charming_pct).toBeLessThanOrEqual(100);
      expect(r.consideration_pct).toMatch(/^\d+(\.\d)?$/);
      expect(Number(r.consideration_pct)).toBeLessThanOrEqual(100);
      expect(Number.isInteger(r.total_base)).toBe(true);
      expect(r.total_base).toBeGreaterThanOrEqual(100);
      expect(r.brand_vitality_c).toBeNull();
      expect(r.energized_differentiation_rank).toBeNull();
    }
    // most brands go by their global name in a country's studies; a minority by a local form
    const global = rows.filter((r) => !/ \(US\)$/.test(r.brand_name)).length;
    expect(global / rows.length).toBeGreaterThan(0.8);
    expect(global).toBeLessThan(rows.length);
    expect(new Set(rows.map((r) => r.differentiation_c)).size).toBeGreaterThan(100);
  });

  test("read like a market: brands keep their standing between years, metrics agree, ranks follow scores", async () => {
    const last = (
      await get("brandscape-data", { "filter[country_code]": "US", "filter[year_number]": 2023, "filter[audiences]": 1, per_page: 200 })
    ).json.data;
    const lastYear = new Map(last.map((r: any) => [r.brand_id, r.brand_strength_c]));
    const pairs = rows
      .filter((r) => lastYear.has(r.brand_id))
      .map((r) => [lastYear.get(r.brand_id) as number, r.brand_strength_c as number]);
    expect(pairs.length).toBeGreaterThan(50);
    expect(correlation(pairs)).toBeGreaterThan(0.8);
    expect(correlation(rows.map((r) => [r.brand_strength_c, r.brand_stature_c]))).toBeGreaterThan(0.4);
    // a percentile rank: the higher the score, the higher the rank
    expect(correlation(rows.map((r) => [r.differentiation_c, r.differentiation_rank]))).toBeGreaterThan(0.8);
  });

  test("use the local spelling, the brand include the global brand whose names clash", async () => {
    const gb = (await get("brandscape-data", { "filter[studies]": 482, "filter[brands]": 88, include: "brand,study,country" })).json
      .data[0];
    expect(gb.brand_name).toBe("Walkers");
    expect(gb.brand).toMatchObject({ id: 88, name: "Lay's", sector: { name: expect.any(String) } });
    expect(gb.study).toMatchObject({ period: { name: "Full Year" }, year: { year: expect.any(Number) } });
    expect(gb.country.region).toMatchObject({ id: 3, name: "Western Europe" });
    const de = (await get("brandscape-data", { "filter[studies]": 427, "filter[brands]": 380 })).json.data[0];
    expect(de.brand_name).toBe("Meister Proper");
    const ch = (await get("brandscape-data", { "filter[studies]": 498, "filter[brand_name]": "swatch", "filter[audiences]": 1 })).json.data;
    expect(ch.map((r: any) => r.brand_name)).toEqual(["Swatch"]);
  });

  test("audiences (the docs' name) and audience (bavapi's) both include the row's audience, as one object", async () => {
    const [r] = (await get("brandscape-data", { "filter[studies]": 498, include: "audience,audiences", per_page: 1 })).json.data;
    expect(r.audience).toMatchObject({ id: 1, name: "All Adults", is_active: true });
    expect(r.audiences).toEqual(r.audience);
  });

  test("the item route answers one row with its includes", async () => {
    const { json } = await get(`brandscape-data/${row.id}`, { include: "brand" });
    expect(json.data).toEqual({ ...row, brand: expect.objectContaining({ id: row.brand_id }) });
    expect(Object.keys(json.data).slice(-2)).toEqual(["brand", "sector"]);
  });
});

describe("metric columns follow brand-metrics", () => {
  let metrics: any[];
  beforeAll(async () => {
    metrics = (await get("brand-metrics", { per_page: 1000 })).json.data;
  });

  test("each metric's flags and brandscape_data_columns agree, by the docs' suffix per score type", () => {
    expect(Object.keys(SCORE_FLAGS).sort()).toEqual(
      ["has_construct_score", "has_index_score", "has_percentage_score", "has_percentile_rank_score", "has_value_score"].sort(),
    );
    for (const metric of metrics) {
      const stem = metric.brandscape_data_columns[0].replace(/(_c|_rank|_pct|_brandscape_index|_category_index)$/, "");
      const expected = Object.entries(SCORE_FLAGS).flatMap(([flag, suffixes]) =>
        metric[flag] ? suffixes.map((suffix) => stem + suffix) : [],
      );
      expect([...metric.brandscape_data_columns].sort()).toEqual(expected.sort());
    }
  });

  test("a realistic mix: construct and rank only, percentages, base sizes as bare value scores, index scores on some", () => {
    const columnsOf = (name: string) => metrics.find((metric) => metric.name === name).brandscape_data_columns;
    expect(columnsOf("Differentiation")).toEqual(["differentiation_c", "differentiation_rank"]);
    expect(columnsOf("Relevance")).toEqual(["relevance_c", "relevance_rank"]);
    expect(columnsOf("Total Base")).toEqual(["total_base"]);
    const count = (flag: string) => metrics.filter((metric) => metric[flag]).length;
    for (const flag of Object.keys(SCORE_FLAGS)) {
      expect(count(flag)).toBeGreaterThan(0);
      expect(count(flag)).toBeLessThan(metrics.length);
    }
  });

  test.each([
    ["a study's rows", { "filter[studies]": 498 }],
    ["an item", null],
  ])(
    "for every metric, %s carry exactly its brandscape_data_columns (metric_keys), and no bare name without a value score",
    async (_, filter) => {
      for (const metric of metrics) {
        const stem = metric.brandscape_data_columns[0].replace(/(_c|_rank|_pct|_brandscape_index|_category_index)$/, "");
        const params = { metric_keys: stem, per_page: 1 };
        const record = filter
          ? (await get("brandscape-data", { ...filter, ...params })).json.data[0]
          : (await get("brandscape-data/7", params)).json.data;
        const served = Object.keys(record).filter((key) => !META.includes(key) && key !== "sector");
        expect({ metric: metric.name, served }).toEqual({ metric: metric.name, served: metric.brandscape_data_columns });
        if (!metric.has_value_score) expect(record).not.toHaveProperty(stem);
      }
    },
  );

  test("the docs' example: metric_keys=differentiation,relevance gives their construct and rank columns and the record's own fields", async () => {
    const [r] = (await get("brandscape-data", { ...US_2024, metric_keys: "differentiation,relevance", per_page: 1 })).json.data;
    expect(Object.keys(r)).toEqual([...META, ...COLUMNS_DOC.metric_keys_example.columns, "sector"]);
    expect(r).not.toHaveProperty("differentiation");
  });

  test("metric_group_keys keeps the metrics of those groups", async () => {
    const [r] = (await get("brandscape-data", { ...US_2024, metric_group_keys: "pillars", per_page: 1 })).json.data;
    const metrics = new Set(
      Object.keys(r)
        .slice(META.length, -1)
        .map((column) => column.replace(/(_c|_rank|_pct|_brandscape_index|_category_index)$/, "")),
    );
    expect([...metrics]).toEqual(["differentiation", "relevance", "esteem", "knowledge", "energy"]);
  });

  test("fields[brandscape_data] narrows further; the sector still comes", async () => {
    const [r] = (await get("brandscape-data", { ...US_2024, "fields[brandscape_data]": "esteem_rank,brand_name", per_page: 1 })).json.data;
    expect(Object.keys(r)).toEqual(["brand_name", "esteem_rank", "sector"]);
    const [onlyMetric] = (
      await get("brandscape-data", { ...US_2024, "fields[brandscape_data]": "esteem_rank", include: "brand", per_page: 1 })
    ).json.data;
    expect(Object.keys(onlyMetric)).toEqual(["esteem_rank", "brand", "sector"]);
  });
});

describe("default includes: the sector, as the pages say", () => {
  test("every brandscape-data record carries its sector, with or without an include list", async () => {
    for (const include of [undefined, "brand", "sector,brand", "study,brand,category,audience"]) {
      const rows = (await get("brandscape-data", { "filter[studies]": 498, per_page: 50, ...(include ? { include } : {}) })).json.data;
      expect(rows.every((r: any) => r.sector && Number.isInteger(r.sector.id) && typeof r.sector.name === "string")).toBe(true);
      expect(Object.keys(rows[0]).filter((key) => key === "sector")).toHaveLength(1);
    }
  });

  test("brands carry their sector by default (slim: id, name); other routes include nothing unasked", async () => {
    const brands = (await get("brands", { per_page: 5 })).json.data;
    expect(brands.every((brand: any) => Object.keys(brand.sector).join() === "id,name")).toBe(true);
    expect((await get("brands/1")).json.data.sector).toEqual(brands[0].sector);
    const [category] = (await get("categories", { per_page: 1 })).json.data;
    expect(category).not.toHaveProperty("sector");
  });
});

describe("filtering is required; any filter is answered", () => {
  test.each([
    ["nothing", {}],
    ["only a filter the service does not know", { "filter[colour]": "red" }],
  ])("%s is a 400 with the docs' error body, naming the recommended combinations", async (_, params) => {
    const answer = await get("brandscape-data", params);
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.json)).toEqual(["data"]);
    expect(answer.json.data.message).toMatch(/filtering is required.*study \+ audience \+ brand \+ category/i);
  });

  test.each([
    ["a study", { "filter[studies]": 498 }],
    ["a brand id", { "filter[brands]": 265 }],
    ["a brand name", { "filter[brand_name]": "swatch" }],
    ["countries and years", { "filter[countries]": 15, "filter[years]": 13 }],
    ["a country code and a year number", { "filter[country_code]": "CH", "filter[year_number]": 2024 }],
    ["a country code alone", { "filter[country_code]": "CH" }],
    ["a year alone", { "filter[year_number]": 2024 }],
    ["an audience and a category (not a fast combination)", { "filter[audiences]": 1, "filter[categories]": 3 }],
    ["a column", { "filter[country_id]": 15 }],
  ])("%s is answered", async (_, params) => {
    const answer = await get("brandscape-data", { ...params, per_page: 1 });
    expect(answer.status).toBe(200);
    expect(answer.json.meta.total).toBeGreaterThan(0);
  });
});

describe("the default dataset: brand × category × audience", () => {
  const EVERY_YEAR = { "filter[years]": Array.from({ length: 14 }, (_, i) => i + 1).join(",") };

  test("most released studies are fielded for at least three audiences, the total population first", async () => {
    const studies = await getAll(emulator.url, "studies", { "filter[released]": 1, "fields[studies]": "id,type" });
    const audiencesOf = async (studyId: number) =>
      new Set(
        (await getAll(emulator.url, "brandscape-data", { "filter[studies]": studyId, "fields[brandscape_data]": "audience_id" })).map(
          (r) => r.audience_id,
        ),
      );
    const sample = studies.filter((_, i) => i % 25 === 0);
    const counts = await Promise.all(sample.map(async (study: any) => [...(await audiencesOf(study.id))]));
    expect(counts.every((ids) => ids[0] === 1)).toBe(true);
    expect(counts.filter((ids) => ids.length >= 3).length / counts.length).toBeGreaterThan(0.75);
    const [all] = (await get("audiences", { "filter[name]": "All Adults" })).json.data;
    expect(all.id).toBe(1);
  });

  test("a study's rows for one audience are its cells: each brand once per category it is studied in (amount_of_cells)", async () => {
    const study = (await get("studies/498")).json.data;
    const rows = await getAll(emulator.url, "brandscape-data", { "filter[studies]": 498, metric_keys: "preference,esteem" });
    const audiences = new Set(rows.map((r) => r.audience_id));
    expect(audiences.size).toBeGreaterThanOrEqual(3);
    for (const audienceId of audiences) {
      const cells = rows.filter((r) => r.audience_id === audienceId).map((r) => `${r.brand_id}:${r.category_id}`);
      expect(new Set(cells).size).toBe(cells.length);
      expect(cells.length).toBe(study.amount_of_cells);
      expect(new Set(rows.filter((r) => r.audience_id === audienceId).map((r) => r.brand_id)).size).toBe(study.amount_of_brands);
    }
  });

  test("is_duplicate is true on the rows of a brand studied in several categories; its category-agnostic scores are the same in each", async () => {
    const rows = await getAll(emulator.url, "brandscape-data", {
      ...US_2024,
      "filter[studies]": 470, // the main study
      "filter[audiences]": 1,
      metric_keys: "preference,esteem",
    });
    const categoriesOf = new Map<number, number[]>();
    for (const r of rows) categoriesOf.set(r.brand_id, [...(categoriesOf.get(r.brand_id) ?? []), r.category_id]);
    const several = [...categoriesOf].filter(([, categories]) => categories.length > 1).map(([brandId]) => brandId);
    expect(several.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.is_duplicate).toBe(several.includes(r.brand_id));
    const [brandId] = several;
    const [first, second] = rows.filter((r) => r.brand_id === brandId);
    expect(first.category_id).not.toBe(second.category_id);
    expect(second.esteem_c).toBe(first.esteem_c);
    const differing = several.filter((id) => {
      const [a, b] = rows.filter((r) => r.brand_id === id);
      return a.preference_pct !== b.preference_pct;
    });
    expect(differing.length).toBeGreaterThan(0); // preference is category-specific (the docs)
  });

  test("totals: every released study × its audiences × its cells", async () => {
    const all = await get("brandscape-data", { ...EVERY_YEAR, per_page: 1 });
    expect(all.json.meta.total).toBe(DEFAULT_ROWS);
    expect((await get(`brandscape-data/${DEFAULT_ROWS}`)).status).toBe(200);
    expect((await get(`brandscape-data/${DEFAULT_ROWS + 1}`)).status).toBe(404);
    const swatch = await getAll(emulator.url, "brandscape-data", { "filter[brands]": 265, "filter[audiences]": 1, metric_keys: "esteem" });
    expect(new Set(swatch.map((r) => r.study_id)).size).toBe(swatch.length);
  });
});

/** The default dataset's brandscape rows (docs/emulator.md quotes it). */
const DEFAULT_ROWS = 394_704;

function correlation(pairs: number[][]): number {
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const xs = pairs.map(([x]) => x);
  const ys = pairs.map(([, y]) => y);
  const [mx, my] = [mean(xs), mean(ys)];
  const cov = mean(pairs.map(([x, y]) => (x - mx) * (y - my)));
  const sd = (values: number[], m: number) => Math.sqrt(mean(values.map((value) => (value - m) ** 2)));
  return cov / (sd(xs, mx) * sd(ys, my));
}
