import { declaredColumnTypes } from "../../src/rows/rowShape";
import { CellTally, decideColumnType, type DeclaredType } from "../../src/table/columnType";

/** One column's type over these values, in this order, given its declared type. */
function typeOf(values: unknown[], declared?: DeclaredType) {
  const tally = new CellTally();
  for (const value of values) tally.add(0, value);
  return tally.typeOf(0, declared);
}

describe("the one column type decision", () => {
  test("a documented string stays text whatever its values look like, in any order", () => {
    expect(typeOf(["826", "276"], "string")).toBe("utf8");
    expect(typeOf(["056", "826"], "string")).toBe("utf8");
    expect(typeOf(["826", "056"], "string")).toBe("utf8");
    expect(typeOf([826, "056"], "string")).toBe("utf8");
    // undocumented, the same values: numbers once every one spells a number ("056" does not: a padded code)
    expect(typeOf(["826", "276"])).toBe("int64");
    expect(typeOf(["826", "056"])).toBe("utf8");
  });

  test("a documented string of ISO dates or timestamps is a date or timestamp column", () => {
    expect(typeOf(["2024-01-02", "2024-02-29"], "string")).toBe("date");
    expect(typeOf(["2024-01-02", "2020-03-02T10:05:01.000000Z"], "string")).toBe("timestamp");
    expect(typeOf(["2024-01-02", "soon"], "string")).toBe("utf8");
  });

  test("documented numbers and booleans keep their type where the values allow it, else the values decide", () => {
    expect(typeOf([1, 2], "integer")).toBe("int64");
    expect(typeOf([1, 2.5], "integer")).toBe("double");
    expect(typeOf([1, 2], "number")).toBe("double");
    expect(typeOf(["1", "2"], "number")).toBe("double");
    expect(typeOf([true, null, false], "boolean")).toBe("boolean");
    expect(typeOf([0, 1], "boolean")).toBe("int64");
    expect(typeOf(["n/a", 2], "integer")).toBe("utf8");
  });

  test("undocumented: all values, whichever comes first; missing values count for nothing", () => {
    expect(typeOf([1, 2.5])).toBe(typeOf([2.5, 1]));
    expect(typeOf([1, 2.5])).toBe("double");
    expect(typeOf([null, undefined, NaN])).toBeUndefined();
    expect(typeOf([null, 3, undefined])).toBe("int64");
    expect(typeOf([2 ** 63])).toBe("double");
    expect(typeOf([true, 1])).toBe("utf8");
    expect(typeOf([{ a: 1 }])).toBe("utf8");
    expect(decideColumnType({ present: 2, numbers: 0, numericStrings: 0, booleans: 0, fractions: false })).toBe("utf8");
  });
});

describe("documented types of a route's flattened columns", () => {
  const brandscape = declaredColumnTypes("brandscape-data", new Set(["brand", "study", "category", "audience"]));

  test("brandscape data: its own fields, and each include's fields under its prefix", () => {
    expect(brandscape.get("is_duplicate")).toBe("boolean");
    expect(brandscape.get("brand_name")).toBe("string");
    expect(brandscape.get("category_name")).toBe("string");
    expect(brandscape.get("global_study_country_code_numeric")).toBe("string");
    expect(brandscape.get("global_study_country_region_name")).toBe("string");
    expect(brandscape.get("global_study_year_year")).toBe("integer");
    expect(brandscape.get("global_brand_sector_id")).toBe("integer");
    expect(brandscape.get("sector_name")).toBe("string");
    expect(brandscape.get("global_audience_is_active")).toBe("boolean");
    // the metric columns are documented by no table: their values decide
    expect(brandscape.get("differentiation_c")).toBeUndefined();
    expect(brandscape.get("study_id")).toBeUndefined();
  });

  test("other routes: their own table; an unknown route declares nothing", () => {
    expect(declaredColumnTypes("countries", new Set()).get("code_numeric")).toBe("string");
    expect(declaredColumnTypes("brands", new Set()).get("share_of_company")).toBe("number");
    expect(declaredColumnTypes("studies/{id}/brands", new Set(["brand"])).get("global_brand_name")).toBe("string");
    expect(declaredColumnTypes("nothing-here", new Set()).size).toBe(0);
  });
});
