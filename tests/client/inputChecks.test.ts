import { Client } from "../../src/client/client";
import { ValidationError, ValueError } from "../../src/errors";
import { UNMATCHED_METRIC_KEYS_WARNING } from "../../src/pull/pullWarnings";
import { TOKEN, captureWarnings, useEmulator } from "./fixture";

describe("a positional undefined is a placeholder, not a value", () => {
  const env = useEmulator();

  test("brands(undefined, { name }) filters by name", async () => {
    const frame = await env.client().brands(undefined, { name: "Swatch" });
    expect(decodeURIComponent(env.emulator.stats.log[0].query)).toContain("filter[name]=Swatch");
    expect(frame.column("name").values).toEqual(expect.arrayContaining(["Swatch"]));
    expect(frame.shape[0]).toBeLessThan(5);
  });

  test("brandscapeData(country, year, undefined, undefined, { brandName, audiences }) sends both", async () => {
    const pages = env.client().pages("brandscapeData", "US", 2024, undefined, undefined, { brandName: "Swatch", audiences: [1] });
    for await (const page of pages) expect(page.records.length).toBeGreaterThan(0);
    const query = decodeURIComponent(env.emulator.stats.log[0].query);
    expect(query).toContain("filter[brand_name]=Swatch");
    expect(query).toContain("filter[audiences]=1");
  });
});

describe("bad input is a ValidationError naming the parameter, before any request", () => {
  const env = useEmulator();

  test.each([
    ["brandId -1", (client: Client) => client.brands({ brandId: "-1" }), "brandId", /positive integer id/],
    ["brandId 0", (client: Client) => client.brands({ brandId: "0" }), "brandId", /positive integer id/],
    ["brandId abc", (client: Client) => client.brands({ brandId: "abc" }), "brandId", /positive integer id/],
    ["brandId 1e21", (client: Client) => client.brands({ brandId: 1e21 }), "brandId", /positive integer id/],
    ["brandId 2**53 + 2", (client: Client) => client.brands({ brandId: 2 ** 53 + 2 }), "brandId", /positive integer id/],
    ["rawQuery id", (client: Client) => client.rawQuery("brands", { id: "-1" }), "id", /positive integer id/],
    ...["0", "-1", "x", "9007199254740993"].map((id): [string, (client: Client) => Promise<unknown>, string, RegExp] => [
      `rawQuery path id ${id}`,
      (client: Client) => client.rawQuery(`studies/${id}/brands`),
      "endpoint",
      new RegExp(`^endpoint: "${id}" in "studies/${id}/brands" is where the service takes an id of studies: a positive whole number`),
    ]),
    ["page 1e21", (client: Client) => client.brands({ page: 1e21 }), "page", /got 1e\+21/],
    ["page NaN", (client: Client) => client.brands({ page: NaN }), "page", /got NaN/],
    ["perPage Infinity", (client: Client) => client.brands({ perPage: Infinity }), "perPage", /got Infinity/],
    ["studies NaN", (client: Client) => client.brands({ studies: [NaN] }), "studies", /got \[NaN\]/],
    ["a lone surrogate in a name", (client: Client) => client.brands("Swatch\uD800"), "name", /lone UTF-16 surrogate/],
    ["a lone surrogate in search", (client: Client) => client.brands({ search: "\uDC00x" }), "search", /lone UTF-16 surrogate/],
    [
      "a lone surrogate in a raw filter",
      (client: Client) => client.rawQuery("brands", { filters: { name: "a\uD83D" } }),
      "filters.name",
      /lone UTF-16 surrogate/,
    ],
    [
      "an id-list filter holding 0",
      (client: Client) => client.brands({ studies: [0] }),
      "studies",
      /^studies: must be a positive integer id .*, or a list of them \(got \[0\]\)$/,
    ],
    [
      "search in a query where the endpoint has none",
      (client: Client) => client.brandMetrics({ query: { search: "x" } }),
      "search",
      /no free-text search/,
    ],
    // the endpoint table says brandscape-data must be narrowed: rawQuery honours it like the method
    [
      "rawQuery brandscape-data without a filter",
      (client: Client) => client.rawQuery("brandscape-data", { metricKeys: ["differentiation"] }),
      "brandscapeData",
      /needs at least one filter/,
    ],
  ])("%s", async (_label, call, parameter, message) => {
    const failure = (async () => call(env.client()))();
    await expect(failure).rejects.toThrow(ValidationError);
    await expect(failure).rejects.toMatchObject({ parameter });
    await expect(failure).rejects.toThrow(message);
    expect(env.emulator.stats.requests).toBe(0);
  });

  test("timeout above 2**31 - 1 ms (Node's longest timer) is refused; NaN and Infinity are named as such", () => {
    expect(() => new Client(TOKEN, { timeout: 2 ** 31 })).toThrow(
      /timeout: must be a positive number of milliseconds up to 2147483647, got 2147483648/,
    );
    expect(() => new Client(TOKEN, { timeout: Infinity })).toThrow(/got Infinity/);
    expect(() => new Client(TOKEN, { perPage: NaN })).toThrow(/perPage: .*got NaN/);
    expect(new Client(TOKEN, { timeout: 2 ** 31 - 1, verbose: false })).toBeInstanceOf(Client);
  });
});

describe("an item query is not paged", () => {
  const env = useEmulator();

  test("a query with an id and page settings goes to the item route without page or per_page", async () => {
    const [first] = await env.client().rawQuery("brands", { maxPages: 1, perPage: 1 });
    env.emulator.resetStats();
    const records = await env.client().rawQuery("brands", { id: first.id as number, page: 3, perPage: 7 });
    expect(records.map((record) => record.id)).toEqual([first.id]);
    const [request, ...more] = env.emulator.stats.log;
    expect(more).toEqual([]);
    expect(request.path).toMatch(new RegExp(`/brands/${first.id}$`));
    expect(request.query).toBe("");
  });
});

describe("metric keys that match nothing are named", () => {
  const env = useEmulator();

  test("a misspelt key: one warning names it, the others pass", async () => {
    const { warnings } = await captureWarnings(() =>
      env.client().brandscapeData({ studies: 482, metricKeys: ["differentiation", "brand_strenght"] }),
    );
    const named = warnings.filter((warning) => warning.code === UNMATCHED_METRIC_KEYS_WARNING);
    expect(named).toHaveLength(1);
    expect(named[0].message).toContain('"brand_strenght" (did you mean brand_strength?)');
    expect(named[0].message).not.toContain('"differentiation"');
  });

  test("a key far from every metric the service lists gets no guess", async () => {
    const { warnings } = await captureWarnings(() =>
      env.client().brandscapeData({ studies: 482, metricKeys: ["differentiation", "zzzqqq"] }),
    );
    const named = warnings.filter((warning) => warning.code === UNMATCHED_METRIC_KEYS_WARNING);
    expect(named.map((warning) => warning.message)).toEqual([expect.stringContaining('metricKeys "zzzqqq" matched no column')]);
  });

  test("keys that all match: no warning", async () => {
    const { warnings } = await captureWarnings(() => env.client().brandscapeData({ studies: 482, metricKeys: ["differentiation"] }));
    expect(warnings).toEqual([]);
  });
});

describe("the environment", () => {
  const env = useEmulator();
  const saved = { token: process.env.FOUNT_API_TOKEN, baseUrl: process.env.FOUNT_BASE_URL };
  afterEach(() => {
    for (const [name, value] of [
      ["FOUNT_API_TOKEN", saved.token],
      ["FOUNT_BASE_URL", saved.baseUrl],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  test("new Client() reads FOUNT_API_TOKEN and FOUNT_BASE_URL", async () => {
    process.env.FOUNT_API_TOKEN = TOKEN;
    process.env.FOUNT_BASE_URL = env.emulator.url;
    const client = new Client({ verbose: false });
    try {
      const records = await client.rawQuery("regions");
      expect(records.length).toBeGreaterThan(0);
      expect(env.emulator.stats.requests).toBe(1);
    } finally {
      await client.aclose();
    }
  });

  test("an explicit option wins over the environment", async () => {
    process.env.FOUNT_API_TOKEN = "the-wrong-token";
    process.env.FOUNT_BASE_URL = "http://127.0.0.1:9/api/v2/";
    const client = new Client(TOKEN, { baseUrl: env.emulator.url, verbose: false });
    try {
      expect((await client.rawQuery("regions")).length).toBeGreaterThan(0);
    } finally {
      await client.aclose();
    }
  });

  test("neither an option nor the variable: ValueError naming the variable; a bad FOUNT_BASE_URL is named", () => {
    delete process.env.FOUNT_API_TOKEN;
    expect(() => new Client()).toThrow(ValueError);
    expect(() => new Client()).toThrow(/FOUNT_API_TOKEN/);
    process.env.FOUNT_API_TOKEN = TOKEN;
    process.env.FOUNT_BASE_URL = "not a url";
    expect(() => new Client()).toThrow(/FOUNT_BASE_URL: must be an http\(s\) URL/);
  });
});
