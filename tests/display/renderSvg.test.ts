import { barChart, lineChart, renderSvg, scatterChart } from "../../src/display";

const rows = [
  { brand: "Lego", relevance: 61.25, esteem: 40 },
  { brand: "Ben & Jerry's", relevance: 48.5, esteem: 52 },
  { brand: "Dove", relevance: 33, esteem: 35 },
];

/** The text of every <text> element. */
function texts(svg: string): string[] {
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]);
}

describe("renderSvg", () => {
  test("a character XML cannot hold (a control character in a label or title) is drawn as U+FFFD", async () => {
    const labelled = [
      { brand: "Brand\u0001One", relevance: 1 },
      { brand: "Two\uD800", relevance: 2 },
    ];
    const svg = await renderSvg(barChart(labelled, { category: "brand", value: "relevance", title: "Title\u0008" }));
    // eslint-disable-next-line no-control-regex -- the control characters are what it finds
    expect(svg).not.toMatch(/[\x00-\x08\x0B\x0C\x0E-\x1F]|[\uD800-\uDFFF]/);
    expect(texts(svg)).toEqual(expect.arrayContaining(["Brand\uFFFDOne", "Two\uFFFD", "Title\uFFFD"]));
  });

  test("a bar chart: one rect path per bar, the brand names, value labels and title", async () => {
    const svg = await renderSvg(barChart(rows, { category: "brand", value: "relevance", title: "Relevance" }));
    expect(svg.startsWith("<svg")).toBe(true);
    const shown = texts(svg);
    expect(shown).toEqual(expect.arrayContaining(["Lego", "Ben &amp; Jerry's", "Dove", "61.3", "48.5", "33.0", "Relevance", "relevance"]));
    // the bars as the SVG describes them to a screen reader: one per brand, with its value
    const bars = [...svg.matchAll(/<path aria-label="([^"]*)" role="graphics-symbol" aria-roledescription="bar"/g)].map(
      (match) => match[1],
    );
    expect(bars.sort()).toEqual([
      "relevance: 33; brand: Dove",
      "relevance: 48.5; brand: Ben &amp; Jerry's",
      "relevance: 61.25; brand: Lego",
    ]);
  });

  test("a scatter chart labels the points it draws, and draws no point or label for a missing value", async () => {
    const withGap = rows.map((row) => (row.brand === "Dove" ? { ...row, relevance: Number.NaN } : row));
    const shown = texts(await renderSvg(scatterChart(withGap, { x: "relevance", y: "esteem", label: "brand" })));
    expect(shown).toEqual(expect.arrayContaining(["Lego", "Ben &amp; Jerry's"]));
    expect(shown).not.toContain("Dove");
  });

  test("a scatter chart with labels and a line chart render their marks", async () => {
    const scatter = await renderSvg(scatterChart(rows, { x: "relevance", y: "esteem", label: "brand" }));
    expect(scatter).toContain("mark-symbol");
    expect(texts(scatter)).toEqual(expect.arrayContaining(["Lego", "Dove"]));
    const line = await renderSvg(
      lineChart(
        [
          { year: 2023, v: 1, b: "A" },
          { year: 2024, v: 2, b: "A" },
        ],
        { x: "year", y: "v", series: "b" },
      ),
    );
    expect(line).toContain("mark-line");
    expect(texts(line)).toEqual(expect.arrayContaining(["2023", "2024", "A"]));
  });
});
