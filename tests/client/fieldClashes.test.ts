import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { captureWarnings, useEmulator } from "./fixture";
import { serveHostilePages } from "../export/hostilePages";
import { FrameBuilder, recordsToFrame, writeCSV, writeParquet } from "../../src";
import { openStore } from "../../src/store";

// Two fields of one record that flatten to one name (`a_b` beside `a: {b}`): the later one's value
// is the cell's on every path, as bavapi's json_normalize keeps it, and the loss is said once.
const env = useEmulator();
let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), "fountframe-clash-"))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const clashWarnings = (warnings: { code?: string; message: string }[]) =>
  warnings.filter((warning) => warning.code === "FOUNTFRAME_FIELD_CLASH").map((warning) => warning.message);

// page 1 is read from its records, pages 2 and 3 by the page decoder: the clash is on 1 and 3
const PAGES = [
  ['{"id":1,"a_b":"top","a":{"b":"nested"}}', '{"id":2,"a_b":"same","a":{"b":"same"}}'],
  ['{"id":3,"a_b":"only top"}', '{"id":4,"a":{"b":"only nested"}}'],
  ['{"id":5,"a":{"b":"nested first"},"a_b":"top last"}', '{"id":6,"a_b":7,"a":{"b":7}}'],
];
const CELLS = ["nested", "same", "only top", "only nested", "top last", "7"];
const serve = () => serveHostilePages(env.emulator, "brands", PAGES).perPage;

test("a frame holds the later field's value and one warning names the column and its rows", async () => {
  const { result, warnings } = await captureWarnings(() => env.client().brands({ perPage: serve() }));
  expect(result.column("a_b").values.map(String)).toEqual(CELLS);
  expect(clashWarnings(warnings)).toEqual([
    expect.stringContaining("brands: two fields of a record flatten to one column name with different values"),
  ]);
  expect(clashWarnings(warnings)[0]).toContain('"a_b" (2 rows)');
});

test("a frame re-made from the cache's kept columns warns again (a pull that warned keeps none)", async () => {
  const client = env.client({ cache: { dir: join(dir, "cache") } });
  const first = await captureWarnings(() => client.brands({ perPage: serve() }));
  const again = await captureWarnings(() => client.brands({ perPage: serve() }));
  expect(clashWarnings(first.warnings)).toHaveLength(1);
  expect(clashWarnings(again.warnings)).toHaveLength(1);
  expect(again.result.column("a_b").values.map(String)).toEqual(CELLS);
});

test("pages() into a writer: the pull's one warning, the same cells", async () => {
  const file = join(dir, "out.csv");
  const { warnings } = await captureWarnings(() => writeCSV(env.client().pages("brands", { perPage: serve() }), file));
  expect(clashWarnings(warnings)).toHaveLength(1);
  const lines = readFileSync(file, "utf8").trim().split(/\r?\n/);
  expect(lines[0]).toBe("id,a_b");
  expect(lines.slice(1).map((line) => line.split(",").slice(1).join(",").replace(/"/g, ""))).toEqual(CELLS);
});

test("records given as they are: recordsToFrame and each kind of writer warn once", async () => {
  const records = PAGES.flat().map((text) => JSON.parse(text) as Record<string, unknown>);
  const frame = await captureWarnings(() => recordsToFrame(records));
  expect(frame.result.column("a_b").values.map(String)).toEqual(CELLS);
  expect(clashWarnings(frame.warnings)).toEqual([expect.stringMatching(/^records: .*"a_b" \(2 rows\)/)]);
  const csv = await captureWarnings(() => writeCSV(records, join(dir, "records.csv")));
  expect(clashWarnings(csv.warnings)).toHaveLength(1);
  const parquet = await captureWarnings(() => writeParquet(records, join(dir, "records.parquet")));
  expect(clashWarnings(parquet.warnings)).toHaveLength(1);
});

test("pages made by the caller ({ records, endpoint }) warn once, as its records do; a pull's pages through the builder warn by their pull", async () => {
  const ownPages = PAGES.map((page) => ({ endpoint: "brands", records: page.map((text) => JSON.parse(text) as Record<string, unknown>) }));
  const built = await captureWarnings(async () => {
    const builder = new FrameBuilder();
    for (const page of ownPages) builder.add(page);
    return builder.toFrame();
  });
  expect(built.result.column("a_b").values.map(String)).toEqual(CELLS);
  expect(clashWarnings(built.warnings)).toEqual([expect.stringContaining('"a_b" (2 rows)')]);
  async function* pages() {
    yield* ownPages;
  }
  const csv = await captureWarnings(() => writeCSV(pages(), join(dir, "own-pages.csv")));
  expect(clashWarnings(csv.warnings)).toHaveLength(1);
  const pulled = await captureWarnings(async () => {
    const builder = new FrameBuilder();
    for await (const page of env.client().pages("brands", { perPage: serve() })) builder.add(page);
    return builder.toFrame();
  });
  expect(clashWarnings(pulled.warnings)).toHaveLength(1);
});

test("two fields that agree, or never meet in one record, give no warning", async () => {
  const pages = [PAGES[1], ['{"id":7,"a_b":"x","a":{"b":"x"}}']];
  const perPage = serveHostilePages(env.emulator, "brands", pages).perPage;
  const { result, warnings } = await captureWarnings(() => env.client().brands({ perPage }));
  expect(result.column("a_b").values).toEqual(["only top", "only nested", "x"]);
  expect(clashWarnings(warnings)).toEqual([]);
});

test("sync stores the same cells and warns once", async () => {
  const store = await openStore(join(dir, "fount.duckdb"));
  try {
    const { warnings } = await captureWarnings(() => env.client().sync(store, "brands", { perPage: serve() }));
    expect(clashWarnings(warnings)).toHaveLength(1);
    const stored = await store.query("SELECT a_b FROM brands ORDER BY id");
    expect(stored.column("a_b").values.map(String)).toEqual(CELLS);
  } finally {
    await store.close();
  }
});
