import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ValidationError } from "../../src/errors";
import { toolsMarkdownTable } from "../../src/tools/describe";
import { shapeToolAnswer, ToolShapeError } from "../../src/tools/shapes";
import { TOOL_BY_METHOD, TOOLS, type ToolSpec } from "../../src/tools/table";
import type { ToolOptions } from "../../src/tools/types";
import { toolWireParams } from "../../src/tools/validate";

const spec = (method: string): ToolSpec => TOOL_BY_METHOD.get(method)!;

describe("toolWireParams", () => {
  test("lists comma-joined, single ids as numbers, wire names, unset parameters left out", () => {
    expect(toolWireParams(spec("partnershipExchangeMap"), { brands: ["1", 2], comparisonBrands: "3, 4", studies: 470 })).toEqual({
      brands: "1,2",
      comparison_brands: "3,4",
      studies: "470",
    });
    expect(
      toolWireParams(spec("costOfEntry"), { brand: "7", study: 470, collections: [9], comparisonName: " Rivals ", audience: undefined }),
    ).toEqual({ brand: 7, study: 470, collections: "9", comparisonName: "Rivals" });
    expect(toolWireParams(spec("toplistMarket"), { brands: 1, studies: 2, metricKeys: "differentiation,relevance" })).toEqual({
      brands: "1",
      studies: "2",
      metric_keys: "differentiation,relevance",
    });
  });

  test("an id in digits beyond what a double holds exactly is refused, not sent rounded", () => {
    expect(() => toolWireParams(spec("brandWorthMap"), { brands: "9999999999999999", studies: 1 })).toThrow(
      /^brands: must be a positive integer id/,
    );
    expect(() => toolWireParams(spec("brandVulnerabilityMap"), { brand: "9007199254740993" })).toThrow(ValidationError);
    expect(toolWireParams(spec("brandVulnerabilityMap"), { brand: "9007199254740991" })).toEqual({ brand: 9007199254740991 });
  });

  test("a text with a lone surrogate is a ValidationError naming it, not encodeURIComponent's URIError", () => {
    const broken = /^comparisonName: holds a lone UTF-16 surrogate/;
    expect(() => toolWireParams(spec("costOfEntry"), { brand: 1, study: 470, categories: 1, comparisonName: "a\uD800" })).toThrow(broken);
    expect(() => toolWireParams(spec("swot"), { brands: 1, studies: 470, categories: 1, comparisonName: "\uDC00b" })).toThrow(broken);
  });

  test("a misspelt parameter is refused with the near name and the allowed ones", () => {
    expect(() => toolWireParams(spec("costOfEntry"), { brnd: 1, study: 470 })).toThrow(
      /^brnd: is not a parameter of costOfEntry \(did you mean brand\?\); allowed: brand, study, /,
    );
  });

  test("messages name the parameter and what it allows", () => {
    const attempt = (method: string, options: unknown) => {
      try {
        toolWireParams(spec(method), options);
      } catch (error) {
        expect(error).toBeInstanceOf(ValidationError);
        return [(error as ValidationError).parameter, (error as Error).message];
      }
      throw new Error("accepted");
    };
    expect(attempt("brandVulnerabilityMap", {})).toEqual([
      "brand",
      "brand: is required by brandVulnerabilityMap: give one positive integer id",
    ]);
    expect(attempt("brandVulnerabilityMap", { brand: 1.5 })).toEqual(["brand", "brand: must be one positive integer id, got 1.5"]);
    expect(attempt("brandWorthMap", { brands: [], studies: 1 })).toEqual([
      "brands",
      "brands: must be a positive integer id, or a list of them, got []",
    ]);
    expect(attempt("brandWorthMap", { brands: 1, studies: 1, brand: 1 })[1]).toBe(
      "brand: is not a parameter of brandWorthMap (did you mean brands?); allowed: brands, studies, audiences",
    );
  });

  test("option types follow the table: required, either-or, single ids", () => {
    const ok: ToolOptions<"costOfEntry"> = { brand: 1, study: 2, categories: [1, 2] };
    // @ts-expect-error both of an either-or pair
    const both: ToolOptions<"costOfEntry"> = { brand: 1, study: 2, categories: 1, collections: 2 };
    // @ts-expect-error neither of a required pair
    const neither: ToolOptions<"swot"> = { brands: 1, studies: 2 };
    // @ts-expect-error a list where the service takes one id
    const list: ToolOptions<"brandPersonalityMatch"> = { brands: [1, 2], studies: 2 };
    const optional: ToolOptions<"archetypes"> = { studies: 1 };
    // the optional audience of tools without an either-or pair (npm run typecheck fails without it)
    const withAudience: Array<ToolOptions<"brandWorthMap" | "lovePlus" | "commitmentFunnel">> = [{ brands: 1, studies: 2, audiences: [3] }];
    const worth: ToolOptions<"categoryWorthMap"> = { categories: 1, studies: 2, audiences: 3 };
    const match: ToolOptions<"brandPersonalityMatch"> = { brands: 1, studies: 2, audiences: 3 };
    expect([ok, both, neither, list, optional, withAudience, worth, match]).toHaveLength(8);
  });
});

describe("shapeToolAnswer", () => {
  test("merged entries: own fields, then the scores; a score named like a field becomes data_<name>", () => {
    const body = { data: [{ id: 1, brand: { id: 4 }, data: { hero: "61.5", id: 9 } }] };
    expect(shapeToolAnswer("mergedEntries", body)).toEqual({
      rows: [{ id: 1, brand: { id: 4 }, hero: "61.5", data_id: 9 }],
      meta: {},
      clashes: new Map(),
    });
  });

  test("metric list: one column per key; metric values: one column per metric's value", () => {
    expect(
      shapeToolAnswer("metricList", {
        data: [
          {
            brand_id: 1,
            metrics: [
              { key: "trial", value: "12.5" },
              { key: "brand_id", value: 3 },
            ],
          },
        ],
      }).rows,
    ).toEqual([{ brand_id: 1, trial: "12.5", metrics_brand_id: 3 }]);
    expect(shapeToolAnswer("metricValues", { data: [{ brand_id: 1, data: { love: { label: "Love", value: 70 } } }] }).rows).toEqual([
      { brand_id: 1, love: 70 },
    ]);
  });

  test("document: metadata fields apart from the data list", () => {
    expect(shapeToolAnswer("document", { data: { title: "T", x_axis: "a", data: [{ id: 1 }] } })).toEqual({
      rows: [{ id: 1 }],
      meta: { title: "T", x_axis: "a" },
      clashes: new Map(),
    });
  });

  test("a key named like Object.prototype's members is a column of its own name, not renamed", () => {
    const metrics = ["toString", "constructor", "__proto__"].map((key, value) => ({ key, value }));
    const { rows, clashes } = shapeToolAnswer("metricList", JSON.parse(JSON.stringify({ data: [{ brand_id: 1, metrics }] })));
    expect(Object.keys(rows[0])).toEqual(["brand_id", "toString", "constructor", "__proto__"]);
    expect(Object.getOwnPropertyDescriptor(rows[0], "__proto__")?.value).toBe(2);
    expect(Object.getPrototypeOf(rows[0])).toBe(Object.prototype);
    const merged = shapeToolAnswer("mergedEntries", JSON.parse('{"data":[{"id":1,"data":{"valueOf":5,"__proto__":6}}]}')).rows[0];
    expect(Object.entries(merged)).toEqual([
      ["id", 1],
      ["valueOf", 5],
      ["__proto__", 6],
    ]);
    expect(clashes.size).toBe(0);
  });

  test('an empty key is a column named "" in every keyed kind alike (metricList, mergedEntries, metricValues)', () => {
    const listed = shapeToolAnswer("metricList", {
      data: [
        {
          brand_id: 1,
          metrics: [
            { key: "", value: 1 },
            { key: "trial", value: 2 },
          ],
        },
      ],
    });
    const merged = shapeToolAnswer("mergedEntries", { data: [{ brand_id: 1, data: { "": 1, trial: 2 } }] });
    const valued = shapeToolAnswer("metricValues", { data: [{ brand_id: 1, data: { "": { value: 1 }, trial: { value: 2 } } }] });
    for (const { rows } of [listed, merged, valued]) expect(rows).toEqual([{ brand_id: 1, "": 1, trial: 2 }]);
  });

  test("a key named like a column the entries' own fields flatten to (brand: {id} is brand_id) is renamed, in every entry alike", () => {
    const merged = shapeToolAnswer("mergedEntries", {
      data: [{ brand: { id: 1, name: "Toyota" }, data: { brand_id: 99, hero: { v: 2 } }, hero_v: "own" }],
    });
    expect(merged.rows).toEqual([{ brand: { id: 1, name: "Toyota" }, hero_v: "own", data_brand_id: 99, data_hero: { v: 2 } }]);
    const values = shapeToolAnswer("metricValues", {
      data: [
        { brand_id: 1, love: null, data: { love: { value: 5 } } },
        { brand_id: 2, data: { love: { value: 6 } } },
      ],
    });
    expect(values.rows).toEqual([
      { brand_id: 1, love: null, data_love: 5 },
      { brand_id: 2, data_love: 6 },
    ]);
    expect([merged.clashes.size, values.clashes.size]).toEqual([0, 0]);
  });

  test("two values of one entry on one name: the later kept and the column counted, once a row; equal values are no clash", () => {
    const repeated = shapeToolAnswer("metricList", {
      data: [
        {
          brand_id: 1,
          metrics: [
            { key: "trial", value: "16.6" },
            { key: "trial", value: "9.1" },
          ],
        },
        {
          brand_id: 2,
          metrics: [
            { key: "trial", value: "3" },
            { key: "trial", value: "3" },
          ],
        },
        { brand_name: "A", metrics_brand_name: "B", metrics: [{ key: "brand_name", value: "C" }] },
      ],
    });
    expect(repeated.rows.map((row) => row.trial ?? row.metrics_brand_name)).toEqual(["9.1", "3", "C"]);
    expect(repeated.clashes).toEqual(
      new Map([
        ["trial", 1],
        ["metrics_brand_name", 1],
      ]),
    );
    const merged = shapeToolAnswer("mergedEntries", { data: [{ scale: "index", data_scale: "own", data: { scale: "score" } }] });
    expect(merged.rows).toEqual([{ scale: "index", data_scale: "score" }]);
    expect(merged.clashes).toEqual(new Map([["data_scale", 1]]));
    const values = shapeToolAnswer("metricValues", { data: [{ love: "own", data_love: "x", data: { love: { value: 14.3 } } }] });
    expect(values.rows).toEqual([{ love: "own", data_love: 14.3 }]);
    expect(values.clashes).toEqual(new Map([["data_love", 1]]));
  });

  test.each([
    ["records", { data: { id: 1 } }, "`data` should be a list of records, got an object"],
    ["records", [], "the response had no `data` member"],
    ["records", { data: [1] }, "`data[0]` should be a record, got number 1"],
    ["document", { data: { data: null } }, "`data.data` should be a list of records, got null"],
    ["mergedEntries", { data: [{ id: 1 }] }, "`data[0].data` should be an object of scores, got nothing"],
    ["metricList", { data: [{ metrics: [{ value: 1 }] }] }, "`data[0].metrics[0]` should be {key, value}, got an object"],
    ["metricValues", { data: [{ data: { love: 5 } }] }, "`data[0].data.love` should be an object with a `value`, got number 5"],
  ] as const)("%s: %j is refused", (kind, body, message) => {
    expect(() => shapeToolAnswer(kind, body)).toThrow(ToolShapeError);
    expect(() => shapeToolAnswer(kind, body)).toThrow(message);
  });
});

// the table moved from the README to docs/guide.md (issue 46: the README under 260 lines); the README links it
test("docs/guide.md's table of the tools is the tool table's", () => {
  const guide = readFileSync(join(__dirname, "../../docs/guide.md"), "utf8");
  expect(guide).toContain(toolsMarkdownTable(TOOLS));
  expect(readFileSync(join(__dirname, "../../README.md"), "utf8")).toContain("(docs/guide.md#tools-one-example-per-response-kind)");
});
