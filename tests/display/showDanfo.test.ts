// The one display test that loads danfo (about 1.4 s): frames as the client returns them.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DataFrame } from "danfojs-node";
import { barChart, frameToHtml, frameToRecords, show, showChart, showHtml } from "../../src/display";
import { loadStandInKernel, type StandInKernel } from "../helpers/standInKernel";

const frame = new DataFrame({ brand_name: ["Lego", "<Dove>"], relevance: [61.25, 33], rank: [1, 2] });

afterEach(() => jest.restoreAllMocks());

test("frameToHtml reads a danfo DataFrame's columns and rows", () => {
  const html = frameToHtml(frame);
  expect(html).toContain(">brand_name</th>");
  expect(html).toContain(">&lt;Dove&gt;</td>");
  expect(html).toContain(">61.25</td>");
  expect(html).toContain("2 rows × 3 columns");
});

test("frameToRecords: one object per row, typed when asked", () => {
  const records = frameToRecords<{ brand_name: string; relevance: number; rank: number }>(frame);
  expect(records).toEqual([
    { brand_name: "Lego", relevance: 61.25, rank: 1 },
    { brand_name: "<Dove>", relevance: 33, rank: 2 },
  ]);
  expect(records[0].brand_name.toUpperCase()).toBe("LEGO");
});

test("chart data from a DataFrame", () => {
  const spec = barChart(frame, { category: "brand_name", value: "relevance" }) as { data: { values: unknown[] } };
  expect(spec.data.values).toEqual([
    { brand_name: "Lego", relevance: 61.25 },
    { brand_name: "<Dove>", relevance: 33 },
  ]);
});

describe("in a tslab kernel (a stand-in of its module, loaded where the kernel's is)", () => {
  let kernel: StandInKernel;
  beforeAll(() => (kernel = loadStandInKernel()));
  afterEach(() => {
    kernel.endCell();
    kernel.written.length = 0;
  });
  afterAll(() => kernel.unload());

  test("in a notebook show() displays HTML, with heat colours when asked", () => {
    kernel.runCell();
    show(frame, { rows: 1, heat: ["relevance"] });
    expect(kernel.written).toHaveLength(1);
    expect(kernel.written[0].update).toBe(false);
    const bundle = kernel.written[0].message.data;
    expect(Object.keys(bundle).sort()).toEqual(["text/html", "text/plain"]);
    expect(bundle["text/plain"]).toMatch(/^ {3}brand_name/);
    const html = bundle["text/html"];
    expect(html).toContain(">Lego</td>");
    expect(html).not.toContain("Dove");
    expect(html).toContain("background-color:rgb(33,113,181)");
  });

  test("in a notebook show() takes the text table's widths too: its plain form is cut to them", async () => {
    kernel.runCell();
    await show(frame, { rows: 1, width: 12, maxWidth: 5 });
    expect(kernel.written).toHaveLength(1);
    const bundle = kernel.written[0].message.data;
    expect(bundle["text/html"]).toContain(">Lego</td>");
    expect(bundle["text/plain"].split("\n")[0].length).toBeLessThanOrEqual(12);
  });

  test("with the kernel loaded but no cell running, show() prints a text table", () => {
    const log = jest.spyOn(console, "log").mockImplementation(() => {});
    show(frame, { caption: "Top brands" });
    showHtml("<b>x</b>");
    expect(log.mock.calls.map((call) => call[0])).toEqual([
      "Top brands",
      ["   brand_name  relevance  rank", "0  Lego            61.25     1", "1  <Dove>          33.00     2", "[2 rows × 3 columns]"].join(
        "\n",
      ),
      "<b>x</b>",
    ]);
  });

  test("showChart renders SVG, hands it to the notebook and can save it; between cells it prints one line", async () => {
    kernel.runCell();
    const saveTo = join(mkdtempSync(join(tmpdir(), "fountframe-chart-")), "charts", "relevance.svg");
    const spec = barChart(frame, { category: "brand_name", value: "relevance", title: "Relevance" });
    await expect(showChart(spec, { saveTo })).resolves.toBeUndefined();
    expect(kernel.written).toHaveLength(1);
    const bundle = kernel.written[0].message.data;
    // JupyterLab and VS Code draw the Vega-Lite form live; static viewers show the SVG
    expect(bundle["application/vnd.vegalite.v5+json"]).toEqual(spec);
    const svg = bundle["image/svg+xml"] as string;
    expect(svg).toMatch(/^<svg /);
    expect(svg).toContain("&lt;Dove&gt;");
    // the HTML form carries the same SVG inline: exporters that strip image/svg+xml render this one
    expect(bundle["text/html"]).toBe(`<div class="fountframe-chart">${svg}</div>`);
    expect(bundle["text/plain"]).toBe('[chart "Relevance"]');
    expect(readFileSync(saveTo, "utf8")).toBe(svg);

    kernel.endCell();
    const log = jest.spyOn(console, "log").mockImplementation(() => {});
    await showChart(spec);
    expect(log.mock.calls[0][0]).toMatch(/^\[chart "Relevance": \d+ characters of SVG\]$/);
  });
});

test("with no tslab kernel in the process, nothing is detected", () => {
  const log = jest.spyOn(console, "log").mockImplementation(() => {});
  show([{ a: 1 }]);
  expect(log).toHaveBeenCalledWith("   a\n0  1\n[1 row × 1 column]");
});
