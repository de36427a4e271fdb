import type { DataFrame } from "danfojs-node";
import { APIError, DataNotFoundError, ValidationError } from "../../src/errors";
import { TOOLS, type ToolSpec } from "../../src/tools";
import type { ToolResult } from "../../src/tools";
import { captureWarnings, TOKEN, useEmulator } from "./fixture";

const env = useEmulator();

/** United States 2024 (released) and five of its brands: Toyota, Lexus, Honda, Nissan, BMW (category 1, Cars). */
const STUDY = 470;

interface ToolCall {
  options: Record<string, unknown>;
  /** the query string the service must receive */
  wire: string;
  /** columns the frame must have (flattened, merged or spread per TOOLS.md) */
  columns: string[];
  /** the metadata fields, or [] where the tool has none */
  meta: string[];
}

const CALLS: Record<string, ToolCall> = {
  archetypes: {
    options: { studies: STUDY, brands: [1, 2], categories: 1 },
    wire: "studies=470&brands=1,2&categories=1",
    columns: ["brand_id", "brand_name", "study_id", "audience_id", "primary_archetype", "scale", "innocent", "ruler", "sage"],
    meta: [],
  },
  brandPersonalityMatch: {
    options: { brands: 1, studies: "470", audiences: 1 },
    wire: "brands=1&studies=470&audiences=1",
    columns: ["brand_id", "brand_name", "study_id", "audience_id", "personality", "match", "rank"],
    meta: [],
  },
  brandVulnerabilityMap: {
    options: { brand: 5 },
    wire: "brand=5",
    columns: [
      "brand_id",
      "brand_name",
      "study_id",
      "country_code",
      "year",
      "brand_strength_c",
      "brand_stature_c",
      "vulnerability",
      "level",
    ],
    meta: [],
  },
  brandWorthMap: {
    options: { brands: [1, 2, 3], studies: [STUDY], audiences: [1, 2] },
    wire: "brands=1,2,3&studies=470&audiences=1,2",
    columns: ["brand_id", "brand_name", "study_id", "audience_id", "brand_stature_c", "brand_strength_c", "quadrant"],
    meta: ["audiences", "title", "x_axis", "y_axis"],
  },
  categoryWorthMap: {
    options: { categories: "1,2", studies: STUDY },
    wire: "categories=1,2&studies=470",
    columns: ["category_id", "category_name", "study_id", "brand_count", "brand_stature_c", "brand_strength_c", "quadrant"],
    meta: ["audiences", "title", "x_axis", "y_axis"],
  },
  commitmentFunnel: {
    options: { brands: [1, 2], studies: STUDY },
    wire: "brands=1,2&studies=470",
    columns: ["brand_id", "brand_name", "study_id", "audience_id", "familiarity", "consideration", "trial", "regular_usage", "loyalty"],
    meta: [],
  },
  costOfEntry: {
    options: { brand: 1, study: STUDY, audience: 1, categories: [1], comparisonName: "Cars in the US" },
    wire: "brand=1&study=470&audience=1&categories=1&comparisonName=Cars%20in%20the%20US",
    columns: ["metric_key", "brand_value", "comparison_value", "cost_of_entry"],
    meta: ["audience_id", "brand_id", "comparison_brand_count", "comparison_name", "study_id"],
  },
  lovePlus: {
    options: { brands: [1, 2], studies: STUDY },
    wire: "brands=1,2&studies=470",
    columns: ["brand_id", "brand_name", "study_id", "audience_id", "love", "respect", "trust", "fun", "leadership"],
    meta: [],
  },
  partnershipExchangeMap: {
    options: { brands: 1, comparisonBrands: [2, 3], studies: STUDY },
    wire: "brands=1&comparison_brands=2,3&studies=470",
    columns: ["brand_id", "partner_id", "partner_name", "differentiation_gain", "fit"],
    meta: ["audience_id", "brands", "comparison_brands"],
  },
  swot: {
    options: { brands: 1, studies: STUDY, collections: 5 },
    wire: "brands=1&studies=470&collections=5",
    columns: ["brand_id", "metric_key", "brand_value", "comparison_value", "difference", "quadrant"],
    meta: ["brands", "comparison_name", "studies"],
  },
  toplistMarket: {
    options: { brands: [1], studies: STUDY, metricKeys: ["differentiation", "relevance"] },
    wire: "brands=1&studies=470&metric_keys=differentiation,relevance",
    columns: ["brand_id", "brand_name", "metric_key", "value", "rank", "is_selected"],
    meta: [],
  },
};

const toolPaths = () => env.emulator.stats.log.filter((entry) => entry.path.includes("/tools"));
const run = (client: ReturnType<typeof env.client>, method: string, options: unknown): Promise<ToolResult> =>
  (Reflect.get(client.tools, method) as (options: unknown) => Promise<ToolResult>).call(client.tools, options);

const NUMERIC = new Set(["float32", "int32"]);
const dtypeOf = (frame: DataFrame, column: string) => frame.dtypes[frame.columns.indexOf(column)];

test("the table holds the eleven tools of TOOLS.md", () => {
  expect(TOOLS.map((tool) => tool.slug).sort()).toEqual([
    "archetypes",
    "brand-personality-match",
    "brand-vulnerability-map",
    "brand-worth-map",
    "category-worth-map",
    "commitment-funnel",
    "cost-of-entry",
    "love-plus",
    "partnership-exchange-map",
    "swot",
    "toplist-market",
  ]);
  expect(Object.keys(CALLS).sort()).toEqual(TOOLS.map((tool) => tool.method).sort());
});

describe.each(TOOLS.map((tool): [string, ToolSpec] => [tool.method, tool]))("tools.%s", (method, spec) => {
  const call = CALLS[method];

  test("one GET of tools/<slug> with the parameters as TOOLS.md writes them; a frame and its meta", async () => {
    const { frame, meta } = await run(env.client(), method, call.options);
    const log = toolPaths();
    expect(log.map((entry) => [entry.path, entry.query])).toEqual([[`/api/v2/tools/${spec.slug}`, call.wire]]);
    expect(frame.shape[0]).toBeGreaterThan(0);
    expect(frame.columns).toEqual(expect.arrayContaining(call.columns));
    expect(Object.keys(meta).sort()).toEqual(call.meta);
    // nothing nested or listed is left in a cell: every record was flattened
    for (const column of frame.columns) {
      expect((frame.column(column).values as unknown[]).every((value) => value === null || typeof value !== "object")).toBe(true);
    }
  });

  test("validation: a missing required parameter is refused before any request", async () => {
    const required = spec.params.find((param) => param.required)!;
    const { [required.name]: _dropped, ...rest } = call.options;
    const client = env.client();
    await expect(run(client, method, rest)).rejects.toThrow(new RegExp(`^${required.name}: is required by ${method}`));
    await expect(run(client, method, { ...call.options, [required.name]: -3 })).rejects.toThrow(ValidationError);
    await expect(run(client, method, { ...call.options, colour: "red" })).rejects.toThrow(/colour: is not a parameter of/);
    expect(env.emulator.stats.requests).toBe(0);
  });

  test("a 503 is retried on the client's policy, and the second answer is the frame", async () => {
    env.emulator.setFaults([{ resource: "tools", kind: "status", status: 503, times: 1 }]);
    const { frame } = await run(env.client(), method, call.options);
    expect(frame.shape[0]).toBeGreaterThan(0);
    expect(toolPaths().map((entry) => entry.status)).toEqual([503, 200]);
  });

  test("a 200 of another shape is an APIError naming the tool, not a crash or an empty frame", async () => {
    const wrong = spec.response === "document" ? { data: [{ id: 1 }] } : { data: { data: [] } };
    env.emulator.setFaults([{ resource: "tools", kind: "status", status: 200, body: JSON.stringify(wrong) }]);
    const failure = run(env.client(), method, call.options);
    await expect(failure).rejects.toThrow(APIError);
    await expect(failure).rejects.toThrow(new RegExp(`the ${spec.slug} tool answered in an unexpected shape`));
  });
});

describe("frames shaped per tool", () => {
  test("a metric key given twice in an entry: the later value, and a warning naming the column", async () => {
    const entry = (trial: string[]) => ({ brand_id: 1, metrics: trial.map((value) => ({ key: "trial", value })) });
    const body = { data: [entry(["16.6", "9.1"]), entry(["4", "4"]), { brand_id: 2, metrics: [{ key: "toString", value: "2.5" }] }] };
    env.emulator.setFaults([{ resource: "tools", kind: "status", status: 200, body: JSON.stringify(body) }]);
    const { result, warnings } = await captureWarnings(() => env.client().tools.commitmentFunnel({ brands: [1, 2], studies: STUDY }));
    expect(result.frame.columns).toEqual(["brand_id", "trial", "toString"]);
    expect(result.frame.column("trial").values).toEqual([9.1, 4, NaN]);
    expect(warnings.map(({ code, message }) => ({ code, message: message.replace(/:.*?: /, ": ") }))).toEqual([
      { code: "FOUNTFRAME_FIELD_CLASH", message: expect.stringMatching(/^commitment-funnel: trial \(1 cells\)\./) },
    ]);
  });

  test("an entry's own fields that flatten to one name: the warning names the tool and its answer, not rawQuery", async () => {
    const body = { data: [{ brand_id: 1, brand_name: "Ours", brand: { name: "Theirs" }, metrics: [{ key: "trial", value: 4 }] }] };
    env.emulator.setFaults([{ resource: "tools", kind: "status", status: 200, body: JSON.stringify(body) }]);
    const { result, warnings } = await captureWarnings(() => env.client().tools.commitmentFunnel({ brands: 1, studies: STUDY }));
    expect(result.frame.column("brand_name").values).toEqual(["Theirs"]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0].code).toBe("FOUNTFRAME_FIELD_CLASH");
    expect(warnings[0].message).toMatch(/^commitment-funnel: .*"brand_name" \(1 row\).*the tool's answer holds both/);
    expect(warnings[0].message).not.toMatch(/rawQuery|pages/);
  });

  test("commitment funnel: one column per metric key, numeric strings as numbers, and the funnel narrows", async () => {
    const { frame } = await env.client().tools.commitmentFunnel({ brands: [1, 2, 3], studies: STUDY });
    const stages = ["familiarity", "consideration", "trial", "regular_usage", "loyalty"];
    for (const stage of stages) expect(NUMERIC.has(dtypeOf(frame, stage))).toBe(true);
    const rows = frame.values as number[][];
    const at = stages.map((stage) => frame.columns.indexOf(stage));
    for (const row of rows) for (let s = 1; s < at.length; s++) expect(row[at[s]]).toBeLessThan(row[at[s - 1]]);
  });

  test("archetypes: the entry's own fields (brand flattened to brand_id, brand_name) merged with its scores", async () => {
    const { frame } = await env.client().tools.archetypes({ studies: STUDY, brands: 1 });
    expect(frame.shape[0]).toBe(1);
    expect(frame.column("brand_name").values).toEqual(["Toyota"]);
    expect(frame.column("scale").values).toEqual(["score"]);
    expect(frame.columns).not.toContain("data");
  });

  test("brand worth map: the position of each brand is its brandscape strength and stature", async () => {
    const client = env.client();
    const { frame, meta } = await client.tools.brandWorthMap({ brands: [1, 2, 3, 4, 5], studies: STUDY });
    expect(meta).toMatchObject({ x_axis: "brand_stature_c", y_axis: "brand_strength_c" });
    const brandscape = await client.rawQuery("brandscape-data", {
      filters: { studies: STUDY, brands: [1, 2, 3, 4, 5], audiences: 1 },
      metricKeys: ["brand_strength", "brand_stature"],
    });
    const byBrand = new Map(brandscape.map((row) => [row.brand_id, row]));
    const ids = frame.column("brand_id").values as number[];
    expect(ids).toEqual([1, 2, 3, 4, 5]);
    ids.forEach((brandId, at) => {
      expect(frame.column("brand_stature_c").values[at]).toBe(byBrand.get(brandId)!.brand_stature_c);
      expect(frame.column("brand_strength_c").values[at]).toBe(byBrand.get(brandId)!.brand_strength_c);
    });
  });

  test("toplist market by metric ids gives the same rows as by metric keys", async () => {
    const client = env.client();
    const metrics = await client.rawQuery("brand-metrics", { filters: { name: "Differentiation" } });
    const id = metrics.find((metric) => (metric.brandscape_data_columns as string[]).includes("differentiation_c"))!.id as number;
    const byId = await client.tools.toplistMarket({ brands: 1, studies: STUDY, metrics: id });
    const byKey = await client.tools.toplistMarket({ brands: 1, studies: STUDY, metricKeys: "differentiation" });
    expect(byId.frame.values).toEqual(byKey.frame.values);
    expect(env.emulator.stats.log.some((entry) => entry.query.includes(`metrics=${id}`))).toBe(true);
  });
});

describe("validation before any request", () => {
  const cases: Array<[string, string, Record<string, unknown> | undefined, RegExp]> = [
    [
      "both of an either-or pair",
      "costOfEntry",
      { brand: 1, study: STUDY, categories: 1, collections: 2 },
      /^categories: give categories or collections to costOfEntry, not both/,
    ],
    [
      "neither of a required pair",
      "swot",
      { brands: 1, studies: STUDY },
      /^categories: swot needs `categories` or `collections` \(exactly one of them\)/,
    ],
    [
      "both of archetypes' optional pair",
      "archetypes",
      { studies: STUDY, categories: 1, collections: 1 },
      /^categories: give categories or collections/,
    ],
    [
      "metrics and metricKeys together",
      "toplistMarket",
      { brands: 1, studies: STUDY, metrics: 1, metricKeys: "x" },
      /^metrics: give metrics or metricKeys/,
    ],
    [
      "a list where one id is expected",
      "costOfEntry",
      { brand: [1, 2], study: STUDY, categories: 1 },
      /^brand: must be one positive integer id, got \[1,2\]/,
    ],
    [
      "a list for brandPersonalityMatch's brands",
      "brandPersonalityMatch",
      { brands: [1, 2], studies: STUDY },
      /^brands: must be one positive integer id/,
    ],
    [
      "an id that is not a positive integer",
      "brandWorthMap",
      { brands: [1, 0], studies: STUDY },
      /^brands: must be a positive integer id, or a list of them, got \[1,0\]/,
    ],
    ["an id that is text", "lovePlus", { brands: "Toyota", studies: STUDY }, /^brands: must be a positive integer id/],
    [
      "a metric key that is not a string",
      "toplistMarket",
      { brands: 1, studies: STUDY, metricKeys: [7] },
      /^metricKeys: must be a metric key/,
    ],
    [
      "an empty comparison name",
      "swot",
      { brands: 1, studies: STUDY, categories: 1, comparisonName: " " },
      /^comparisonName: must be a non-empty string/,
    ],
    ["no options object", "brandWorthMap", undefined, /^options: brandWorthMap takes one options object with brands, studies, audiences\?/],
  ];

  test.each(cases)("%s", async (_name, method, options, message) => {
    await expect(run(env.client(), method, options)).rejects.toThrow(message);
    expect(env.emulator.stats.requests).toBe(0);
  });
});

describe("on the client's own policy", () => {
  test("a fault past the retries rejects with the APIError, in warn mode too (no rows to keep)", async () => {
    env.emulator.setFaults([{ resource: "tools", kind: "status", status: 503 }]);
    const client = env.client({ retries: 2, onErrors: "warn" });
    const { warnings } = await captureWarnings(async () => {
      await expect(client.tools.brandWorthMap({ brands: 1, studies: STUDY })).rejects.toMatchObject({ status: 503 });
    });
    expect(warnings).toEqual([]);
    expect(toolPaths()).toHaveLength(3);
  });

  test("a truncated body and a reset are retried; the error never holds the token", async () => {
    env.emulator.setFaults([
      { resource: "tools", kind: "malformed", times: 1 },
      { resource: "tools", kind: "reset", times: 1 },
    ]);
    const { frame } = await env.client().tools.lovePlus({ brands: 1, studies: STUDY });
    expect(frame.shape[0]).toBe(1);
    env.emulator.setFaults([{ resource: "tools", kind: "status", status: 401, body: '{"message":"Unauthenticated."}' }]);
    const error = await env
      .client()
      .tools.lovePlus({ brands: 1, studies: STUDY })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(APIError);
    expect(JSON.stringify(error) + String(error) + (error as Error).stack).not.toContain(TOKEN);
  });

  test("the service's 400 for a missing parameter reaches the caller as an APIError with its message", async () => {
    // a raw request around the client's validation, as an older client would send
    const error = await env
      .client()
      .rawQuery("tools/brand-worth-map", { filters: {} })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 400, serviceMessage: "The brands field is required. (and 1 more error)" });
  });

  test("a closed client refuses tools", async () => {
    const client = env.client();
    await client.aclose();
    await expect(client.tools.brandWorthMap({ brands: 1, studies: STUDY })).rejects.toThrow(/closed/);
    await expect(client.tools.list()).rejects.toThrow(/closed/);
  });
});

describe("tools.list()", () => {
  test("GET tools, every page: one row per tool with its parameters", async () => {
    const frame = await env.client({ perPage: 4 }).tools.list();
    expect(frame.shape[0]).toBe(11);
    expect(frame.column("slug").values).toEqual(TOOLS.map((tool) => tool.slug));
    // the parameter objects (name → true/false) flatten into one column per parameter
    expect(frame.columns).toEqual(
      expect.arrayContaining([
        "id",
        "name",
        "short_description",
        "supported_parameters_brands",
        "required_parameters_brands",
        "is_in_preview",
      ]),
    );
    expect(toolPaths().map((entry) => entry.query)).toEqual(["page=1&per_page=4", "page=2&per_page=4", "page=3&per_page=4"]);
  });

  test("the service's list and the client's table agree on each tool's required parameters", async () => {
    const frame = await env.client().tools.list();
    const requiredColumns = frame.columns.filter((column) => column.startsWith("required_parameters_"));
    TOOLS.forEach((tool, at) => {
      const wire = tool.params.filter((param) => param.required).map((param) => param.wire);
      const required = requiredColumns.filter((column) => frame.column(column).values[at] === true);
      expect(required.map((column) => column.slice("required_parameters_".length)).sort()).toEqual([...wire].sort());
    });
  });
});

test("an answer without rows is DataNotFoundError naming the tool; an unknown id is the service's 400", async () => {
  const client = env.client();
  const surveyed = new Set((await client.rawQuery("brands", { filters: { studies: STUDY }, perPage: 1000 })).map((brand) => brand.id));
  const elsewhere = (await client.rawQuery("brands", { perPage: 1000 })).map((brand) => brand.id as number).find((id) => !surveyed.has(id));
  expect(elsewhere).toBeDefined();
  await expect(client.tools.brandPersonalityMatch({ brands: elsewhere!, studies: STUDY })).rejects.toThrow(DataNotFoundError);
  await expect(client.tools.brandPersonalityMatch({ brands: elsewhere!, studies: STUDY })).rejects.toThrow(
    /^brand-personality-match: the tool returned no rows/,
  );
  await expect(client.tools.brandWorthMap({ brands: 99999, studies: STUDY })).rejects.toMatchObject({
    status: 400,
    serviceMessage: "The selected brands.0 is invalid.",
  });
});

test("a tool answer with no rows rejects with DataNotFoundError carrying the answer's meta", async () => {
  const client = env.client();
  const surveyed = new Set((await client.rawQuery("brands", { filters: { studies: STUDY }, perPage: 1000 })).map((brand) => brand.id));
  const elsewhere = (await client.rawQuery("brands", { perPage: 1000 })).map((brand) => brand.id as number).find((id) => !surveyed.has(id));
  env.emulator.resetStats();
  const failure = await client.tools.brandWorthMap({ brands: elsewhere!, studies: STUDY }).catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(DataNotFoundError);
  expect((failure as DataNotFoundError).message).toMatch(/^brand-worth-map: the tool returned no rows/);
  // the same metadata a frame's answer carries, read from the answer that came over the wire
  const answered = await client.tools.brandWorthMap({ brands: 1, studies: STUDY });
  expect(Object.keys(answered.meta).length).toBeGreaterThan(0);
  expect((failure as DataNotFoundError).meta).toEqual(answered.meta);
  expect((failure as DataNotFoundError).meta).toMatchObject({ title: "Brand Worth Map" });
  expect(toolPaths()).toHaveLength(2);
});

test("progress goes to the client's display: list() reports its pages; a one-request tool stays quiet off a TTY", async () => {
  const chunks: string[] = [];
  const original = process.stderr.write.bind(process.stderr);
  process.stderr.write = ((chunk: string | Uint8Array) => chunks.push(String(chunk)) > 0) as typeof process.stderr.write;
  try {
    const client = env.client({ verbose: true, perPage: 4 });
    await client.tools.list();
    await client.tools.brandWorthMap({ brands: 1, studies: STUDY });
  } finally {
    process.stderr.write = original;
  }
  // a quick pull off a TTY is its summary line alone (interim lines come every few seconds)
  expect(chunks.join("")).toMatch(/^tools: 3\/3 pages, 11 rows in [\d.]+ s\n$/);
});
