import { startEmulator, ValidationError } from "../../src/emulator";
import { getJson, urlOf } from "./http";

const EVERY_COUNTRY_AND_YEAR = {
  "filter[countries]": Array.from({ length: 42 }, (_, i) => i + 1).join(","),
  "filter[years]": Array.from({ length: 14 }, (_, i) => i + 1).join(","),
};

describe("scale", () => {
  test("1,000,000 rows, generated lazily: the last page without building the table", async () => {
    const heapBefore = process.memoryUsage().heapUsed;
    const emulator = await startEmulator({ scale: 1_000_000, rateLimit: false });
    try {
      const get = (resource: string, params: Record<string, string | number>) => getJson(urlOf(emulator.url, resource, params));
      const first = await get("brandscape-data", { ...EVERY_COUNTRY_AND_YEAR, per_page: 1000, metric_keys: "esteem" });
      expect(first.json.meta).toMatchObject({ total: 1_000_000, last_page: 1000 });
      const last = await get("brandscape-data", { ...EVERY_COUNTRY_AND_YEAR, per_page: 1000, page: 1000 });
      expect(last.json.data).toHaveLength(1000);
      expect(last.json.data.at(-1).id).toBe(1_000_000);
      expect(Object.keys(last.json.data[0]).length).toBeGreaterThan(340);
      expect((await get("brandscape-data/1000000", {})).status).toBe(200);
      expect((await get("brandscape-data/1000001", {})).status).toBe(404);
      const usPage = await get("brandscape-data", { "filter[country_code]": "US", "filter[year_number]": 2024, per_page: 100, page: 50 });
      // 1,000,000 rows = every study's own audiences (the default 394,704 rows), then the audiences the
      // studies were not fielded for, rank by rank: 14 audiences' worth of US 2024 (581 rows each)
      expect(usPage.json.meta.total).toBe(581 * 14);
      expect(usPage.json.data).toHaveLength(100);
      expect(usPage.json.data.every((r: any) => r.audience_id > 1)).toBe(true);
      // lazily: the whole table (1,000,000 rows × 350 keys) would take gigabytes
      expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(150 * 1024 * 1024);
    } finally {
      await emulator.close();
    }
  });

  test("a scale beyond what the dataset can hold is refused", async () => {
    await expect(startEmulator({ scale: 1e9 })).rejects.toThrow(ValidationError);
    await expect(startEmulator({ scale: 2.5 })).rejects.toMatchObject({
      parameter: "scale",
      message: /^scale: an integer from 0 to \d+, got 2.5$/,
    });
  });
});

describe("determinism", () => {
  const PATHS = [
    "brands?include=company,categories,countries&per_page=50&page=2",
    "studies?include=country,year&filter[year_numbers]=2024",
    "brandscape-data?filter[country_code]=DE&filter[year_number]=2023&include=brand,study,category,audience&per_page=100&page=3",
    "collections?include=brands,user",
    "cities?filter[capitals]=true&include=country",
  ];

  async function answers(seed?: number): Promise<string[]> {
    const emulator = await startEmulator({ seed, rateLimit: false });
    try {
      const texts = await Promise.all(PATHS.map((path) => getJson(emulator.url + path).then((answer) => answer.text)));
      return texts.map((text) => text.split(emulator.url).join("<base>/"));
    } finally {
      await emulator.close();
    }
  }

  test("two starts with the same seed answer the same bytes; another seed differs", async () => {
    const [one, two, other] = [await answers(), await answers(), await answers(7)];
    expect(two).toEqual(one);
    expect(one[2].length).toBeGreaterThan(100_000);
    expect(other[2]).not.toEqual(one[2]);
  });
});
