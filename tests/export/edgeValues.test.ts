/**
 * Numbers past the double range, a leading U+FEFF and a lone surrogate, served over real HTTP in
 * two pages and written by every writer: each follows the one rule of docs/writers.md, and warns
 * naming the column where its format cannot hold the frame's cell.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { tableFromIPC } from "apache-arrow";
import { writeArrow, writeCSV, writeExcel, writeJSON, writeNDJSON, writeParquet } from "../../src/export";
import { captureWarnings, useEmulator } from "../client/fixture";
import { duckRows, sqlText } from "./duckdb";
import { readSheet } from "./exportFixtures";
import { serveHostilePages } from "./hostilePages";
import { tempFolder } from "../helpers/tempFolder";

const env = useEmulator();
const dir = tempFolder("fountframe-edge-values-");

// JSON text JavaScript cannot write: 1e400, and the escapes \ufeff and \ud800 as the service sends them
const PAGES = [
  ['{"id":1,"big":1e400,"neg":-1e400,"bom":"\\ufeffabc","lone":"a\\ud800b"}'],
  ['{"id":2,"big":1.5,"neg":-2,"bom":"plain","lone":"ok"}'],
];
/** These pages served (each pull serves them anew) and pulled as they come. */
const pullOf = (pages: readonly (readonly string[])[]) => () =>
  env.client({ retries: 2, onErrors: "raise" }).rawPages("brands", { perPage: serveHostilePages(env.emulator, "brands", pages).perPage });
const serve = () => serveHostilePages(env.emulator, "brands", PAGES).perPage;
const pull = pullOf(PAGES);
const file = (name: string) => join(dir, name);
const codes = (warnings: { code?: string; message: string }[]) => warnings.map((warning) => warning.code).sort();

test("the frame keeps ±Infinity, the leading U+FEFF and the lone surrogate", async () => {
  const frame = await env.client({ retries: 2, onErrors: "raise" }).brands({ perPage: serve() });
  expect(frame.column("big").values).toEqual([Infinity, 1.5]);
  expect(frame.column("neg").values).toEqual([-Infinity, -2]);
  expect(frame.column("bom").values[0]).toBe("\ufeffabc");
  expect(frame.column("lone").values[0]).toBe("a\ud800b");
});

test("CSV: Infinity and -Infinity, the U+FEFF kept, the lone surrogate U+FFFD with a warning naming the column", async () => {
  const { warnings } = await captureWarnings(() => writeCSV(pull(), file("edge.csv")));
  const bytes = readFileSync(file("edge.csv"));
  expect(bytes.toString("utf8")).toBe("id,big,neg,bom,lone\n1,Infinity,-Infinity,\ufeffabc,a\ufffdb\n2,1.5,-2,plain,ok\n");
  expect(codes(warnings)).toEqual(["FOUNTFRAME_LONE_SURROGATE"]);
  expect(warnings[0].message).toMatch(/U\+FFFD, as UTF-8 must: lone \(1 cells\)/);
});

test.each([
  ["ndjson", writeNDJSON],
  ["json", writeJSON],
] as const)("%s: ±Infinity null with a warning naming the columns; U+FEFF and the lone surrogate kept", async (extension, write) => {
  const { warnings } = await captureWarnings(() => write(pull(), file(`edge.${extension}`)));
  const text = readFileSync(file(`edge.${extension}`), "utf8");
  expect(text).toContain('"lone":"a\\ud800b"');
  const rows = (
    extension === "json"
      ? JSON.parse(text)
      : text
          .trimEnd()
          .split("\n")
          .map((line) => JSON.parse(line))
  ) as Record<string, unknown>[];
  expect(rows).toEqual([
    { id: 1, big: null, neg: null, bom: "\ufeffabc", lone: "a\ud800b" },
    { id: 2, big: 1.5, neg: -2, bom: "plain", lone: "ok" },
  ]);
  expect(codes(warnings)).toEqual(["FOUNTFRAME_INFINITE_NUMBER"]);
  expect(warnings[0].message).toMatch(/written as null: big \(1 cells\), neg \(1 cells\)/);
});

test("Excel: ±Infinity as text, the lone surrogate U+FFFD, each with a warning naming the column; U+FEFF kept", async () => {
  const { warnings } = await captureWarnings(() => writeExcel(pull(), file("edge.xlsx")));
  const { rows } = await readSheet(file("edge.xlsx"));
  expect(rows[0]).toEqual({ id: 1, big: "Infinity", neg: "-Infinity", bom: "\ufeffabc", lone: "a\ufffdb" });
  expect(rows[1]).toEqual({ id: 2, big: 1.5, neg: -2, bom: "plain", lone: "ok" });
  expect(codes(warnings)).toEqual(["FOUNTFRAME_INFINITE_NUMBER", "FOUNTFRAME_LONE_SURROGATE"]);
  expect(warnings.find((warning) => warning.code === "FOUNTFRAME_INFINITE_NUMBER")!.message).toMatch(/big \(1 cells\), neg \(1 cells\)/);
});

test("Parquet and Arrow: ±Infinity doubles, U+FEFF's bytes kept, the lone surrogate U+FFFD with a warning", async () => {
  for (const [name, write] of [
    ["edge.parquet", writeParquet],
    ["edge.arrow", writeArrow],
  ] as const) {
    const { warnings } = await captureWarnings(() => write(pull(), file(name)));
    expect(codes(warnings)).toEqual(["FOUNTFRAME_LONE_SURROGATE"]);
    expect(warnings[0].message).toMatch(/lone \(1 cells\)/);
    const bytes = readFileSync(file(name));
    expect(bytes.includes(Buffer.from("\ufeffabc", "utf8"))).toBe(true);
    expect(bytes.includes(Buffer.from("a\ufffdb", "utf8"))).toBe(true);
  }
  const [first] = await duckRows(`SELECT big, neg FROM read_parquet(${sqlText(file("edge.parquet"))}) ORDER BY id`);
  expect(first).toEqual({ big: Infinity, neg: -Infinity });
  const table = tableFromIPC(readFileSync(file("edge.arrow")));
  expect([table.getChild("big")?.get(0), table.getChild("neg")?.get(0)]).toEqual([Infinity, -Infinity]);
});

test("a column name with a lone surrogate: U+FFFD with a warning naming it in every UTF-8 format, kept by JSON and NDJSON", async () => {
  const namePull = pullOf([['{"id":1,"n\\ud800":"x"}'], ['{"id":2,"n\\ud800":"y"}']]);
  for (const [name, write] of [
    ["name.csv", writeCSV],
    ["name.xlsx", writeExcel],
    ["name.parquet", writeParquet],
    ["name.arrow", writeArrow],
  ] as const) {
    const { warnings } = await captureWarnings(() => write(namePull(), file(name)));
    expect([name, codes(warnings)]).toEqual([name, ["FOUNTFRAME_LONE_SURROGATE"]]);
    expect(warnings[0].message).toContain('in column names: "n\\ud800"');
  }
  const { warnings: partitioned } = await captureWarnings(() => writeParquet(namePull(), file("by-id"), { partitionBy: ["id"] }));
  expect(codes(partitioned)).toEqual(["FOUNTFRAME_LONE_SURROGATE"]);
  for (const [name, write] of [
    ["name.json", writeJSON],
    ["name.ndjson", writeNDJSON],
  ] as const) {
    const { warnings } = await captureWarnings(() => write(namePull(), file(name)));
    expect([name, codes(warnings)]).toEqual([name, []]);
    expect(readFileSync(file(name), "utf8")).toContain('"n\\ud800":"x"');
  }
});

test("flatten: false (records as they came): ±Infinity, nested too, written as null with the warning naming the record's keys", async () => {
  const rawPull = pullOf([['{"id":1,"big":1e400,"deep":{"list":[1,-1e400]}}'], ['{"id":2,"big":1.5,"deep":{"list":[2]}}']]);
  for (const [name, write] of [
    ["raw.json", writeJSON],
    ["raw.ndjson", writeNDJSON],
  ] as const) {
    const { warnings } = await captureWarnings(() => write(rawPull(), file(name), { flatten: false }));
    expect([name, codes(warnings)]).toEqual([name, ["FOUNTFRAME_INFINITE_NUMBER"]]);
    expect(warnings[0].message).toMatch(/written as null: big \(1 cells\), deep \(1 cells\)/);
    expect(readFileSync(file(name), "utf8")).toContain('"deep":{"list":[1,null]}');
  }
});

test("timestamps whose text is not a UTC instant: Parquet and Arrow write the instant and warn naming the column, Excel too for an offset; the service's form and CSV do not", async () => {
  const timePull = pullOf([
    ['{"id":1,"at":"2024-01-31T12:00:00+02:00","utc":"2024-01-31T10:00:00.000000Z"}', '{"id":2,"at":"2024-01-31 12:00:00","utc":null}'],
    ['{"id":3,"at":"2024-02-01","utc":"2024-02-01T00:00:00+00:00"}'],
  ]);
  for (const [name, write] of [
    ["time.parquet", writeParquet],
    ["time.arrow", writeArrow],
  ] as const) {
    const { warnings } = await captureWarnings(() => write(timePull(), file(name)));
    expect([name, codes(warnings)]).toEqual([name, ["FOUNTFRAME_TIMESTAMP_TO_UTC"]]);
    expect(warnings[0].message).toMatch(/as UTC instants.*: at \(3 cells\)\. Pass `types/);
  }
  const { warnings: partitioned } = await captureWarnings(() => writeParquet(timePull(), file("time-by-id"), { partitionBy: ["id"] }));
  expect(codes(partitioned)).toEqual(["FOUNTFRAME_TIMESTAMP_TO_UTC"]);
  const rows = await duckRows(`SELECT id, epoch_ms("at") AS ms FROM read_parquet(${sqlText(file("time.parquet"))}) ORDER BY id`);
  expect(rows.map((row) => Number(row.ms))).toEqual([Date.UTC(2024, 0, 31, 10), Date.UTC(2024, 0, 31, 12), Date.UTC(2024, 1, 1)]);
  const { warnings: sheet } = await captureWarnings(() => writeExcel(timePull(), file("time.xlsx")));
  expect(codes(sheet)).toEqual(["FOUNTFRAME_TIMESTAMP_TO_UTC"]);
  expect(sheet[0].message).toMatch(/offset other than UTC.*: at \(1 cells\)/);
  const { warnings: csv } = await captureWarnings(() => writeCSV(timePull(), file("time.csv")));
  expect(codes(csv)).toEqual([]);
  expect(readFileSync(file("time.csv"), "utf8")).toContain("2024-01-31T12:00:00+02:00");
});

test("dates of the years 0 to 99 are dates like any other (Date.UTC read them as 1900 to 1999): Parquet holds each day as written", async () => {
  const datePull = pullOf([
    ['{"id":1,"on":"0000-01-01","at":"0001-02-03T04:05:06Z"}', '{"id":2,"on":"0099-12-31","at":"0099-12-31T23:59:59Z"}'],
  ]);
  const { warnings } = await captureWarnings(() => writeParquet(datePull(), file("early.parquet")));
  expect(codes(warnings)).toEqual([]);
  const rows = await duckRows(
    `SELECT typeof("on") AS type, strftime("on", '%Y-%m-%d') AS day, strftime("at", '%Y-%m-%dT%H:%M:%S') AS at FROM read_parquet(${sqlText(file("early.parquet"))}) ORDER BY id`,
  );
  expect(rows).toEqual([
    { type: "DATE", day: "0000-01-01", at: "0001-02-03T04:05:06" },
    { type: "DATE", day: "0099-12-31", at: "0099-12-31T23:59:59" },
  ]);
});
