// A bar chart draws every row: a repeated category is never summed into one bar, and its rows are labelled apart.
import { barChart, lineChart, renderSvg, scatterChart } from "../../src/display";

const rows = [
  { brand_name: "Ryanair", category_name: "Airlines", change: 13.8 },
  { brand_name: "Ryanair", category_name: "Travel", change: 14.4 },
  { brand_name: "Lego", category_name: "Toys", change: 9.1 },
];

/** The bars of a rendered chart, as vega writes them: one aria-labelled mark each. */
const bars = (svg: string) => svg.match(/aria-roledescription="bar"/g) ?? [];
const labelsIn = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]);

test("a repeated category is drawn once per row, labelled by what tells the rows apart", async () => {
  const spec = barChart(rows, { category: "brand_name", value: "change" });
  const svg = await renderSvg(spec);
  expect(bars(svg)).toHaveLength(3);
  const labels = labelsIn(svg);
  expect(labels).toEqual(expect.arrayContaining(["Ryanair · Travel", "Ryanair · Airlines", "Lego", "14.4", "13.8", "9.1"]));
  expect(labels).not.toContain("28.2");
  // ranked by each row's own value: no merged bar of 28.2 comes first
  expect(labels.indexOf("Ryanair · Travel")).toBeLessThan(labels.indexOf("Ryanair · Airlines"));
});

test("the label's detail can be named, and rows it cannot tell apart are numbered", () => {
  const spec = barChart(rows, { category: "brand_name", value: "change", detail: "change" }) as {
    data: { values: { brand_name: string }[] };
  };
  expect(spec.data.values.map((row) => row.brand_name)).toEqual(["Ryanair · 13.8", "Ryanair · 14.4", "Lego"]);
  const same = barChart([rows[0], rows[0]], { category: "brand_name", value: "change" }) as { data: { values: { brand_name: string }[] } };
  expect(same.data.values.map((row) => row.brand_name)).toEqual(["Ryanair", "Ryanair #2"]);
});

test("grouped bars: a category may appear once per colour without a label change", () => {
  const grouped = [
    { brand_name: "Lego", year: "2023", score: 1 },
    { brand_name: "Lego", year: "2024", score: 2 },
  ];
  const spec = barChart(grouped, { category: "brand_name", value: "score", color: "year" }) as {
    data: { values: { brand_name: string }[] };
  };
  expect(spec.data.values.map((row) => row.brand_name)).toEqual(["Lego", "Lego"]);
});

test("a made label never takes another row's, and a row without its category is a bar of its own", async () => {
  type Spec = { data: { values: { b: string | null }[] } };
  const colliding = [
    { b: "A", category_name: "x", v: 1 },
    { b: "A", category_name: "y", v: 2 },
    { b: "A · x", v: 5 },
  ];
  const spec = barChart(colliding, { category: "b", value: "v" });
  expect((spec as Spec).data.values.map((row) => row.b)).toEqual(["A · x #2", "A · y", "A · x"]);
  expect(bars(await renderSvg(spec))).toHaveLength(3);
  const lacking = [
    { b: "A", v: 1, c: "x" },
    { b: "A", v: 2, c: "y" },
    { v: 3, c: "z" },
  ];
  const labels = (barChart(lacking, { category: "b", value: "v" }) as Spec).data.values.map((row) => row.b);
  expect(new Set(labels).size).toBe(3);
  expect(bars(await renderSvg(barChart(lacking, { category: "b", value: "v" })))).toHaveLength(3);
});

test.each(["brand.name", "brand[0]", "a\\b", "a\\.b", "brand's name", 'size "XL"', "line\u2028break"])(
  "a field named %j is a field, not a path into nested data, in every chart",
  async (name) => {
    const rows = [
      { [name]: "Toyota", "score[c]": 44.3, x: 1 },
      { [name]: "Lego", "score[c]": 12.5, x: 2 },
    ];
    const bar = await renderSvg(barChart(rows, { category: name, value: "score[c]", yTitle: `${name} title` }));
    expect(bars(bar)).toHaveLength(2);
    expect(labelsIn(bar)).toEqual(expect.arrayContaining(["Toyota", "Lego", "44.3", "12.5"]));
    const line = await renderSvg(lineChart(rows, { x: "x", y: "score[c]", series: name, yTitle: `${name} y` }));
    expect(line).not.toContain("undefined");
    const scatter = await renderSvg(scatterChart(rows, { x: "x", y: "score[c]", label: name }));
    expect(labelsIn(scatter)).toEqual(expect.arrayContaining(["Toyota", "Lego"]));
  },
);
