import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { startEmulator, type Emulator } from "../../src/emulator";
import { getAll, getJson, urlOf } from "./http";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator({ rateLimit: false });
});
afterAll(async () => emulator.close());
afterEach(() => emulator.setFaults([]));

/** United States 2024; Toyota (1), Lexus (2), Honda (3) are among its brands. */
const STUDY = 470;
const tool = (slug: string, params: Record<string, string | number> = {}) => getJson(urlOf(emulator.url, `tools/${slug}`, params));

describe("GET tools", () => {
  test("a paginated list of the eleven tools, their parameters as objects of name → true/false", async () => {
    const tools = await getAll(emulator.url, "tools");
    expect(tools.map((record) => record.slug)).toHaveLength(11);
    const worthMap = tools.find((record) => record.slug === "brand-worth-map");
    expect(worthMap).toMatchObject({
      supported_parameters: { brands: true, studies: true, audiences: true },
      required_parameters: { brands: true, studies: true, audiences: false },
      multiple_choice_parameters: { brands: true, studies: true, audiences: true },
      is_in_preview: false,
      api_endpoint_url: `${emulator.url}tools/brand-worth-map`,
    });
    const costOfEntry = tools.find((record) => record.slug === "cost-of-entry");
    expect(costOfEntry.multiple_choice_parameters).toMatchObject({ brand: false, study: false, categories: true });
    const preview = await getAll(emulator.url, "tools", { "filter[is_in_preview]": 1 });
    expect(preview.map((record) => record.slug)).toEqual(["category-worth-map", "swot", "toplist-market"]);
    const paged = await getJson(urlOf(emulator.url, "tools", { per_page: 5, page: 3 }));
    expect(paged.json.meta).toMatchObject({ total: 11, last_page: 3, current_page: 3 });
    expect(paged.json.data).toHaveLength(1);
  });

  test("tools/<id> is one tool's record; an unknown id or slug is 404", async () => {
    const one = await getJson(urlOf(emulator.url, "tools/4"));
    expect(one.json.data.slug).toBe("brand-worth-map");
    expect((await getJson(urlOf(emulator.url, "tools/99"))).status).toBe(404);
    expect((await tool("brand-worth-mapp", { brands: 1, studies: STUDY })).status).toBe(404);
    expect((await getJson(urlOf(emulator.url, "tools/brand-worth-map/extra"))).status).toBe(404);
  });

  test("a tool needs the token like every route", async () => {
    const answer = await getJson(urlOf(emulator.url, "tools/brand-worth-map", { brands: 1, studies: STUDY }), { token: null });
    expect(answer.status).toBe(401);
  });
});

describe("the service's 400 for a bad or missing parameter", () => {
  test.each([
    ["brand-worth-map", { studies: STUDY }, { brands: ["The brands field is required."] }],
    ["brand-vulnerability-map", {}, { brand: ["The brand field is required."] }],
    ["cost-of-entry", { brand: 1, study: STUDY }, { categories: ["The categories field is required when collections is not present."] }],
    [
      "swot",
      { brands: 1, studies: STUDY, categories: 1, collections: 1 },
      { categories: ["The categories field prohibits collections from being present."] },
    ],
    ["toplist-market", { brands: 1, studies: STUDY }, { metrics: ["The metrics field is required when metric keys is not present."] }],
    [
      "toplist-market",
      { brands: 1, studies: STUDY, metric_keys: "differentiation,colour" },
      { "metric_keys.1": ["The selected metric keys.1 is invalid."] },
    ],
    ["brand-personality-match", { brands: "1,2", studies: STUDY }, { brands: ["The brands field must not have more than 1 items."] }],
    ["cost-of-entry", { brand: "1,2", study: STUDY, categories: 1 }, { brand: ["The brand field must be an integer."] }],
    [
      "brand-worth-map",
      { brands: "1,x", studies: 99999 },
      { "brands.1": ["The brands.1 field must be an integer."], "studies.0": ["The selected studies.0 is invalid."] },
    ],
  ])("%s %j", async (slug, params, errors) => {
    const answer = await tool(slug, params as Record<string, string | number>);
    expect(answer.status).toBe(400);
    expect(answer.json.data.message).toBe(Object.values(errors)[0][0] + (Object.keys(errors).length > 1 ? " (and 1 more error)" : ""));
  });

  test("archetypes' comparison set is optional", async () => {
    expect((await tool("archetypes", { studies: STUDY, brands: 1 })).status).toBe(200);
  });
});

describe("values that read like the market", () => {
  test("the worth map places a brand at its brandscape strength and stature, for each audience", async () => {
    // studies are fielded for several audiences: compare the first two
    const map = await getJson(urlOf(emulator.url, "tools/brand-worth-map", { brands: "1,2,3", studies: STUDY, audiences: "1,2" }));
    const rows = await getAll(emulator.url, "brandscape-data", {
      "filter[studies]": STUDY,
      "filter[brands]": "1,2,3",
      "filter[audiences]": "1,2",
    });
    expect(new Set(rows.map((row) => row.audience_id))).toEqual(new Set([1, 2]));
    expect(map.json.data.data).toHaveLength(rows.length);
    for (const point of map.json.data.data) {
      const row = rows.find((candidate) => candidate.brand_id === point.brand_id && candidate.audience_id === point.audience_id);
      expect([point.brand_stature_c, point.brand_strength_c, point.brand_name]).toEqual([
        row.brand_stature_c,
        row.brand_strength_c,
        row.brand_name,
      ]);
    }
  });

  test("the commitment funnel narrows at every stage, for every brand of a study", async () => {
    const brands = (await getAll(emulator.url, "brands", { "filter[studies]": STUDY })).map((brand) => brand.id).slice(0, 60);
    const funnel = await tool("commitment-funnel", { brands: brands.join(","), studies: STUDY });
    expect(funnel.json.data).toHaveLength(brands.length);
    for (const entry of funnel.json.data) {
      const values = entry.metrics.map((metric: { value: string }) => Number(metric.value));
      expect(entry.metrics.map((metric: { key: string }) => metric.key)).toEqual([
        "familiarity",
        "consideration",
        "trial",
        "regular_usage",
        "loyalty",
      ]);
      for (let stage = 1; stage < values.length; stage++) expect(values[stage]).toBeLessThan(values[stage - 1]);
    }
  });

  test("the vulnerability map follows the brand through the studies that surveyed it", async () => {
    const answer = await tool("brand-vulnerability-map", { brand: 1 });
    const studies = (await getAll(emulator.url, "studies", { "filter[released]": 1 })).map((study) => study.id);
    const surveyed = [];
    for (const studyId of studies.slice(0, 40)) {
      const brands = (await getAll(emulator.url, `studies/${studyId}/brands`, { include: "brand" })).map((row) => row.brand.id);
      if (brands.includes(1)) surveyed.push(studyId);
    }
    const mapped = answer.json.data.map((record: { study_id: number }) => record.study_id);
    expect(mapped.filter((id: number) => id <= Math.max(...studies.slice(0, 40)))).toEqual(surveyed);
  });

  test("the same request gives the same bytes", async () => {
    const first = await tool("swot", { brands: "1,2", studies: STUDY, categories: 1 });
    const second = await tool("swot", { brands: "1,2", studies: STUDY, categories: 1 });
    expect(first.status).toBe(200);
    expect(second.text).toBe(first.text);
  });
});

describe("fault injection on tools, as on the resources", () => {
  test("status, rate limit and truncated JSON, by resource `tools`", async () => {
    emulator.setFaults([
      { resource: "tools", kind: "status", status: 502, times: 1 },
      { resource: "tools", kind: "rateLimit", retryAfter: 2, times: 1 },
      { resource: "tools", kind: "malformed", times: 1 },
    ]);
    const params = { brands: 1, studies: STUDY };
    expect((await tool("love-plus", params)).status).toBe(502);
    const limited = await tool("love-plus", params);
    expect([limited.status, limited.headers.get("retry-after")]).toEqual([429, "2"]);
    const truncated = await tool("love-plus", params);
    expect([truncated.status, truncated.json]).toEqual([200, undefined]);
    expect((await tool("love-plus", params)).json.data).toHaveLength(1);
  });
});

test("src/emulator/tools imports nothing from outside src/emulator", () => {
  const root = resolve(__dirname, "../../src/emulator");
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : [join(dir, name)]));
  const outside = files(join(root, "tools")).flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(/from\s+"(\.[^"]+)"/g)]
      .map((match) => resolve(dirname(file), match[1]))
      .filter((target) => relative(root, target).startsWith("..")),
  );
  expect(outside).toEqual([]);
});
