import { captureWarnings, useEmulator } from "./fixture";

// issue 30: brandscape data as the service sends it, through the client's frame
const env = useEmulator();
const STUDY = 482;

const slowWarnings = (warnings: { code?: string }[]) => warnings.filter((warning) => warning.code === "FOUNTFRAME_SLOW_FILTER");

test("the sector the service includes by default flattens to sector_* (no record column of its own starts with sector_)", async () => {
  const frame = await env.client().brandscapeData({ studies: STUDY, audiences: [1], metricKeys: ["differentiation"] });
  expect(frame.columns).toEqual(expect.arrayContaining(["sector_id", "sector_name", "global_brand_sector_name"]));
  expect(frame.columns.filter((column) => column.startsWith("global_sector"))).toEqual([]);
  const dtypes = Object.fromEntries(frame.columns.map((column, index) => [column, frame.dtypes[index]]));
  expect(dtypes).toMatchObject({ sector_id: "int32", sector_name: "string", is_duplicate: "boolean", category_name: "string" });
});

test("a study-filtered pull has a row per brand, category and audience; the score columns, no bare metric", async () => {
  const frame = await env.client().brandscapeData({ studies: STUDY, metricKeys: ["differentiation", "relevance"] });
  const audiences = new Set(frame.column("audience_id").values as number[]);
  expect(audiences.size).toBeGreaterThanOrEqual(3);
  const keys = (frame.values as unknown[][]).map((row) =>
    ["brand_id", "category_id", "audience_id"].map((column) => row[frame.columns.indexOf(column)]).join("/"),
  );
  expect(new Set(keys).size).toBe(keys.length);
  expect(frame.columns).toEqual(expect.arrayContaining(["differentiation_c", "differentiation_rank", "relevance_c", "relevance_rank"]));
  expect(frame.columns).not.toContain("differentiation");
});

test("a country alone is answered without a warning; a year alone with one", async () => {
  const country = await captureWarnings(() => env.client().brandscapeData("GB", undefined, { metricKeys: ["esteem"], maxPages: 1 }));
  expect(country.result.shape[0]).toBeGreaterThan(0);
  expect(slowWarnings(country.warnings)).toEqual([]);
  const year = await captureWarnings(() => env.client().brandscapeData(undefined, 2024, { metricKeys: ["esteem"], maxPages: 1 }));
  expect(year.result.shape[0]).toBeGreaterThan(0);
  expect(slowWarnings(year.warnings)).toHaveLength(1);
});

test("no filter at all: refused before any request", async () => {
  await expect(env.client().brandscapeData({ metricKeys: ["esteem"] })).rejects.toThrow(/needs at least one filter/);
  expect(env.emulator.stats.requests).toBe(0);
});
