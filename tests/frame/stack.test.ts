import { flattenRecords } from "../../src/rows/rowShape";

const stack = (records: Record<string, unknown>[], globalPrefix = false) => flattenRecords(records, { stackData: true, globalPrefix });

describe("flattenRecords with stackData", () => {
  it("makes a list of objects into rows, each element under the list's name, parent fields repeated", () => {
    expect(
      stack([
        {
          id: 1,
          categories: [
            { id: 10, name: "Food" },
            { id: 11, name: "Drink" },
          ],
          active: 1,
        },
      ]),
    ).toEqual([
      { id: 1, categories_id: 10, categories_name: "Food", active: 1 },
      { id: 1, categories_id: 11, categories_name: "Drink", active: 1 },
    ]);
  });

  it("makes the product of two lists, the first list varying slowest", () => {
    expect(stack([{ id: 1, a: [{ x: 1 }, { x: 2 }], b: ["p", "q"] }])).toEqual([
      { id: 1, a_x: 1, b: "p" },
      { id: 1, a_x: 1, b: "q" },
      { id: 1, a_x: 2, b: "p" },
      { id: 1, a_x: 2, b: "q" },
    ]);
  });

  it("keeps a record with an empty list as one row without the list's columns", () => {
    expect(
      stack([
        { id: 1, categories: [], name: "x" },
        { id: 2, categories: [{ id: 5 }], name: "y" },
      ]),
    ).toEqual([
      { id: 1, name: "x" },
      { id: 2, categories_id: 5, name: "y" },
    ]);
  });

  it("gives one row per scalar of a list of scalars", () => {
    expect(stack([{ id: 1, codes: ["CH", "DE", null] }])).toEqual([
      { id: 1, codes: "CH" },
      { id: 1, codes: "DE" },
      { id: 1, codes: null },
    ]);
  });

  it("flattens an object inside a list element recursively", () => {
    expect(stack([{ id: 1, brands: [{ id: 2, company: { id: 3, country: { code: "CH" } } }] }])).toEqual([
      { id: 1, brands_id: 2, brands_company_id: 3, brands_company_country_code: "CH" },
    ]);
  });

  it("stacks lists inside list elements and inside nested objects", () => {
    expect(
      stack([
        {
          id: 1,
          groups: [
            { g: "a", items: [1, 2] },
            { g: "b", items: [] },
          ],
          meta: { tags: ["t", "u"] },
        },
      ]),
    ).toEqual([
      { id: 1, groups_g: "a", groups_items: 1, meta_tags: "t" },
      { id: 1, groups_g: "a", groups_items: 1, meta_tags: "u" },
      { id: 1, groups_g: "a", groups_items: 2, meta_tags: "t" },
      { id: 1, groups_g: "a", groups_items: 2, meta_tags: "u" },
      { id: 1, groups_g: "b", meta_tags: "t" },
      { id: 1, groups_g: "b", meta_tags: "u" },
    ]);
  });

  it("stacks a list of lists into its scalars", () => {
    expect(stack([{ id: 1, m: [[1, 2], [3]] }])).toEqual([
      { id: 1, m: 1 },
      { id: 1, m: 2 },
      { id: 1, m: 3 },
    ]);
  });

  it("flattens nested objects as without stacking, and keeps record order", () => {
    expect(stack([{ id: 1, sector: { id: 9 } }, { id: 2, tags: ["a", "b"] }, { id: 3 }])).toEqual([
      { id: 1, sector_id: 9 },
      { id: 2, tags: "a" },
      { id: 2, tags: "b" },
      { id: 3 },
    ]);
  });

  it("applies the global prefix to an include as a whole, lists inside it too", () => {
    expect(stack([{ brand_id: 1, brand: { id: 1, tags: ["x", "y"] }, audiences: [{ id: 4 }] }], true)).toEqual([
      { brand_id: 1, global_brand_id: 1, global_brand_tags: "x", audiences_id: 4 },
      { brand_id: 1, global_brand_id: 1, global_brand_tags: "y", audiences_id: 4 },
    ]);
  });

  it("never modifies the records", () => {
    const record = { id: 1, a: [{ x: 1 }, { x: 2 }] };
    const copy = structuredClone(record);
    stack([record]);
    expect(record).toEqual(copy);
  });
});
