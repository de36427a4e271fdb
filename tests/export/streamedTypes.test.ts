/**
 * A column's type is the frame's, decided on all its values, whatever page they come on: served
 * over real HTTP from the emulator in three pages, written by every streamed writer from the pages,
 * from the records and from the frame.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { tableFromIPC } from "apache-arrow";
import { writeArrow, writeCSV, writeExcel, writeJSON, writeNDJSON, writeParquet } from "../../src/export";
import type { ExportSource } from "../../src/export/types";
import { recordsToFrame } from "../../src/rows/rowShape";
import { captureWarnings, useEmulator } from "../client/fixture";
import { readSheet } from "./exportFixtures";
import { recordsText, serveHostilePages } from "./hostilePages";

const env = useEmulator();
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "fountframe-streamed-types-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** later_text: numeric text until page 3's "n/a" (a frame: text); null_first: empty on page 1, then numbers (a frame: numbers). */
const PAGES = [
  [
    { id: 1, later_text: "1.50", null_first: null, text_at_once: "3" },
    { id: 2, later_text: "+1", null_first: null, text_at_once: "x" },
  ],
  [
    { id: 3, later_text: "1e5", null_first: "-5" },
    { id: 4, later_text: "-5", null_first: "2.50" },
  ],
  [
    { id: 5, later_text: "n/a", null_first: "1e3" },
    { id: 6, later_text: "2", null_first: 7 },
  ],
];
const RECORDS = PAGES.flat();

function serve(): number {
  return serveHostilePages(
    env.emulator,
    "brands",
    PAGES.map((page) => recordsText(...page)),
  ).perPage;
}
const pull = (perPage: number) => env.client({ retries: 2, onErrors: "raise" }).rawPages("brands", { perPage });
const frame = async () => env.client({ retries: 2, onErrors: "raise" }).brands({ perPage: serve() });

type Writer = (source: ExportSource, path: string) => Promise<unknown>;
const TEXT_WRITERS: [string, Writer][] = [
  ["csv", writeCSV],
  ["ndjson", writeNDJSON],
  ["json", writeJSON],
];

async function written(name: string, write: Writer, source: ExportSource): Promise<string> {
  const path = join(dir, name);
  await write(source, path);
  return readFileSync(path, "utf8");
}

test("the frame: later_text is text, null_first numbers", async () => {
  const pulled = await frame();
  expect(pulled.column("later_text").values).toEqual(["1.50", "+1", "1e5", "-5", "n/a", "2"]);
  expect(pulled.column("null_first").values.slice(2)).toEqual([-5, 2.5, 1000, 7]);
});

/** NDJSON and JSON rows as parsed, a key a record lacks as null (a frame has every column in every row). */
function parsedRows(extension: string, text: string): Record<string, unknown>[] {
  const rows = (
    extension === "json"
      ? JSON.parse(text)
      : text
          .trimEnd()
          .split("\n")
          .map((line) => JSON.parse(line))
  ) as Record<string, unknown>[];
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return rows.map((row) => Object.fromEntries(keys.map((key) => [key, row[key] ?? null])));
}

test.each(TEXT_WRITERS)("%s of the records holds the frame's cells", async (extension, write) => {
  const fromFrame = await written(`frame.${extension}`, write, await frame());
  const { warnings } = await captureWarnings(async () => {
    const fromRecords = await written(`records.${extension}`, write, RECORDS);
    if (extension === "csv") expect(fromRecords).toBe(fromFrame);
    else expect(parsedRows(extension, fromRecords)).toEqual(parsedRows(extension, fromFrame));
  });
  expect(warnings).toEqual([]);
});

test("an array of records is read whole first: a text value past its first 5,000 rows makes the column text from row 1", async () => {
  const many = Array.from({ length: 5_001 }, (_, index) => ({ id: index, share: index === 5_000 ? "n/a" : "1.50" }));
  const { warnings } = await captureWarnings(async () => {
    for (const [extension, write] of TEXT_WRITERS) {
      const fromRecords = await written(`many.${extension}`, write, many);
      const fromFrame = await written(`many-frame.${extension}`, write, await recordsToFrame(many));
      if (extension === "csv") expect(fromRecords).toBe(fromFrame);
      else expect(parsedRows(extension, fromRecords)).toEqual(parsedRows(extension, fromFrame));
      expect(fromRecords).toContain("1.50");
    }
  });
  expect(warnings).toEqual([]);
});

test("CSV of the pages: null_first is numbers as the frame writes them; later_text's earlier cells are warned of", async () => {
  const fromFrame = await written("frame-cmp.csv", writeCSV, await frame());
  const { warnings } = await captureWarnings(async () => written("pages.csv", writeCSV, pull(serve())));
  const pages = readFileSync(join(dir, "pages.csv"), "utf8");
  const column = (text: string, name: string) => {
    const lines = text.trimEnd().split("\n");
    const at = lines[0].split(",").indexOf(name);
    return lines.slice(1).map((line) => line.split(",")[at]);
  };
  expect(column(pages, "null_first")).toEqual(column(fromFrame, "null_first"));
  expect(column(pages, "null_first")).toEqual(["", "", "-5", "2.5", "1000", "7"]);
  expect(column(pages, "text_at_once")).toEqual(["3", "x", "", "", "", ""]);
  // pages 1 and 2 were numbers when written; page 3 made the column text
  expect(column(fromFrame, "later_text")).toEqual(["1.50", "'+1", "1e5", "'-5", "n/a", "2"]);
  expect(column(pages, "later_text")).toEqual(["1.5", "1", "100000", "-5", "n/a", "2"]);
  expect(warnings).toEqual([expect.objectContaining({ code: "FOUNTFRAME_COLUMN_TYPE_CHANGED" })]);
  expect(warnings[0].message).toMatch(/later_text \(4 cells, before rows 5–6\)/);
  expect(warnings[0].message).not.toMatch(/null_first/);
});

test.each([
  ["ndjson", writeNDJSON],
  ["json", writeJSON],
] as const)("%s of the pages: the same rule, the type in the bytes", async (extension, write) => {
  const { warnings } = await captureWarnings(async () => written(`pages.${extension}`, write, pull(serve())));
  const text = readFileSync(join(dir, `pages.${extension}`), "utf8");
  const rows = parsedRows(extension, text);
  expect(rows.map((row) => row.null_first)).toEqual([null, null, -5, 2.5, 1000, 7]);
  expect(rows.map((row) => row.text_at_once)).toEqual(["3", "x", null, null, null, null]);
  expect(rows.map((row) => row.later_text)).toEqual([1.5, 1, 100000, -5, "n/a", "2"]);
  expect(warnings).toHaveLength(1);
  expect(warnings[0].message).toMatch(/later_text \(4 cells, before rows 5–6\)/);
});

test("Excel of the pages and of the records", async () => {
  const { warnings } = await captureWarnings(async () => written("pages.xlsx", writeExcel, pull(serve())));
  const pages = (await readSheet(join(dir, "pages.xlsx"))).rows;
  expect(pages.map((row) => row.null_first)).toEqual([null, null, -5, 2.5, 1000, 7]);
  expect(pages.map((row) => row.later_text)).toEqual([1.5, 1, 100000, -5, "n/a", "2"]);
  expect(warnings[0].message).toMatch(/later_text \(4 cells, before rows 5–6\)/);
  await written("records.xlsx", writeExcel, RECORDS);
  const records = (await readSheet(join(dir, "records.xlsx"))).rows;
  expect(records.map((row) => row.later_text)).toEqual(["1.50", "+1", "1e5", "-5", "n/a", "2"]);
  expect(records.map((row) => row.null_first)).toEqual([null, null, -5, 2.5, 1000, 7]);
});

describe("Parquet and Arrow fix the schema on the first batch", () => {
  test("a later value it cannot hold stops the export, naming the column and the fix", async () => {
    await expect(writeParquet(pull(serve()), join(dir, "pages.parquet"), { batchRows: 2 })).rejects.toThrow(
      /column "later_text" was written as double, but row 5 holds a utf8 value \("n\/a"\); pass types: \{ "later_text": "utf8" \}/,
    );
  });

  test("a column empty in the first rows holding only numeric text later is utf8, with a warning", async () => {
    const only = PAGES.map((page) => page.map(({ id, null_first }) => ({ id, null_first: null_first === 7 ? "7" : null_first })));
    const perPage = serveHostilePages(
      env.emulator,
      "brands",
      only.map((page) => recordsText(...page)),
    ).perPage;
    const path = join(dir, "numeric-text.arrow");
    const { warnings } = await captureWarnings(() => writeArrow(pull(perPage), path, { batchRows: 2 }));
    expect(tableFromIPC(readFileSync(path)).getChild("null_first")?.toArray()).toEqual([null, null, "-5", "2.50", "1e3", "7"]);
    expect(warnings).toEqual([expect.objectContaining({ code: "FOUNTFRAME_COLUMN_TYPE_CHANGED" })]);
    expect(warnings[0].message).toMatch(/null_first \(4 cells\)/);
  });
});
