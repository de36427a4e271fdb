import { flattenRecord, flattenRecords } from "../../src/rows/rowShape";

describe("flattenRecord", () => {
  it("flattens nested objects to parent_child columns, recursively, in key order", () => {
    const record = { id: 1, study: { id: 7, type: { name: "full", code: 2 } }, year: 2024 };
    expect(flattenRecord(record)).toEqual({ id: 1, study_id: 7, study_type_name: "full", study_type_code: 2, year: 2024 });
    expect(Object.keys(flattenRecord(record))).toEqual(["id", "study_id", "study_type_name", "study_type_code", "year"]);
  });

  it("keeps lists, nulls and empty objects' absence as they are", () => {
    const tags = ["a", "b"];
    const row = flattenRecord({ id: 1, tags, parent: null, extra: {}, categories: [{ id: 3 }] });
    expect(row).toEqual({ id: 1, tags: ["a", "b"], parent: null, categories: [{ id: 3 }] });
    expect(row.tags).toBe(tags);
  });

  it("returns an already flat record as the same object, and never modifies a record", () => {
    const flat = { id: 1, name: "x", tags: [1] };
    expect(flattenRecord(flat)).toBe(flat);
    const nested = { id: 1, brand: { id: 2 } };
    flattenRecord(nested, { endpoint: "brandscape-data" });
    expect(nested).toEqual({ id: 1, brand: { id: 2 } });
  });
});

describe("global prefix (brandscapeData)", () => {
  const record = {
    study_id: 10,
    brand_id: 20,
    brand_name: "Nestlé Schweiz",
    category_id: 30,
    audience_id: 40,
    is_duplicate: false,
    brand: { id: 20, name: "Nestle", country: { code: "CH" } },
    study: { id: 10, type: { name: "full" } },
    category: { id: 30, name: "Food" },
    audience: { id: 40, name: "All Adults" },
    year: { id: 5, year: 2024 },
    company: { id: 7, name: "Nestlé" },
  };

  it("prefixes every column of an include that clashes with the record's own columns", () => {
    expect(flattenRecord(record, { endpoint: "brandscape-data" })).toEqual({
      study_id: 10,
      brand_id: 20,
      brand_name: "Nestlé Schweiz",
      category_id: 30,
      audience_id: 40,
      is_duplicate: false,
      global_brand_id: 20,
      global_brand_name: "Nestle",
      global_brand_country_code: "CH",
      global_study_id: 10,
      global_study_type_name: "full",
      global_category_id: 30,
      global_category_name: "Food",
      global_audience_id: 40,
      global_audience_name: "All Adults",
      global_year_id: 5,
      global_year_year: 2024,
      company_id: 7,
      company_name: "Nestlé",
    });
  });

  it("decides from the endpoint, not from which of the record's columns `fields` kept", () => {
    const brandscape = { endpoint: "brandscape-data" };
    expect(flattenRecord({ brand: { id: 1 }, brand_id: 1 }, brandscape)).toEqual({ global_brand_id: 1, brand_id: 1 });
    // fields: ["brand_strength"]: no brand_* or study_* column left, the includes keep their names
    expect(flattenRecord({ brand_strength: 80, study: { name: "US 2024" }, brand: { id: 1 } }, brandscape)).toEqual({
      brand_strength: 80,
      global_study_name: "US 2024",
      global_brand_id: 1,
    });
    // includes outside the endpoint's list keep plain names
    expect(flattenRecord({ brand_x: { id: 2 }, company: { name: "Nestlé" } }, brandscape)).toEqual({
      brand_x_id: 2,
      company_name: "Nestlé",
    });
    // an item path and the older `globalPrefix: true` spelling follow the same rule
    expect(flattenRecord({ study: { id: 3 } }, { endpoint: "brandscape-data/42" })).toEqual({ global_study_id: 3 });
    expect(flattenRecord({ study: { id: 3 } }, { globalPrefix: true })).toEqual({ global_study_id: 3 });
    expect(flattenRecord({ study: { id: 3 } }, { endpoint: "studies/12/brands" })).toEqual({ study_id: 3 });
  });

  it("is off by default", () => {
    expect(flattenRecord({ brand_id: 1, brand: { id: 1, name: "n" } })).toEqual({ brand_id: 1, brand_name: "n" });
  });
});

describe("flattenRecords without stackData", () => {
  it("gives one row per record, in record order, lists kept as values", () => {
    const records = [{ id: 1, sector: { id: 9, name: "Food" }, tags: ["a"] }, { id: 2, sector: null, tags: [] }, { id: 3 }];
    expect(flattenRecords(records)).toEqual([
      { id: 1, sector_id: 9, sector_name: "Food", tags: ["a"] },
      { id: 2, sector: null, tags: [] },
      { id: 3 },
    ]);
  });

  it("applies the global prefix when asked", () => {
    expect(flattenRecords([{ brand_id: 1, brand: { id: 1 }, company: { name: "N" } }], { globalPrefix: true })).toEqual([
      { brand_id: 1, global_brand_id: 1, company_name: "N" },
    ]);
  });

  it("gives nothing for no records", () => {
    expect(flattenRecords([])).toEqual([]);
  });
});
