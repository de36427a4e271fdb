import { toColumnTable } from "../../src/frame/finishTable";
import type { ColumnTable } from "../../src/table/types";
import type { JsonRecord, ShapeOptions } from "../../src/table/types";
import { FrameBuilder, flattenRecords } from "../../src/rows/rowShape";

/** The table as { column: [dtype, values] }, in column order, for literal comparisons. */
function byColumn(table: ColumnTable): Array<[string, string, unknown[]]> {
  return table.columns.map((name, c) => [name, table.dtypes[c], table.data[c]]);
}

describe("toColumnTable", () => {
  it("gives zero columns and zero rows for no rows", () => {
    expect(toColumnTable([])).toEqual({ columns: [], data: [], dtypes: [], rowCount: 0 });
  });

  it("orders columns by first appearance and fills a missing key with null", () => {
    const table = toColumnTable([
      { a: "x", b: "y" },
      { a: "z", c: "w" },
      { d: true, b: "v" },
    ]);
    expect(byColumn(table)).toEqual([
      ["a", "string", ["x", "z", null]],
      ["b", "string", ["y", null, "v"]],
      ["c", "string", [null, "w", null]],
      ["d", "boolean", [null, null, true]],
    ]);
    expect(table.rowCount).toBe(3);
  });

  it("places values by key when records list their keys in different orders", () => {
    const table = toColumnTable([
      { id: 1, name: "a", score: 1.5 },
      { score: 2.5, id: 2, name: "b" },
      { name: "c", score: 3.5, id: 3 },
    ]);
    expect(byColumn(table)).toEqual([
      ["id", "int32", [1, 2, 3]],
      ["name", "string", ["a", "b", "c"]],
      ["score", "float32", [1.5, 2.5, 3.5]],
    ]);
  });

  it("drops columns that are null, undefined or absent in every row", () => {
    const table = toColumnTable([
      { a: null, b: 1, c: undefined },
      { a: null, b: 2, d: null },
    ]);
    expect(table.columns).toEqual(["b"]);
    expect(table.data).toEqual([[1, 2]]);
  });

  it("keeps rows whose every column was dropped", () => {
    expect(toColumnTable([{ a: null }, { a: null }])).toEqual({ columns: [], data: [], dtypes: [], rowCount: 2 });
  });

  it("makes a column of numeric strings numbers", () => {
    const table = toColumnTable([
      { share: "47.3", rank: "-2", big: "1e3", count: "12" },
      { share: "0.5", rank: "3", big: "2.5E2", count: 4 },
    ]);
    expect(byColumn(table)).toEqual([
      ["share", "float32", [47.3, 0.5]],
      ["rank", "int32", [-2, 3]],
      ["big", "int32", [1000, 250]],
      ["count", "int32", [12, 4]],
    ]);
  });

  it("keeps strings when one value is not a plain decimal", () => {
    const table = toColumnTable([
      { code: "007", hex: "0x10", blank: "", inf: "Infinity", text: "12" },
      { code: "12", hex: "16", blank: "1", inf: "1", text: "n/a" },
    ]);
    expect(byColumn(table)).toEqual([
      ["code", "string", ["007", "12"]],
      ["hex", "string", ["0x10", "16"]],
      ["blank", "string", ["", "1"]],
      ["inf", "string", ["Infinity", "1"]],
      ["text", "string", ["12", "n/a"]],
    ]);
  });

  it("keeps an int column int32, and makes it float32 with NaN when a value is missing", () => {
    const table = toColumnTable([
      { n: 1, m: 1, flag: 0 },
      { n: 2, m: null, flag: 1 },
      { n: -3, flag: 1 },
    ]);
    expect(byColumn(table)).toEqual([
      ["n", "int32", [1, 2, -3]],
      ["m", "float32", [1, NaN, NaN]],
      ["flag", "int32", [0, 1, 1]],
    ]);
  });

  it("uses float32 beyond int32 and keeps large ids exact", () => {
    const big = 2 ** 40 + 1;
    const table = toColumnTable([
      { id: big, x: 2147483647, y: 2147483648 },
      { id: big + 2, x: -2147483648, y: 0 },
    ]);
    expect(byColumn(table)).toEqual([
      ["id", "float32", [big, big + 2]],
      ["x", "int32", [2147483647, -2147483648]],
      ["y", "float32", [2147483648, 0]],
    ]);
  });

  it("keeps booleans booleans, missing ones null", () => {
    const table = toColumnTable([{ ok: true }, { ok: false }, { ok: null }]);
    expect(byColumn(table)).toEqual([["ok", "boolean", [true, false, null]]]);
  });

  it("writes numbers and booleans as text in a column that also holds text", () => {
    const table = toColumnTable([{ v: "n/a" }, { v: 12 }, { v: true }, { v: null }, { v: 1.5 }]);
    expect(byColumn(table)).toEqual([["v", "string", ["n/a", "12", "true", null, "1.5"]]]);
  });

  it("writes lists and objects kept as cell values as JSON text", () => {
    const table = toColumnTable([
      { tags: ["a", "b"], meta: { x: 1 } },
      { tags: null, meta: "plain" },
      { tags: [], meta: 2 },
    ]);
    expect(byColumn(table)).toEqual([
      ["tags", "string", ['["a","b"]', null, "[]"]],
      ["meta", "string", ['{"x":1}', "plain", "2"]],
    ]);
  });

  it("gives every column rowCount cells, without holes", () => {
    const table = toColumnTable([{ a: 1 }, { b: "x" }, {}, { a: 2 }]);
    for (const cells of table.data) {
      expect(cells).toHaveLength(4);
      expect(Object.keys(cells)).toHaveLength(4);
    }
  });
});

describe("FrameBuilder (records gathered into chunks) equals flattenRecords + toColumnTable", () => {
  const recordsToTable = (records: JsonRecord[], options: ShapeOptions) => {
    const builder = new FrameBuilder(options);
    builder.add(records);
    return builder.toTable();
  };
  const cases: Array<[string, JsonRecord[], { stackData?: boolean; globalPrefix?: boolean }]> = [
    ["flat", [{ a: 1, b: "x" }, { b: "y", a: 2 }, { c: null }], {}],
    ["nested first, middle and last", [{ s: { id: 1 }, a: 1 }, { a: 2, s: { id: 2 }, b: 3 }, { a: 3, b: 4, s: { id: 3 } }, { a: 4 }], {}],
    ["new columns before a nested value", [{ a: 1 }, { z: 9, y: 8, s: { id: 1 } }, { a: 2, z: 1 }], {}],
    [
      "lists unstacked",
      [
        { a: 1, l: [1, 2] },
        { a: 2, l: [] },
      ],
      {},
    ],
    ["stacked", [{ a: 1, l: [{ x: 1 }, { x: 2 }], m: ["p", "q"] }, { a: 2, l: [] }, { a: 3 }], { stackData: true }],
    ["global prefix", [{ brand_id: 1, brand: { id: 1, name: "n" }, year: { year: 2024 } }, { brand_id: 2 }], { globalPrefix: true }],
    [
      "global prefix decided per record",
      [
        { brand: { id: 1 }, brand_id: 1 },
        { brand: { id: 2 }, brand_name: "x" },
        { brand: { id: 3 }, brand_x: { id: 9 } },
        { brand_id: null, brand: { id: 4 } },
        { brand: { id: 5 }, brand_id: { id: 5 } },
      ],
      { globalPrefix: true },
    ],
    [
      "nested keys in changing orders and parents",
      [
        { s: { a: 1, b: 2 }, t: { a: 3 } },
        { s: { b: 4, a: 5 }, t: { a: 6 } },
        { t: { a: 7 }, s: { a: 8 } },
        { s: { a: { deep: 1 } }, t: null },
      ],
      {},
    ],
    [
      "lists inside nested objects, unstacked",
      [
        { id: 1, s: { tags: ["a"], x: { l: [1] } } },
        { id: 2, s: {} },
      ],
      {},
    ],
    [
      "stacked records with and without lists",
      [
        { id: 1, s: { id: 2, t: { n: "x" } } },
        { id: 2, s: { id: 3, l: [{ z: 1 }, { z: 2 }] } },
        { s: { id: 4 }, id: 3, l: [] },
      ],
      { stackData: true, globalPrefix: true },
    ],
  ];

  it.each(cases)("equals toColumnTable(flattenRecords(...)): %s", (_, records, options) => {
    expect(recordsToTable(records, options)).toEqual(toColumnTable(flattenRecords(records, options)));
  });

  it("gives each column its cells converted", () => {
    const table = recordsToTable([{ a: 1, b: null, c: "2" }, { a: 2, d: true }, { b: null }], {});
    expect(table.columns).toEqual(["a", "c", "d"]);
    expect(table.data).toEqual([
      [1, 2, NaN],
      [2, NaN, NaN],
      [null, true, null],
    ]);
  });

  it("the same over many chunks: records added at once are gathered a stretch at a time", () => {
    // a column that appears late, one text only after the first thousands of rows, one numbers then null, one nested
    const records: JsonRecord[] = Array.from({ length: 4_321 }, (_, row) => ({
      id: row,
      code: row === 3_000 ? "n/a" : String(row),
      ...(row >= 2_500 ? { late: row % 3 === 0 ? null : row / 4 } : {}),
      score: row < 1_000 ? row + 0.5 : null,
      s: { x: row % 2 === 0, y: row === 4_000 ? { deep: [1] } : "t" },
    }));
    expect(recordsToTable(records, {})).toEqual(toColumnTable(flattenRecords(records, {})));
  });

  it("the same over many chunks of stacked records, more rows a record after the first stretch than in it", () => {
    const records: JsonRecord[] = Array.from({ length: 2_500 }, (_, row) => ({
      id: row,
      l: Array.from({ length: row < 1_000 ? 1 : (row % 4) + 1 }, (_, at) => ({ at, x: row * at })),
      ...(row % 7 === 0 ? { m: [] } : {}),
    }));
    expect(recordsToTable(records, { stackData: true })).toEqual(toColumnTable(flattenRecords(records, { stackData: true })));
  });
});
