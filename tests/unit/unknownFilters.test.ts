import { ENDPOINT_BY_METHOD } from "../../src/endpoints/table";
import { buildQuery } from "../../src/params/buildQuery";
import { UNKNOWN_FILTER_WARNING } from "../../src/params/filterChecks";
import { Query } from "../../src/query/query";
import { closestName, editDistance } from "../../src/text/closestName";

const spec = (method: string) => ENDPOINT_BY_METHOD.get(method)!;

/** The FOUNTFRAME_UNKNOWN_FILTER warnings one buildQuery call emits, and the filters it sends. */
function build(method: string, ...args: unknown[]): { warnings: string[]; filters: Record<string, unknown> } {
  const warnings: string[] = [];
  const spy = jest.spyOn(process, "emitWarning").mockImplementation(((warning: string, options?: { code?: string }) => {
    if (options?.code === UNKNOWN_FILTER_WARNING) warnings.push(warning);
  }) as typeof process.emitWarning);
  try {
    return { warnings, filters: { ...buildQuery(spec(method), args).query.filters } };
  } finally {
    spy.mockRestore();
  }
}

test("edit distance and the closest name (first of equals, in the documented order)", () => {
  expect(editDistance("country_code", "country_codes")).toBe(1);
  expect(editDistance("", "abc")).toBe(3);
  expect(editDistance("kitten", "sitting")).toBe(3);
  expect(closestName("country_code", ["name", "country_codes", "countries"])).toEqual({ name: "country_codes", distance: 1 });
  expect(closestName("x", [])).toBeUndefined();
});

test("an undocumented name in filters is sent and warned about once, naming the closest documented filter", () => {
  const { warnings, filters } = build("brands", { filters: { countryCode: "US", name: "Swatch" } });
  expect(filters).toEqual({ country_code: ["US"], name: "Swatch" });
  expect(warnings).toEqual([
    "brands: a filter the docs do not name for brands, sent as given: countryCode: did you mean country_codes? (give a filter you mean to send in extraFilters)",
  ]);
});

test("a name no documented filter is near is named without a guess", () => {
  expect(build("audiences", { filters: { zzz: 1 } }).warnings).toEqual([
    "audiences: a filter the docs do not name for audiences, sent as given: zzz (give a filter you mean to send in extraFilters)",
  ]);
});

test("in a query option too; not for extraFilters, the method's own documented parameters, documented columns or updated_since", () => {
  expect(build("brands", { query: new Query({ filters: { yearNumber: 2024 } }) }).warnings).toEqual([
    // a Query holds its filters under their wire names already
    expect.stringContaining("year_number: did you mean year_numbers?"),
  ]);
  expect(build("brands", { extraFilters: { country_code: "US" } }).warnings).toEqual([]);
  expect(build("brands", "x", ["US"], [2024], { studies: [1] }).warnings).toEqual([]);
  expect(build("brands", { filters: { bav_brand_id: 3, isStudiedGlobally: 1, updatedSince: "2024-01-01" } }).warnings).toEqual([]);
});

test("brandscape-data (every column filterable, none listed): only a near miss of a documented filter is warned about", () => {
  const near = build("brandscapeData", { filters: { studies: 1, country_codes: "US", differentiation_rank: 90 } });
  expect(near.warnings).toEqual([expect.stringContaining("country_codes: did you mean country_code?")]);
  expect(near.warnings[0]).not.toContain("differentiation_rank");
  expect(near.filters).toMatchObject({ country_codes: ["US"], differentiation_rank: 90 });
});

test("a method's own parameter the docs do not name (brandMetricGroups' active, bavapi's) is warned about once, however it is given", () => {
  for (const args of [["x", 1], ["x", 1, { filters: { active: 1 } }], [{ filters: { active: 1 } }]]) {
    const { warnings } = build("brandMetricGroups", ...args);
    expect(warnings).toEqual([expect.stringContaining("brand-metric-groups, sent as given: active")]);
  }
});

test("one filter given in two spellings (camelCase and snake_case) is refused, naming both, not one silently dropped", () => {
  expect(() => build("brands", { filters: { countryCodes: "US", country_codes: "GB" } })).toThrow(
    "filters.country_codes: the same filter as filters.countryCodes (both are country_codes on the wire); give it once",
  );
  expect(() => build("brands", { extraFilters: { fooBar: 1, foo_bar: 2 } })).toThrow(/extraFilters\.foo_bar: the same filter/);
});
