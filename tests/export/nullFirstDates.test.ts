/**
 * A column null in the first batch, then ISO dates (or timestamps), is a date (timestamp) column in
 * the frame. Served over real HTTP in three pages and written from client.pages with `batchRows: 1`:
 * the text writers write the frame's cells (Excel real dates); Parquet and Arrow, whose schema is
 * fixed on the first batch, write it as utf8 as they do numeric text, and warn once, naming the
 * column and the frame's type, and the `types` the warning names write the frame's file.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { tableFromIPC } from "apache-arrow";
import { writeArrow, writeCSV, writeExcel, writeJSON, writeNDJSON, writeParquet } from "../../src/export";
import type { ColumnarOptions } from "../../src/export/columnarTypes";
import type { ExportSource, ExportSummary } from "../../src/export/types";
import { captureWarnings, useEmulator } from "../client/fixture";
import { duckRows, duckTypes, sqlText } from "./duckdb";
import { readSheet } from "./exportFixtures";
import { recordsText, serveHostilePages, serveRecordPages } from "./hostilePages";
import { tempFolder } from "../helpers/tempFolder";

const env = useEmulator();
const dir = tempFolder("fountframe-null-first-dates-");

/** d: null, then dates; t: null, then timestamps; g: a partition column. */
const PAGES = [
  [{ id: 1, g: "a", d: null, t: null }],
  [{ id: 2, g: "a", d: "2024-01-31", t: "2024-01-31T10:00:00.000000Z" }],
  [{ id: 3, g: "b", d: "2024-02-01", t: "2024-02-01T10:00:00.000000Z" }],
];

const serve = (): number => serveRecordPages(env.emulator, "brands", PAGES);
const client = () => env.client({ retries: 2, onErrors: "raise" });
const pages = () => client().pages("brands", { perPage: serve() });
const frame = async () => client().brands({ perPage: serve() });

type Columnar = (source: ExportSource, path: string, options?: ColumnarOptions) => Promise<ExportSummary>;

/** The Arrow file's types and cells of d and t (dates and timestamps as ISO text). */
function arrowColumns(path: string): Record<string, { type: string; cells: unknown[] }> {
  const table = tableFromIPC(readFileSync(path));
  const of = (name: string) => {
    const column = table.getChild(name)!;
    const cells = Array.from({ length: column.length }, (_, row) => column.get(row) as unknown).map((cell) =>
      typeof cell === "number" ? new Date(cell).toISOString() : cell,
    );
    return { type: String(column.type), cells };
  };
  return { d: of("d"), t: of("t") };
}

/** A Parquet file's (or partitioned folder's) d and t as DuckDB reads them: types and cells, by id. */
async function parquetColumns(path: string, partitioned = false): Promise<Record<string, unknown>> {
  const from = partitioned
    ? `read_parquet(${sqlText(join(path, "**", "*.parquet"))}, hive_partitioning = true)`
    : `read_parquet(${sqlText(path)})`;
  const types = await duckTypes(from);
  const rows = await duckRows(`SELECT d::VARCHAR AS d, t::VARCHAR AS t FROM ${from} ORDER BY id`);
  return { d: types.d, t: types.t, rows };
}

/** The one warning the streamed columnar writers give here, naming d as dates and t as timestamps. */
function expectWarnedOfDates(warnings: { code?: string; message: string }[]): void {
  expect(warnings).toEqual([expect.objectContaining({ code: "FOUNTFRAME_COLUMN_TYPE_CHANGED" })]);
  expect(warnings[0].message).toMatch(/dates: d \(2 cells\)/);
  expect(warnings[0].message).toMatch(/timestamps: t \(2 cells\)/);
  expect(warnings[0].message).toMatch(/types: \{ "d": "date", "t": "timestamp" \}/);
}

const FIX: ColumnarOptions = { types: { d: "date", t: "timestamp" } };

test("the frame holds d as dates and t as timestamps", async () => {
  const pulled = await frame();
  const written = join(dir, "frame.arrow");
  await writeArrow(pulled, written);
  expect(arrowColumns(written)).toEqual({
    d: { type: "Date32<DAY>", cells: [null, "2024-01-31T00:00:00.000Z", "2024-02-01T00:00:00.000Z"] },
    t: { type: "Timestamp<MICROSECOND, UTC>", cells: [null, "2024-01-31T10:00:00.000Z", "2024-02-01T10:00:00.000Z"] },
  });
});

describe.each<[string, Columnar, ColumnarOptions]>([
  ["arrow", writeArrow, {}],
  ["arrow, resumable", writeArrow, { resume: true }],
])("%s from client.pages with batchRows 1", (name, write, options) => {
  test("utf8 with one warning naming the columns; with the warning's types, the frame's file", async () => {
    const fromFrame = join(dir, `${name}-frame.arrow`);
    await writeArrow(await frame(), fromFrame);
    const path = join(dir, `${name}-pages.arrow`);
    const { warnings } = await captureWarnings(() => write(pages(), path, { batchRows: 1, ...options }));
    expect(arrowColumns(path)).toEqual({
      d: { type: "Utf8", cells: [null, "2024-01-31", "2024-02-01"] },
      t: { type: "Utf8", cells: [null, "2024-01-31T10:00:00.000000Z", "2024-02-01T10:00:00.000000Z"] },
    });
    expectWarnedOfDates(warnings);

    const fixed = join(dir, `${name}-fixed.arrow`);
    const again = await captureWarnings(() => write(pages(), fixed, { batchRows: 1, ...options, ...FIX }));
    expect(again.warnings).toEqual([]);
    expect(arrowColumns(fixed)).toEqual(arrowColumns(fromFrame));
  });
});

describe.each<[string, ColumnarOptions]>([
  ["parquet", {}],
  ["parquet, resumable", { resume: true }],
  ["parquet, partitioned", { partitionBy: ["g"] }],
  ["parquet, partitioned and resumable", { partitionBy: ["g"], resume: true }],
])("%s from client.pages with batchRows 1", (name, options) => {
  test("utf8 with one warning naming the columns; with the warning's types, the frame's file", async () => {
    const partitioned = Boolean(options.partitionBy);
    const fromFrame = join(dir, `${name}-frame`);
    await writeParquet(await frame(), fromFrame, options.partitionBy ? { partitionBy: options.partitionBy } : {});
    const path = join(dir, `${name}-pages`);
    const { warnings } = await captureWarnings(() => writeParquet(pages(), path, { batchRows: 1, ...options }));
    expect(await parquetColumns(path, partitioned)).toEqual({
      d: "VARCHAR",
      t: "VARCHAR",
      rows: [
        { d: null, t: null },
        { d: "2024-01-31", t: "2024-01-31T10:00:00.000000Z" },
        { d: "2024-02-01", t: "2024-02-01T10:00:00.000000Z" },
      ],
    });
    expectWarnedOfDates(warnings);

    const fixed = join(dir, `${name}-fixed`);
    const again = await captureWarnings(() => writeParquet(pages(), fixed, { batchRows: 1, ...options, ...FIX }));
    expect(again.warnings).toEqual([]);
    const frameColumns = await parquetColumns(fromFrame, partitioned);
    expect(frameColumns).toMatchObject({ d: "DATE", t: "TIMESTAMP WITH TIME ZONE" });
    expect(await parquetColumns(fixed, partitioned)).toEqual(frameColumns);
  });
});

test("a column null first, then dates and other text, is text in the frame too: no warning", async () => {
  const mixed = [[{ id: 1, d: null }], [{ id: 2, d: "2024-01-31" }], [{ id: 3, d: "n/a" }]];
  const perPage = serveHostilePages(
    env.emulator,
    "brands",
    mixed.map((page) => recordsText(...page)),
  ).perPage;
  const { warnings } = await captureWarnings(() =>
    writeArrow(client().pages("brands", { perPage }), join(dir, "mixed.arrow"), { batchRows: 1 }),
  );
  expect(warnings).toEqual([]);
});

describe.each<[string, (source: ExportSource, path: string) => Promise<unknown>]>([
  ["csv", writeCSV],
  ["json", writeJSON],
  ["ndjson", writeNDJSON],
])("%s from client.pages", (extension, write) => {
  test("is the frame's file", async () => {
    const fromFrame = join(dir, `frame.${extension}`);
    await write(await frame(), fromFrame);
    const fromPages = join(dir, `pages.${extension}`);
    const { warnings } = await captureWarnings(() => write(pages(), fromPages));
    expect(warnings).toEqual([]);
    expect(readFileSync(fromPages, "utf8")).toBe(readFileSync(fromFrame, "utf8"));
    expect(readFileSync(fromPages, "utf8")).toContain("2024-02-01T10:00:00.000000Z");
  });
});

test("Excel from client.pages writes real dates, as from the frame", async () => {
  const fromFrame = join(dir, "frame.xlsx");
  await writeExcel(await frame(), fromFrame);
  const fromPages = join(dir, "pages.xlsx");
  const { warnings } = await captureWarnings(() => writeExcel(pages(), fromPages));
  expect(warnings).toEqual([]);
  const rows = (await readSheet(fromPages)).rows;
  expect(rows).toEqual((await readSheet(fromFrame)).rows);
  expect(rows.map((row) => row.d)).toEqual([null, new Date("2024-01-31T00:00:00.000Z"), new Date("2024-02-01T00:00:00.000Z")]);
  expect(rows.map((row) => row.t)).toEqual([null, new Date("2024-01-31T10:00:00.000Z"), new Date("2024-02-01T10:00:00.000Z")]);
});

test("a documented string (brands' name): dates later are the frame's dates, warned of; numeric text later is text, not warned", async () => {
  const served = (names: (string | null)[]) =>
    serveHostilePages(
      env.emulator,
      "brands",
      names.map((name, index) => recordsText({ id: index + 1, name })),
    ).perPage;
  let perPage = served([null, "2024-01-31", "2024-02-01"]);
  const fromFrame = join(dir, "name-frame.arrow");
  await writeArrow(await client().brands({ perPage }), fromFrame);
  expect(String(tableFromIPC(readFileSync(fromFrame)).getChild("name")!.type)).toBe("Date32<DAY>");
  const dated = await captureWarnings(() =>
    writeArrow(client().pages("brands", { perPage }), join(dir, "name-dates.arrow"), { batchRows: 1 }),
  );
  expect(dated.warnings).toEqual([expect.objectContaining({ code: "FOUNTFRAME_COLUMN_TYPE_CHANGED" })]);
  expect(dated.warnings[0].message).toMatch(/dates: name \(2 cells\)/);

  perPage = served([null, "056", "826"]);
  const numeric = await captureWarnings(() =>
    writeArrow(client().pages("brands", { perPage }), join(dir, "name-codes.arrow"), { batchRows: 1 }),
  );
  expect(numeric.warnings).toEqual([]);
});
