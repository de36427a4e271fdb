import type { DataFrame } from "danfojs-node";
import * as oneOffs from "../../src/client/oneOff";
import { ENDPOINTS, type EndpointSpec } from "../../src/endpoints/table";
import { DataNotFoundError } from "../../src/errors";
import { buildQuery } from "../../src/params/buildQuery";
import { TOKEN, useEmulator } from "./fixture";

const env = useEmulator();

/** Each method called with positional parameters and the query string the service must receive. */
const CALLS: Record<string, { args: unknown[]; wire: string }> = {
  audienceGroups: { args: ["General"], wire: "filter[name]=General" },
  audiences: {
    args: ["Adults", 1, true, { groups: [1, 2] }],
    wire: "filter[active]=1&filter[groups]=1,2&filter[name]=Adults&filter[public]=1",
  },
  brandMetricGroups: { args: ["Brand", 1], wire: "filter[active]=1&filter[name]=Brand" },
  brandMetrics: {
    args: ["e", true, 1, { groups: 1, private: 0 }],
    wire: "filter[active]=1&filter[groups]=1&filter[name]=e&filter[public]=1",
  },
  brands: { args: ["o", ["us", "DE"], [2023, 2024]], wire: "filter[country_codes]=US,DE&filter[name]=o&filter[year_numbers]=2023,2024" },
  brandscapeData: {
    args: ["US", 2024, [1], undefined, { metricKeys: ["differentiation", "relevance"] }],
    wire: "filter[audiences]=1&filter[country_code]=US&filter[year_number]=2024&include=brand,study,category,audience&metric_keys=differentiation,relevance",
  },
  categories: { args: ["a", [1, 2, 3]], wire: "filter[name]=a&filter[sectors]=1,2,3&include=sector" },
  cities: { args: [undefined, true, [1, 2, 3, 4, 5, 6, 7, 8]], wire: "filter[capitals]=true&filter[countries]=1,2,3,4,5,6,7,8" },
  collections: { args: [undefined, 1, { sharedWithMe: false }], wire: "filter[public]=1" },
  companies: { args: ["o", 1], wire: "filter[name]=o&filter[public]=1" },
  countries: {
    args: [undefined, 1, [1, 2], true, { withRecentStudies: 2 }],
    wire: "filter[active]=1&filter[regions]=1,2&filter[with_recent_studies]=2&filter[with_studies]=1",
  },
  regions: { args: ["Europe"], wire: "filter[name]=Europe" },
  sectors: { args: [undefined, 1], wire: "filter[in_most_influential]=1" },
  studies: {
    args: [["US", "GB"], 2024, 1, 1, 1],
    wire: "filter[bav_study]=1&filter[country_codes]=US,GB&filter[full_year]=1&filter[released]=1&filter[year_numbers]=2024",
  },
  years: { args: [2024], wire: "filter[year]=2024" },
};

const firstQuery = () => env.emulator.stats.log[0].query;

describe.each(ENDPOINTS.map((endpoint): [string, EndpointSpec] => [endpoint.method, endpoint]))("%s", (method, endpoint) => {
  const { args, wire } = CALLS[method];

  test("method: positional parameters reach the wire as documented, and the frame holds every record", async () => {
    const client = env.client();
    env.emulator.resetStats();
    const frame = (await (client[method as keyof typeof client] as (...a: unknown[]) => Promise<DataFrame>)(...args)) as DataFrame;
    expect(firstQuery()).toBe(`page=1&per_page=100&${wire}`);
    const { query } = buildQuery(endpoint, args);
    const records = await client.rawQuery(endpoint.resource, query);
    expect(frame.shape[0]).toBe(records.length);
    expect(frame.shape[0]).toBeGreaterThan(0);
    expect(frame.column("id").values).toEqual(records.map((record) => record.id));
  });

  test("one-off function: same call, same frame", async () => {
    const viaClient = (await (env.client()[method as "brands"] as (...a: unknown[]) => Promise<DataFrame>)(...args)) as DataFrame;
    const run = oneOffs[method as keyof typeof oneOffs] as (token: string, ...a: unknown[]) => Promise<DataFrame>;
    const last = args[args.length - 1];
    const options = typeof last === "object" && last && !Array.isArray(last) ? last : {};
    const positional = options === last ? args.slice(0, -1) : args;
    const frame = await run(TOKEN, ...positional, { ...options, baseUrl: env.emulator.url, verbose: false });
    expect(frame.shape).toEqual(viaClient.shape);
    expect(frame.columns).toEqual(viaClient.columns);
  });

  if (endpoint.idKey) {
    test(`${endpoint.idKey} fetches one item from the item route`, async () => {
      const client = env.client();
      const [first] = await client.rawQuery(endpoint.resource, {
        maxPages: 1,
        perPage: 1,
        ...(method === "brandscapeData" ? { filters: { studies: 1 } } : {}),
      });
      const frame = (await (client[method as "brands"] as (o: object) => Promise<DataFrame>)({ [endpoint.idKey!]: first.id })) as DataFrame;
      expect(env.emulator.stats.log.at(-1)!.path).toMatch(new RegExp(`/${endpoint.resource}/${first.id}$`));
      expect(frame.shape[0]).toBe(1);
      expect(frame.column("id").values).toEqual([first.id]);
    });
  }
});

describe("filter semantics as the service applies them", () => {
  test("name is a like-match", async () => {
    const frame = await env.client().brands("swat");
    const names = frame.column("name").values as string[];
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((name) => name.toLowerCase().includes("swat"))).toBe(true);
  });

  test("brandscapeData: brand_name stays local, the included brand is prefixed global_, numeric strings become numbers", async () => {
    const frame = await env.client().brandscapeData("DE", 2024, [1]);
    expect(frame.columns).toEqual(
      expect.arrayContaining([
        "brand_name",
        "global_brand_name",
        "global_brand_id",
        "global_study_id",
        "global_category_name",
        "global_audience_name",
      ]),
    );
    const local = frame.column("brand_name").values as string[];
    const global = frame.column("global_brand_name").values as string[];
    expect(local.some((name, index) => name !== global[index])).toBe(true);
    expect(frame.column("study_id").values.every((value: unknown) => typeof value === "number")).toBe(true);
    for (const [column, dtype] of frame.columns.map((column, index) => [column, frame.dtypes[index]])) {
      if (/_pct$|_rank$|_c$/.test(column)) expect([column, dtype]).toEqual([column, expect.stringMatching(/int32|float32/)]);
    }
  });

  test("stackData turns nested lists into rows: the product of the lists", async () => {
    const client = env.client();
    const records = await client.rawQuery("collections", { include: ["brands"] });
    const expectedRows = records.reduce((sum, record) => {
      const brands = (record.brands as unknown[]).length || 1;
      const tags = (record.tags as unknown[] | undefined)?.length || 1;
      return sum + brands * tags;
    }, 0);
    const stacked = await client.collections({ include: "brands", stackData: true });
    expect(stacked.shape[0]).toBe(expectedRows);
    expect(stacked.columns).toEqual(expect.arrayContaining(["brands_id", "brands_name"]));
    const flat = await client.collections({ include: "brands" });
    expect(flat.shape[0]).toBe(records.length);
  });

  test("no results: DataNotFoundError", async () => {
    await expect(env.client().regions("Atlantis")).rejects.toThrow(DataNotFoundError);
  });
});
