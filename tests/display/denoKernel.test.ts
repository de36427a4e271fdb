// Deno's Jupyter kernel as fountframe meets it: a `Deno` global whose `jupyter.display` takes a MIME
// bundle (a stand-in here; scripts/run-notebooks.sh runs every notebook in the real kernel). Frames,
// show, showChart and a pull's progress over real HTTP to the emulator.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DataFrame } from "danfojs-node";
import { openStore } from "../../src/store";
import { barChart, notebookDisplay, show, showChart } from "../../src/display";
import { loadDataFrameClass } from "../../src/frame/danfo";
import { installStandInDeno, type StandInDeno } from "../helpers/standInDeno";
import { loadStandInKernel } from "../helpers/standInKernel";
import { useEmulator } from "../client/fixture";

const env = useEmulator();
const JUPYTER_DISPLAY = Symbol.for("Jupyter.display");

/** The bundle a kernel following Deno's convention gets from a value, or undefined when it has no such method. */
function bundleOf(value: object): Record<string, string> | undefined {
  const method: unknown = Reflect.get(value, JUPYTER_DISPLAY);
  return typeof method === "function" ? (method.call(value) as Record<string, string>) : undefined;
}

let deno: StandInDeno | undefined;
afterEach(() => {
  deno?.remove();
  deno = undefined;
});

test("no kernel: not tslab, not Deno, and `deno run` (where reading Deno.jupyter throws) is none either", () => {
  expect(notebookDisplay()).toBeUndefined();
  deno = installStandInDeno({ insideKernel: false });
  expect(notebookDisplay()).toBeUndefined();
});

test("in Deno's kernel show writes one raw MIME bundle: the HTML table and the text table", async () => {
  deno = installStandInDeno();
  expect(notebookDisplay()?.kernel).toBe("deno");
  show([{ brand_name: "<Lego>", relevance: 61.25 }], { caption: "Top" });
  expect(deno.displayed).toHaveLength(1);
  const [{ bundle, options }] = deno.displayed;
  expect(options).toEqual({ raw: true, update: false });
  expect(Object.keys(bundle).sort()).toEqual(["text/html", "text/plain"]);
  expect(bundle["text/html"]).toContain(">&lt;Lego&gt;</td>");
  expect(bundle["text/plain"]).toMatch(/relevance\n0 +<Lego> +61\.25/);
});

test("in Deno's kernel showChart writes the Vega-Lite spec, and the SVG as an image and inline in HTML", async () => {
  deno = installStandInDeno();
  const spec = barChart([{ brand: "A", value: 2 }], { category: "brand", value: "value", title: "T" });
  await showChart(spec);
  expect(deno.displayed).toHaveLength(1);
  const { bundle } = deno.displayed[0];
  expect(Object.keys(bundle).sort()).toEqual(["application/vnd.vegalite.v5+json", "image/svg+xml", "text/html", "text/plain"]);
  expect(bundle["application/vnd.vegalite.v5+json"]).toEqual(spec);
  expect(bundle["image/svg+xml"]).toMatch(/^<svg[^>]*class="marks"/);
  expect(bundle["text/html"]).toContain(bundle["image/svg+xml"]);
  expect(bundle["text/plain"]).toBe('[chart "T"]');
});

test("tslab's kernel is asked first: in a process that has both, tslab's writer is the one used", () => {
  deno = installStandInDeno();
  const kernel = loadStandInKernel();
  try {
    kernel.runCell();
    expect(notebookDisplay()?.kernel).toBe("tslab");
    kernel.endCell();
    expect(notebookDisplay()?.kernel).toBe("deno");
  } finally {
    kernel.unload();
  }
});

test("in Deno's kernel a pull's progress is one output, replaced in place; verbose: false shows nothing", async () => {
  deno = installStandInDeno();
  await env.client({ verbose: true }).rawQuery("brands", { perPage: 5 });
  const calls = [...deno.displayed];
  expect(calls.length).toBeGreaterThanOrEqual(1);
  const ids = new Set(calls.map(({ options }) => options.display_id));
  expect(ids.size).toBe(1);
  expect([...ids][0]).toMatch(/^[0-9a-f]{16}$/);
  expect(calls.map(({ options }) => options.update)).toEqual([false, ...calls.slice(1).map(() => true)]);
  expect(calls.every(({ options }) => options.raw)).toBe(true);
  expect(calls[calls.length - 1].bundle).toEqual({
    "text/plain": expect.stringMatching(/^brands: (\d+)\/\1 pages, \d+ rows in [\d.]+ s$/),
  });

  deno.displayed.length = 0;
  await env.client({ verbose: false }).rawQuery("brands", { perPage: 5 });
  expect(deno.displayed).toEqual([]);
});

describe("a danfo frame as a cell's last value", () => {
  beforeAll(() => loadDataFrameClass(), 60_000);

  test("answers Symbol.for('Jupyter.display') with the table show draws, also for frames danfo's own methods make", () => {
    const frame = new DataFrame({ brand_name: ["Lego", "<Dove>", "Nike"], relevance: [61.25, 33, 40] });
    for (const value of [frame, frame.head(2), frame.sortValues("relevance")]) {
      const bundle = bundleOf(value)!;
      expect(bundle["text/html"]).toMatch(/^<table/);
      expect(bundle["text/html"]).toContain(">&lt;Dove&gt;</td>");
      expect(bundle["text/plain"]).toContain("brand_name");
    }
  });

  test("a series (a frame's column) answers it too, as a one-column table", () => {
    const frame = new DataFrame({ brand_name: ["Lego", "<Dove>"], relevance: [61.25, 33] });
    const bundle = bundleOf(frame["relevance"])!;
    expect(bundle["text/html"]).toContain(">relevance</th>");
    expect(bundle["text/html"]).toContain(">61.25</td>");
    expect(bundle["text/html"]).not.toContain("brand_name");
  });

  test("the method is invisible to the frame's data: not a key, not in a spread", () => {
    const frame = new DataFrame({ a: [1] });
    expect(Object.keys(frame)).not.toContain(JUPYTER_DISPLAY);
    expect(Object.getOwnPropertySymbols({ ...frame })).not.toContain(JUPYTER_DISPLAY);
    expect(Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Object.getPrototypeOf(frame)), JUPYTER_DISPLAY)?.enumerable).toBe(false);
  });
});

describe("a tool result and a sync report as a cell's last value", () => {
  test("a tool result answers with its metadata and its rows as show draws them; its keys stay frame and meta", async () => {
    const result = await env.client().tools.brandWorthMap({ brands: [1, 2], studies: 470 });
    const bundle = bundleOf(result)!;
    expect(bundle["text/html"]).toContain("<caption>meta</caption>");
    expect(bundle["text/html"]).toContain(">brand_name</th>");
    expect(bundle["text/plain"]).toContain("brand_name");
    expect(Object.keys(result)).toEqual(["frame", "meta"]);
    expect(JSON.stringify({ ...result, frame: null })).toBe(JSON.stringify({ frame: null, meta: result.meta }));
  }, 30_000);

  test("a sync report answers with one row per field; spreading and JSON are as before", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fountframe-report-"));
    try {
      await using store = await openStore(join(dir, "fount.duckdb"));
      const report = await env.client().sync(store, "regions", {});
      const bundle = bundleOf(report)!;
      expect(bundle["text/html"]).toContain("<caption>sync report</caption>");
      expect(bundle["text/html"]).toContain(`<th style="text-align:left">added</th><td>${report.added}</td>`);
      expect(bundle["text/plain"]).toMatch(/^sync report\ntable +regions/);
      expect(Object.getOwnPropertySymbols({ ...report })).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
