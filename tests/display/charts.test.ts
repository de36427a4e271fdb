import { barChart, lineChart, scatterChart, showChart } from "../../src/display";

const rows = [
  { brand: "Lego", relevance: 61.2, esteem: 40, year: 2024, extra: "x" },
  { brand: "Dove", relevance: Number.NaN, esteem: 35, year: 2024, extra: "y" },
];

describe("chart specs", () => {
  test("barChart: horizontal, sorted by value, value labels, only the plotted fields in the data", () => {
    const spec = barChart(rows, { category: "brand", value: "relevance", title: "Relevance" }) as any;
    expect(spec.data.values).toEqual([
      { brand: "Lego", relevance: 61.2 },
      { brand: "Dove", relevance: null },
    ]);
    expect(spec.encoding.y).toMatchObject({ field: "brand", type: "nominal", sort: { field: "relevance", order: "descending" } });
    expect(spec.encoding.x).toMatchObject({ field: "relevance", type: "quantitative" });
    expect(spec.layer.map((layer: any) => layer.mark.type)).toEqual(["bar", "text"]);
    expect(spec.title).toEqual({ text: "Relevance" });
    expect(spec.height).toEqual({ step: 20 });
  });

  test("barChart: grouped bars by a color field, vertical on request", () => {
    const spec = barChart(rows, { category: "brand", value: "esteem", color: "year", horizontal: false, sort: "none" }) as any;
    expect(spec.encoding.x).toMatchObject({ field: "brand", sort: null });
    expect(spec.encoding.xOffset).toEqual({ field: "year", type: "nominal" });
    expect(spec.encoding.color).toEqual({ field: "year", type: "nominal", title: "year" });
    expect(spec.layer).toHaveLength(1);
  });

  test("scatterChart: explicit nice domains; labels only on rows with a label, placed, with highlighted points", () => {
    const spec = scatterChart(rows, { x: "relevance", y: "esteem", label: "brand", subtitle: "ignored without a title" }) as any;
    expect(spec.title).toBeUndefined();
    expect(spec.encoding.x.scale).toEqual({ domain: [54, 68], nice: false, zero: false }); // one value: ±10 %, rounded
    expect(spec.encoding.y.scale).toEqual({ domain: [35, 40], nice: false, zero: false });
    expect(spec.layer.map((layer: any) => layer.mark.type)).toEqual(["point", "rule", "text"]);
    // Dove's relevance is missing (NaN → null); what is drawn for it is tested on the SVG (renderSvg.test.ts)
    expect(spec.data.values[1]).toMatchObject({ brand: "Dove", relevance: null });
  });

  test("scatterChart without labels: one layer, zero on request", () => {
    const spec = scatterChart(rows, { x: "relevance", y: "esteem", zero: true }) as any;
    expect(spec.layer).toHaveLength(1);
    expect(spec.encoding.y.scale.domain).toEqual([0, 40]);
  });

  test("lineChart: one line per series, years as ordinal labels", () => {
    const spec = lineChart(rows, { x: "year", y: "esteem", series: "brand", title: "Esteem", subtitle: "by year" }) as any;
    expect(spec.mark).toMatchObject({ type: "line", point: true });
    expect(spec.encoding.x).toMatchObject({ field: "year", type: "ordinal" });
    expect(spec.encoding.color).toMatchObject({ field: "brand" });
    expect(spec.title).toEqual({ text: "Esteem", subtitle: "by year" });
  });

  test("a field that is not in the data is named with the fields there are", () => {
    expect(() => barChart(rows, { category: "brand_name", value: "relevance" })).toThrow(
      /^category: no field "brand_name" in the chart data; fields: brand, relevance/,
    );
    // a field read but not drawn (the repeated bars' detail), and one of a tooltip's, by their option's name
    expect(() => barChart(rows, { category: "brand", value: "relevance", detail: "nope" })).toThrow(/^detail: no field "nope"/);
    expect(() => scatterChart(rows, { x: "relevance", y: "esteem", tooltip: ["year", "bb"] })).toThrow(/^tooltip: no field "bb"/);
  });

  test("options it does not take, a value it cannot draw with or a field it needs left out: a ValidationError naming the option", () => {
    // @ts-expect-error value left out
    expect(() => barChart(rows, { category: "brand" })).toThrow(/^value: barChart needs it: a field \(column\) name$/);
    // @ts-expect-error no options
    expect(() => barChart(rows)).toThrow(/^options: barChart takes an object of options with category and value, got undefined$/);
    // @ts-expect-error y left out
    expect(() => scatterChart(rows, { x: "relevance" })).toThrow(/^y: scatterChart needs it/);
    // @ts-expect-error a sort not allowed
    expect(() => barChart(rows, { category: "brand", value: "esteem", sort: "desc" })).toThrow(
      /^sort: must be "descending", "ascending" or "none", got "desc"$/,
    );
    // @ts-expect-error an xType not allowed
    expect(() => lineChart(rows, { x: "year", y: "esteem", xType: "time" })).toThrow(
      /^xType: must be "ordinal", "quantitative" or "temporal", got "time"$/,
    );
    expect(() => lineChart(rows, { x: "year", y: "esteem", width: -5 })).toThrow(/^width: must be a number of pixels above 0, got -5$/);
    expect(() => barChart(rows, { category: "brand", value: "esteem", format: "%%zz" })).toThrow(/^format: must be a d3-format text/);
    expect(barChart(rows, { category: "brand", value: "esteem", format: ",.0f" })).toBeDefined();
    // @ts-expect-error a misspelt option
    expect(() => barChart(rows, { category: "brand", value: "esteem", titel: "x" })).toThrow(
      /^titel: is not an option of barChart \(did you mean title\?\); allowed: title, /,
    );
  });

  test("showChart's options are checked before anything is drawn", async () => {
    const spec = barChart(rows, { category: "brand", value: "esteem" });
    // @ts-expect-error a misspelt option
    await expect(showChart(spec, { saveto: "out/x.svg" })).rejects.toThrow(
      /^saveto: is not an option of showChart \(did you mean saveTo\?\)/,
    );
    // @ts-expect-error a path where the options go
    await expect(showChart(spec, "out/y.svg")).rejects.toThrow(/^options: showChart takes an object of options, got "out\/y\.svg"/);
    await expect(showChart(spec, { saveTo: "" })).rejects.toThrow(/^saveTo: must be a file path/);
  });
});
