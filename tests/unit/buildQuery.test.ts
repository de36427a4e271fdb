import { SLOW_FILTER_WARNING } from "../../src/params/filterChecks";
import { filterKindOf } from "../../src/endpoints/filterKinds";
import { ENDPOINT_BY_METHOD, ENDPOINTS } from "../../src/endpoints/table";
import { ValidationError } from "../../src/errors";
import { buildQuery } from "../../src/params/buildQuery";
import { Query } from "../../src/query/query";

const spec = (method: string) => ENDPOINT_BY_METHOD.get(method)!;
const params = (method: string, ...args: unknown[]) => buildQuery(spec(method), args).query.toParams(spec(method).resource);

describe("method arguments → wire parameters", () => {
  test("positional parameters in table order, then an options object", () => {
    expect(params("brands", "Swatch", ["us", "gb"], [2023, 2024], { studies: [5] })).toEqual({
      "filter[country_codes]": "US,GB",
      "filter[name]": "Swatch",
      "filter[studies]": "5",
      "filter[year_numbers]": "2023,2024",
    });
    expect(params("brands", "Swatch", { yearNumbers: 2024 })).toEqual({ "filter[name]": "Swatch", "filter[year_numbers]": "2024" });
  });

  test("falsy method parameters are dropped", () => {
    expect(params("audiences", "", 0, false, { groups: [], private: undefined })).toEqual({});
  });

  test.each([
    ["brands", [undefined, undefined, NaN], "yearNumbers"],
    ["brands", [{ yearNumbers: NaN }], "yearNumbers"],
    ["studies", [undefined, undefined, undefined, NaN], "released"],
    ["brandscapeData", ["GB", NaN, 1], "yearNumber"],
    ["brandscapeData", [{ studies: NaN }], "studies"],
  ])("NaN is refused by name, not dropped as falsy: %s %p", (method, args, parameter) => {
    const build = () => buildQuery(spec(method), args as unknown[]);
    expect(build).toThrow(ValidationError);
    expect(build).toThrow(new RegExp(`${parameter}.*NaN`));
  });

  test("mainStudy goes out as bav_study; flags true/false/1/0 as 1/0", () => {
    expect(params("studies", { mainStudy: true, fullYear: 1, released: true })).toEqual({
      "filter[bav_study]": "1",
      "filter[full_year]": "1",
      "filter[released]": "1",
    });
    expect(params("studies", { filters: { mainStudy: false, released: 0 } })).toEqual({
      "filter[bav_study]": "0",
      "filter[released]": "0",
    });
  });

  test("precedence: filters over method parameters; query over both", () => {
    expect(params("brands", "Swatch", { filters: { name: "Rolex", country_codes: "DE" } })).toEqual({
      "filter[country_codes]": "DE",
      "filter[name]": "Rolex",
    });
    const query = new Query({ filters: { name: "Omega" }, perPage: 10 });
    expect(params("brands", "Swatch", { filters: { name: "Rolex" }, query })).toEqual({ per_page: 10, "filter[name]": "Omega" });
  });

  test("camelCase and snake_case filter keys; unknown filter keys pass through (extraFilters: without a warning)", () => {
    expect(
      params("countries", { filters: { withRecentStudies: 2, in_best_countries: [2023] }, extraFilters: { some_new_filter: "x" } }),
    ).toEqual({
      "filter[in_best_countries]": "2023",
      "filter[some_new_filter]": "x",
      "filter[with_recent_studies]": "2",
    });
  });

  test("fields keyed by the snake_case resource, item id to the item route", () => {
    const { query } = buildQuery(spec("brandMetrics"), [{ metricId: 12, fields: ["id", "name"] }]);
    expect(query.path("brand-metrics")).toBe("brand-metrics/12");
    expect(query.toParams("brand-metrics")).toEqual({ "fields[brand_metrics]": "id,name" });
  });

  test("search on resources that offer it, refused elsewhere", () => {
    expect(params("brands", { search: "swatch" })).toEqual({ search: "swatch" });
    expect(() => params("cities", { search: "paris" })).toThrow(/search: cities has no free-text search/);
  });

  test("includes go on the wire in the caller's order, after the defaults (bavapi's set reorders them)", () => {
    const include = (names: string[]) => params("brandscapeData", { studies: 1, include: names }).include;
    expect(include(["year", "company"])).toBe("brand,study,category,audience,year,company");
    expect(include(["company", "year"])).toBe("brand,study,category,audience,company,year");
    expect(include(["audience", "brand"])).toBe("audience,brand");
  });
});

describe("validation before any request", () => {
  test.each([
    ["brands", [{ countryCodes: ["US", "XX"] }], /countryCodes: must be an ISO 3166-1 alpha-2 country code/],
    ["audiences", [{ active: 2 }], /active: must be 0, 1, true or false/],
    ["brands", [{ yearNumbers: "twenty" }], /yearNumbers: must be a year/],
    ["brands", [{ studies: ["a"] }], /studies: must be a positive integer id .*, or a list of them \(got \["a"\]\)/],
    ["brands", [{ perPage: 5000 }], /perPage: must be at most 1000/],
    ["brands", [{ page: 0 }], /page: must be a positive integer/],
    ["brands", [{ maxPages: -1 }], /maxPages/],
    ["brands", [{ colour: "red" }], /colour: is not an option of brands; allowed: name, countryCodes/],
    ["brands", [{ filters: { year_numbers: [] } }], /filters.year_numbers: must not be an empty list/],
    ["regions", ["Europe", "extra"], /regions: takes at most 1 positional parameter/],
    ["brands", [{ sort: "name; drop" }], /sort: must be a field name/],
    ["brands", [{ stackData: "yes" }], /stackData: must be true or false/],
    ["brands", ["Swatch", { name: "Rolex" }], /name: given both as a positional parameter/],
  ])("%s %j", (method, args, message) => {
    expect(() => buildQuery(spec(method), args)).toThrow(ValidationError);
    expect(() => buildQuery(spec(method), args)).toThrow(message);
  });

  // every id-list filter the table knows, by a method parameter or in filters: the house's wording, never zod's
  const idListFilters = ENDPOINTS.flatMap((endpoint) =>
    endpoint.filters.filter((name) => filterKindOf(name) === "ids").map((name) => [endpoint.method, name] as const),
  );
  test.each(idListFilters)("%s filters.%s [0] reads like the other messages", (method, name) => {
    const args = [{ filters: { [name]: [0] } }];
    expect(() => buildQuery(spec(method), args)).toThrow(
      new RegExp(`^filters\\.${name}: must be a positive integer id \\(at most 9007199254740991\\), or a list of them \\(got \\[0\\]\\)$`),
    );
  });

  test.each([
    [{ studies: [0] }, "studies", "[0]"],
    [{ studies: [1, -2] }, "studies", "[1,-2]"],
    [{ studies: [2 ** 60] }, "studies", "[1152921504606847000]"],
    [{ groups: "1,,2" }, "groups", '"1,,2"'],
  ])("%j is refused in the same words", (options, parameter, shown) => {
    const method = parameter === "groups" ? "audiences" : "brands";
    expect(() => buildQuery(spec(method), [options])).toThrow(
      `${parameter}: must be a positive integer id (at most 9007199254740991), or a list of them (got ${shown})`,
    );
  });

  test("every include goes to the wire as given, documented or not, dotted too; the service decides", () => {
    expect(params("brands", { include: ["company", "bogus"] }).include).toBe("company,bogus");
    expect(params("brands", { include: "sector" }).include).toBe("sector");
    expect(params("companies", { include: ["gics_sector", "stock_exchanges", "latest_financials"] }).include).toBe(
      "gics_sector,stock_exchanges,latest_financials",
    );
    expect(params("brands", { query: new Query({ include: "category.sector" }) }).include).toBe("category.sector");
    // no_default on an endpoint without defaults means what it says: nothing is included
    expect(params("brands", { include: "no_default" }).include).toBeUndefined();
    expect(params("brands", { include: ["no_default", "company"] }).include).toBe("company");
  });

  test("search is refused once, whether given as an option or in a query", () => {
    const refusal = "search: brandMetrics has no free-text search; use filters (e.g. name) instead";
    expect(() => buildQuery(spec("brandMetrics"), [{ search: "x" }])).toThrow(refusal);
    expect(() => buildQuery(spec("brandMetrics"), [{ query: { search: "x" } }])).toThrow(refusal);
  });

  test("ValidationError names the parameter", () => {
    try {
      buildQuery(spec("cities"), [{ capitals: "maybe" }]);
      throw new Error("did not throw");
    } catch (error) {
      expect((error as ValidationError).parameter).toBe("capitals");
    }
  });
});

describe("brandscapeData filter rule", () => {
  const check =
    (...args: unknown[]) =>
    () =>
      buildQuery(spec("brandscapeData"), args);
  /** The FOUNTFRAME_SLOW_FILTER warnings one call gives. */
  async function slowWarnings(args: unknown[]): Promise<string[]> {
    const seen: string[] = [];
    const spy = jest.spyOn(process, "emitWarning").mockImplementation(((warning: string, options?: { code?: string }) => {
      if (options?.code === SLOW_FILTER_WARNING) seen.push(warning);
    }) as typeof process.emitWarning);
    try {
      buildQuery(spec("brandscapeData"), args);
    } finally {
      spy.mockRestore();
    }
    return seen;
  }
  test.each([
    ["study", [{ studies: [3] }]],
    ["study and audience", [{ studies: [3], audiences: [1] }]],
    ["brand id", [{ filters: { brands: 7 } }]],
    ["brand name", [undefined, undefined, undefined, "Swatch"]],
    ["brand and audience", [{ filters: { brands: 7, audiences: 1 } }]],
    ["country alone", ["US"]],
    ["country and year", ["US", 2024]],
    ["country, year and audience", ["US", 2024, [1]]],
    ["country and year as ids", [{ filters: { countries: 1, years: 2 } }]],
    ["a study and a sector (outside the indexed dimensions)", [{ studies: [3], filters: { sectors: 2 } }]],
    ["a query with a study", [{ query: new Query({ filters: { studies: 1 } }) }]],
  ])("sent without a warning: %s", async (_label, args) => {
    expect(await slowWarnings(args)).toEqual([]);
  });
  test.each([
    ["year alone", [undefined, 2024], "year"],
    ["audience alone", [{ audiences: [1] }], "audience"],
    ["a study and a year", [{ yearNumber: 2024, studies: [1] }], "study + year"],
    ["category and audience (the docs' example)", [{ audiences: [1], filters: { categories: 4 } }], "audience + category"],
    ["only a sector", [{ filters: { sectors: 2 } }], "no study, audience, brand, category, country or year"],
    ["a query by audience", [{ query: new Query({ filters: { audiences: 1 } }) }], "audience"],
  ])("sent with one warning listing the recommended combinations: %s", async (_label, args, named) => {
    const warnings = await slowWarnings(args);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`filtering by ${named} is not a left-to-right prefix`);
    expect(warnings[0]).toContain("study + audience + brand + category; country + year + audience; brand + audience + country + year");
  });
  test.each([
    ["nothing", []],
    ["an empty query", [{ query: new Query({}) }]],
    ["falsy parameters only", [0, "", undefined, ""]],
  ])("refused before any request with %s", (_label, args) => {
    expect(check(...args)).toThrow(/brandscapeData: needs at least one filter \(the service requires filtering\)/);
  });
});

describe("include rules", () => {
  const include = (method: string, given?: unknown) =>
    buildQuery(spec(method), [{ include: given, ...(method === "brandscapeData" ? { studies: 1 } : {}) }]).query.include;
  test("brandscapeData", () => {
    expect(include("brandscapeData")).toEqual(["brand", "study", "category", "audience"]);
    expect(include("brandscapeData", ["year", "company"])).toEqual(["brand", "study", "category", "audience", "year", "company"]);
    expect(include("brandscapeData", ["study", "year"])).toEqual(["study", "year"]);
    expect(include("brandscapeData", "no_default")).toBeUndefined();
    expect(include("brandscapeData", ["no_default", "year"])).toEqual(["year"]);
  });
  test("categories", () => {
    expect(include("categories")).toEqual(["sector"]);
    expect(include("categories", "brands")).toEqual(["sector", "brands"]);
    expect(include("categories", ["sector"])).toEqual(["sector"]);
    expect(include("categories", "no_default")).toBeUndefined();
  });
  test("others send exactly what was named", () => {
    expect(include("brands")).toBeUndefined();
    expect(include("brands", "company,categories")).toEqual(["company", "categories"]);
  });
});

test("every endpoint builds its collection query from its options alone: its own path, only its default includes", () => {
  for (const endpoint of ENDPOINTS) {
    const args = endpoint.method === "brandscapeData" ? [{ studies: 1 }] : [];
    const { query } = buildQuery(endpoint, args);
    const { include, "filter[studies]": studies, ...rest } = query.toParams(endpoint.resource);
    expect([endpoint.method, query.path(endpoint.resource), include, rest]).toEqual([
      endpoint.method,
      endpoint.resource,
      "defaultInclude" in endpoint ? endpoint.defaultInclude.join(",") : undefined,
      {},
    ]);
    expect(studies).toBe(endpoint.method === "brandscapeData" ? "1" : undefined);
  }
});

describe("a positional undefined is a placeholder", () => {
  test("the options object's value of that parameter is used", () => {
    expect(params("brands", undefined, { name: "Swatch" })).toEqual({ "filter[name]": "Swatch" });
    expect(params("brandscapeData", "US", 2024, undefined, undefined, { brandName: "Swatch", audiences: [1] })).toMatchObject({
      "filter[audiences]": "1",
      "filter[brand_name]": "Swatch",
      "filter[country_code]": "US",
      "filter[year_number]": "2024",
    });
  });
  test("two defined values for one parameter stay an error", () => {
    expect(() => params("brands", "Rolex", { name: "Swatch" })).toThrow(/name: given both/);
  });
});
