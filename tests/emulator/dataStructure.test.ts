/**
 * The emulator's data has something to find (docs/emulator.md, "The data"): names mostly global,
 * audiences that differ, percentile ranks within 0–100, brands that keep their standing across
 * years, metrics related as their names say. Read over HTTP, as a user reads it.
 */
import { useEmulator } from "../client/fixture";

const env = useEmulator();

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
function correlation(xs: number[], ys: number[]): number {
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  xs.forEach((x, i) => {
    sxy += (x - mx) * (ys[i] - my);
    sxx += (x - mx) ** 2;
    syy += (ys[i] - my) ** 2;
  });
  return sxy / Math.sqrt(sxx * syy);
}

type Row = Record<string, number | string | boolean | null | { name: string }>;
const rowsOf = (client: ReturnType<typeof env.client>, studies: number[], metricKeys: string[], audiences?: number[]) =>
  client.rawQuery("brandscape-data", {
    filters: { studies, ...(audiences ? { audiences } : {}) },
    metricKeys,
    include: "brand",
    perPage: 1000,
  }) as Promise<Row[]>;

async function mainStudy(client: ReturnType<typeof env.client>, code: string, year: number): Promise<number> {
  const [study] = await client.rawQuery("studies", { filters: { country_codes: code, year_numbers: year, main_study: 1 } });
  return study.id as number;
}

describe("the emulator's brandscape data", () => {
  it("names most brands as the global name, a minority otherwise", async () => {
    const client = env.client();
    const rows = await rowsOf(client, [await mainStudy(client, "US", 2024)], ["relevance"], [1]);
    const same = rows.filter((row) => row.brand_name === (row.brand as { name: string }).name).length;
    expect(same / rows.length).toBeGreaterThan(0.8);
    expect(same).toBeLessThan(rows.length);
  });

  it("keeps percentile ranks within 0–100 and uses the range", async () => {
    const client = env.client();
    const rows = await rowsOf(client, [await mainStudy(client, "DE", 2024)], ["brand_strength", "familiarity", "trendy"]);
    const ranks = rows.flatMap((row) =>
      Object.keys(row)
        .filter((key) => key.endsWith("_rank"))
        .map((key) => row[key] as number),
    );
    expect(Math.min(...ranks)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...ranks)).toBeLessThanOrEqual(100);
    expect(Math.max(...ranks) - Math.min(...ranks)).toBeGreaterThan(60);
  });

  it("gives the six fielded audiences different means", async () => {
    const client = env.client();
    const rows = await rowsOf(client, [await mainStudy(client, "DE", 2024)], ["brand_strength"]);
    const byAudience = new Map<number, number[]>();
    for (const row of rows)
      byAudience.set(row.audience_id as number, [...(byAudience.get(row.audience_id as number) ?? []), row.brand_strength_c as number]);
    const means = [...byAudience.values()].map(mean);
    expect(means).toHaveLength(6);
    expect(Math.max(...means) - Math.min(...means)).toBeGreaterThan(5);
  });

  it("keeps a brand's standing from one year to the next", async () => {
    const client = env.client();
    const [before, after] = await Promise.all(
      [2023, 2024].map(async (year) => rowsOf(client, [await mainStudy(client, "GB", year)], ["brand_strength"], [1])),
    );
    const earlier = new Map(before.map((row) => [`${row.brand_id}:${row.category_id}`, row.brand_strength_c as number]));
    const pairs = after.filter((row) => earlier.has(`${row.brand_id}:${row.category_id}`));
    expect(pairs.length).toBeGreaterThan(50);
    const r = correlation(
      pairs.map((row) => earlier.get(`${row.brand_id}:${row.category_id}`)!),
      pairs.map((row) => row.brand_strength_c as number),
    );
    expect(r).toBeGreaterThan(0.7);
  });

  it("relates metrics as their names say: a strong brand is differentiated, the funnel narrows", async () => {
    const client = env.client();
    const rows = await rowsOf(
      client,
      [await mainStudy(client, "FR", 2024)],
      ["brand_strength", "differentiation", "familiarity", "loyalty", "arrogant"],
      [1],
    );
    const of = (key: string) => rows.map((row) => Number(row[key]));
    expect(correlation(of("brand_strength_c"), of("differentiation_c"))).toBeGreaterThan(0.6);
    expect(correlation(of("brand_strength_c"), of("brand_strength_rank"))).toBeGreaterThan(0.95);
    expect(Math.abs(correlation(of("differentiation_c"), of("arrogant_c")))).toBeLessThan(
      correlation(of("brand_strength_c"), of("differentiation_c")),
    );
    expect(mean(of("familiarity_pct"))).toBeGreaterThan(mean(of("loyalty_pct")) * 2);
  });
});
