/**
 * A column's type is the frame's, decided on all its values, whatever page they come on: served
 * over real HTTP from the emulator in three pages, written by every streamed writer from the pages
 * (client.pages), from the records and from the frame. A page that turns a column to text after
 * its first cells were written has the file rewritten (a stream cannot be: warned).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { tableFromIPC } from "apache-arrow";
import { writeArrow, writeCSV, writeExcel, writeJSON, writeNDJSON, writeParquet } from "../../src/export";
import type { ExportSource } from "../../src/export/types";
import { recordsToFrame } from "../../src/rows/rowShape";
import { captureWarnings, useEmulator } from "../client/fixture";
import { readSheet } from "./exportFixtures";
import { recordsText, serveHostilePages, serveRecordPages } from "./hostilePages";
import { tempFolder } from "../helpers/tempFolder";

const env = useEmulator();
const dir = tempFolder("fountframe-streamed-types-");

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

const serve = (): number => serveRecordPages(env.emulator, "brands", PAGES);
const pages = (perPage: number) => env.client({ retries: 2, onErrors: "raise" }).pages("brands", { perPage });
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

/** A CSV file's column, by its header. */
function csvColumn(text: string, name: string): string[] {
  const lines = text.trimEnd().split(/\r?\n/);
  const at = lines[0].split(",").indexOf(name);
  return lines.slice(1).map((line) => line.split(",")[at]);
}

test("CSV of client.pages is the frame's CSV: later_text keeps its text though pages 1-2 held only numeric text", async () => {
  const fromFrame = await written("frame-cmp.csv", writeCSV, await frame());
  const { warnings } = await captureWarnings(async () => written("pages.csv", writeCSV, pages(serve())));
  const fromPages = readFileSync(join(dir, "pages.csv"), "utf8");
  expect(csvColumn(fromFrame, "later_text")).toEqual(["1.50", "'+1", "1e5", "'-5", "n/a", "2"]);
  expect(csvColumn(fromPages, "null_first")).toEqual(["", "", "-5", "2.5", "1000", "7"]);
  expect(csvColumn(fromPages, "text_at_once")).toEqual(["3", "x", "", "", "", ""]);
  expect(fromPages).toBe(fromFrame);
  expect(warnings).toEqual([]);
  expect(readdirSync(dir).filter((name) => name.endsWith(".partial"))).toEqual([]);
});

test.each([
  ["ndjson", writeNDJSON],
  ["json", writeJSON],
] as const)("%s of client.pages holds the frame's cells, the type in the bytes", async (extension, write) => {
  const fromFrame = await written(`frame-cmp.${extension}`, write, await frame());
  const { warnings } = await captureWarnings(async () => written(`pages.${extension}`, write, pages(serve())));
  const rows = parsedRows(extension, readFileSync(join(dir, `pages.${extension}`), "utf8"));
  expect(rows.map((row) => row.null_first)).toEqual([null, null, -5, 2.5, 1000, 7]);
  expect(rows.map((row) => row.text_at_once)).toEqual(["3", "x", null, null, null, null]);
  expect(rows.map((row) => row.later_text)).toEqual(["1.50", "+1", "1e5", "-5", "n/a", "2"]);
  expect(rows).toEqual(parsedRows(extension, fromFrame));
  expect(warnings).toEqual([]);
});

describe("many rows, several columns turned on different pages", () => {
  /** price: numeric text until page 3, flag: booleans until page 2, count: numbers until page 3, code: numeric text throughout */
  const MANY = [0, 1, 2].map((page) =>
    Array.from({ length: 700 }, (_, index) => {
      const row = page * 700 + index;
      return {
        id: row,
        price: page === 2 && index === 699 ? "n/a" : `${row}.50`,
        flag: page === 1 && index === 3 ? "maybe" : row % 2 === 0,
        count: page === 2 && index === 0 ? "many" : -row,
        code: `${row}.0`,
        exp: `${row}e2`,
      };
    }),
  );
  const serveMany = () =>
    serveHostilePages(
      env.emulator,
      "brands",
      MANY.map((page) => recordsText(...page)),
    ).perPage;
  const manyFrame = () => env.client({ retries: 2, onErrors: "raise" }).brands({ perPage: serveMany() });

  test.each([
    ["csv", writeCSV, { delimiter: ";", recordDelimiter: "\r\n", bom: true }],
    ["csv", writeCSV, { header: false }],
    ["ndjson", writeNDJSON, {}],
    ["json", writeJSON, { indent: 2 }],
    ["xlsx", writeExcel, { maxRowsPerSheet: 1_000 }],
  ] as const)("%s (case %#) of client.pages is the frame's file", async (extension, write, options) => {
    const framed = await manyFrame();
    expect(framed.column("price").values[0]).toBe("0.50");
    expect(framed.column("code").values[0]).toBe(0);
    const fromFrame = join(dir, `many-frame.${extension}`);
    const fromPages = join(dir, `many-pages.${extension}`);
    await (write as (s: ExportSource, p: string, o: object) => Promise<unknown>)(framed, fromFrame, options);
    const { warnings } = await captureWarnings(() =>
      (write as (s: ExportSource, p: string, o: object) => Promise<unknown>)(pages(serveMany()), fromPages, options),
    );
    expect(warnings).toEqual([]);
    expect(readdirSync(dir).filter((name) => name.endsWith(".partial"))).toEqual([]);
    if (extension === "xlsx") {
      for (const sheet of ["data", "data_2", "data_3"])
        expect((await readSheet(fromPages, sheet)).rows).toEqual((await readSheet(fromFrame, sheet)).rows);
      expect((await readSheet(fromPages)).rows[0]).toMatchObject({ price: "0.50", flag: "true", count: "0", code: 0, exp: 0 });
      return;
    }
    const frameText = readFileSync(fromFrame, "utf8");
    const pagesText = readFileSync(fromPages, "utf8");
    if (extension === "csv") expect(pagesText).toBe(frameText);
    else expect(parsedRows(extension, pagesText)).toEqual(parsedRows(extension, frameText));
    expect(pagesText).toContain("1399.50");
  });
});

test("to a stream, which cannot be rewritten, the cells written before the turn stay as written and are warned of", async () => {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (chunk: Buffer) => chunks.push(chunk));
  const { warnings } = await captureWarnings(() => writeCSV(pages(serve()), out));
  expect(csvColumn(Buffer.concat(chunks).toString("utf8"), "later_text")).toEqual(["1.5", "1", "100000", "-5", "n/a", "2"]);
  expect(warnings).toEqual([expect.objectContaining({ code: "FOUNTFRAME_COLUMN_TYPE_CHANGED" })]);
  expect(warnings[0].message).toMatch(/later_text \(4 cells, before rows 5–6\)/);
});

test("Excel of client.pages and of the records holds the frame's cells", async () => {
  const { warnings } = await captureWarnings(async () => written("pages.xlsx", writeExcel, pages(serve())));
  const fromPages = (await readSheet(join(dir, "pages.xlsx"))).rows;
  expect(fromPages.map((row) => row.null_first)).toEqual([null, null, -5, 2.5, 1000, 7]);
  expect(fromPages.map((row) => row.later_text)).toEqual(["1.50", "+1", "1e5", "-5", "n/a", "2"]);
  expect(warnings).toEqual([]);
  await written("frame.xlsx", writeExcel, await frame());
  expect(fromPages).toEqual((await readSheet(join(dir, "frame.xlsx"))).rows);
  await written("records.xlsx", writeExcel, RECORDS);
  const records = (await readSheet(join(dir, "records.xlsx"))).rows;
  expect(records.map((row) => row.later_text)).toEqual(["1.50", "+1", "1e5", "-5", "n/a", "2"]);
  expect(records.map((row) => row.null_first)).toEqual([null, null, -5, 2.5, 1000, 7]);
});

describe("Parquet and Arrow fix the schema on the first batch", () => {
  test("a later value it cannot hold stops the export, naming the column and the fix", async () => {
    await expect(writeParquet(pages(serve()), join(dir, "pages.parquet"), { batchRows: 2 })).rejects.toThrow(
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
    const { warnings } = await captureWarnings(() => writeArrow(pages(perPage), path, { batchRows: 2 }));
    expect(tableFromIPC(readFileSync(path)).getChild("null_first")?.toArray()).toEqual([null, null, "-5", "2.50", "1e3", "7"]);
    expect(warnings).toEqual([expect.objectContaining({ code: "FOUNTFRAME_COLUMN_TYPE_CHANGED" })]);
    expect(warnings[0].message).toMatch(/null_first \(4 cells\)/);
  });

  test("a resumable export warns once of every piece's cells, in one run and across a resume", async () => {
    const only = PAGES.map((page) => page.map(({ id, null_first }) => ({ id, null_first: null_first === 7 ? "7" : null_first })));
    const served = only.map((page) => recordsText(...page));
    const perPage = serveHostilePages(env.emulator, "brands", served).perPage;
    const once = await captureWarnings(() => writeParquet(pages(perPage), join(dir, "pieces.parquet"), { batchRows: 2, resume: true }));
    expect(once.warnings).toEqual([expect.objectContaining({ code: "FOUNTFRAME_COLUMN_TYPE_CHANGED" })]);
    expect(once.warnings[0].message).toMatch(/null_first \(4 cells\)/);

    const path = join(dir, "resumed-pieces.parquet");
    serveHostilePages(env.emulator, "brands", served, [{ resource: "brands", page: 3, kind: "status", status: 503 }]);
    const failed = await captureWarnings(() =>
      expect(writeParquet(pages(perPage), path, { batchRows: 2, resume: true })).rejects.toThrow(/503/),
    );
    expect(failed.warnings).toEqual([]);
    serveHostilePages(env.emulator, "brands", served);
    const resumed = await captureWarnings(() => writeParquet(pages(perPage), path, { batchRows: 2, resume: true }));
    expect(resumed.result).toMatchObject({ rows: 6, resumedFromPage: 3 });
    expect(resumed.warnings).toEqual([expect.objectContaining({ code: "FOUNTFRAME_COLUMN_TYPE_CHANGED" })]);
    expect(resumed.warnings[0].message).toMatch(/null_first \(4 cells\)/);
  });
});
