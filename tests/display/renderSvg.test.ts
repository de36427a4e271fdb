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
  test("a bar chart: one rect path per bar, the brand names, value labels and title", async () => {
    const svg = await renderSvg(barChart(rows, { category: "brand", value: "relevance", title: "Relevance" }));
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg).toMatch(/class="mark-rect role-mark layer_0_marks"/);
    const shown = texts(svg);
    expect(shown).toEqual(expect.arrayContaining(["Lego", "Ben &amp; Jerry's", "Dove", "61.3", "48.5", "33.0", "Relevance", "relevance"]));
    const bars = svg.match(/<g class="mark-rect role-mark layer_0_marks"[^>]*>(.*?)<\/g>/)?.[1] ?? "";
    expect(bars.match(/<path /g)).toHaveLength(3);
  });

  test("a scatter chart with labels and a line chart render their marks", async () => {
    const scatter = await renderSvg(scatterChart(rows, { x: "relevance", y: "esteem", label: "brand" }));
    expect(scatter).toContain("mark-symbol");
    expect(texts(scatter)).toEqual(expect.arrayContaining(["Lego", "Dove"]));
    const line = await renderSvg(lineChart([{ year: 2023, v: 1, b: "A" }, { year: 2024, v: 2, b: "A" }], { x: "year", y: "v", series: "b" }));
    expect(line).toContain("mark-line");
    expect(texts(line)).toEqual(expect.arrayContaining(["2023", "2024", "A"]));
  });
});
