// Exports of records are gathered as a frame of the same records is (one row gatherer): the same
// header and cells, whatever order each record's keys arrive in.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { writeCSV, writeJSON, writeNDJSON, writeParquet } from "../../src/export";
import { recordsToFrame } from "../../src/rows/rowShape";
import type { JsonRecord } from "../../src/table/types";
import { captureWarnings } from "../client/fixture";
import { tempFolder } from "../helpers/tempFolder";

const dir = tempFolder("fountframe-gathered-");
const file = (name: string) => join(dir, name);

/** One brandscape-data page: includes prefixed `global_`, a list to stack, keys in three orders. */
const RECORDS: JsonRecord[] = [
  { id: 1, brand: { id: 10, name: "Swatch" }, brand_name: "Swatch (CH)", score: 80, categories: [{ id: 5 }, { id: 6 }] },
  { categories: [{ id: 7 }], score: 70, brand_name: "Rolex (CH)", brand: { name: "Rolex", id: 11 }, id: 2 },
  { score: null, id: 3, note: "only here", categories: [], brand: { id: 12, name: "Omega" }, brand_name: "Omega (CH)" },
];
const SHAPE = { endpoint: "brandscape-data", stackData: true } as const;

async function* onePage(): AsyncGenerator<{ records: JsonRecord[]; endpoint: string }> {
  yield { records: RECORDS, endpoint: "brandscape-data" };
}

function frameCsvRows(frame: Awaited<ReturnType<typeof recordsToFrame>>): string[][] {
  const values = frame.values as unknown[][];
  return values.map((row) => row.map((cell) => (cell === null || cell === undefined || Number.isNaN(cell) ? "" : String(cell))));
}

test("a CSV of a page has the frame's header and cells: stacked lists, global_ includes, keys in any order", async () => {
  const frame = await recordsToFrame(RECORDS, SHAPE);
  const summary = await writeCSV(onePage(), file("page.csv"), { stackData: true });
  expect(summary.columns).toEqual(frame.columns);
  expect(frame.columns).toEqual(["id", "global_brand_id", "global_brand_name", "brand_name", "score", "categories_id", "note"]);
  const [header, ...rows] = parse(readFileSync(file("page.csv"))) as string[][];
  expect(header).toEqual(frame.columns);
  expect(rows).toEqual(frameCsvRows(frame));
  expect(rows.map((row) => row[0])).toEqual(["1", "1", "2", "3"]);
});

test("NDJSON and JSON lines list their keys in one order, the CSV header's; a key a record lacks stays absent, a null stays null", async () => {
  await writeNDJSON(onePage(), file("page.ndjson"), { stackData: true });
  const lines = readFileSync(file("page.ndjson"), "utf8").trimEnd().split("\n");
  const objects = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  const header = ["id", "global_brand_id", "global_brand_name", "brand_name", "score", "categories_id", "note"];
  for (const object of objects) expect(Object.keys(object)).toEqual(header.filter((column) => column in object));
  expect(lines[2]).toBe('{"id":2,"global_brand_id":11,"global_brand_name":"Rolex","brand_name":"Rolex (CH)","score":70,"categories_id":7}');
  expect(lines[3]).toBe(
    '{"id":3,"global_brand_id":12,"global_brand_name":"Omega","brand_name":"Omega (CH)","score":null,"note":"only here"}',
  );
  await writeJSON(onePage(), file("page.json"), { stackData: true });
  expect(readFileSync(file("page.json"), "utf8")).toBe(`[\n${lines.join(",\n")}\n]\n`);
});

test("a later key keeps its place after the keys met before it, on every line", async () => {
  async function* pages() {
    yield { records: [{ id: 1, name: "a" }] };
    yield { records: [{ late: "x", name: "b", id: 2 }] };
  }
  await writeNDJSON(pages(), file("late.ndjson"));
  expect(readFileSync(file("late.ndjson"), "utf8")).toBe('{"id":1,"name":"a"}\n{"id":2,"name":"b","late":"x"}\n');
});

test("Parquet with a fixed header counts each row that brought a left-out column once", async () => {
  async function* pages() {
    yield {
      records: [
        { id: 1, extra: "a" },
        { id: 2, extra: "b" },
      ],
    };
    yield { records: [{ id: 3, extra: "c" }] };
  }
  const { result, warnings } = await captureWarnings(() =>
    writeParquet(pages(), file("fixed.parquet"), { columns: ["id"], onNewColumns: "warn", batchRows: 2 }),
  );
  expect(result.droppedColumns).toEqual(["extra"]);
  expect(warnings.map((warning) => warning.message)).toEqual([expect.stringContaining("extra (3 rows)")]);
});

test("a list cell is its JSON text in JSON and NDJSON from records and pages, as the frame holds it", async () => {
  const records: JsonRecord[] = [
    { id: 1, tags: [1, { x: 1 }], none: [] },
    { id: 2, tags: ["a"], none: [] },
  ];
  const frame = await recordsToFrame(records);
  const held = (frame.values as unknown[][]).map((row) => Object.fromEntries(frame.columns.map((column, c) => [column, row[c]])));
  expect(held[0]).toEqual({ id: 1, tags: '[1,{"x":1}]', none: "[]" });
  async function* pages() {
    yield { records: records.slice(0, 1) };
    yield { records: records.slice(1) };
  }
  for (const [name, source] of [
    ["records", records],
    ["pages", pages()],
    ["frame", frame],
  ] as const) {
    await writeNDJSON(source, file(`lists-${name}.ndjson`));
    const lines = readFileSync(file(`lists-${name}.ndjson`), "utf8")
      .trimEnd()
      .split("\n");
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual(held);
  }
  await writeJSON(records, file("lists.json"));
  expect(JSON.parse(readFileSync(file("lists.json"), "utf8"))).toEqual(held);
});
