/**
 * ±Infinity (`1e400` in the service's JSON) in a column a later page turns to text: the frame holds
 * the text "Infinity". JSON and NDJSON write null while the column holds numbers; a file is then
 * written again with the frame's text (and no warning of nulls), a stream keeps the null and warns.
 * Served over real HTTP from the emulator in two pages.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { writeCSV, writeJSON, writeNDJSON } from "../../src/export";
import { openStore } from "../../src/store";
import type { ExportSource } from "../../src/export/types";
import { captureWarnings, useEmulator } from "../client/fixture";
import { serveHostilePages } from "./hostilePages";
import { tempFolder } from "../helpers/tempFolder";

const env = useEmulator();
const dir = tempFolder("fountframe-infinite-turned-");

/** big: numbers (±Infinity among them) until page 2's "n/a"; steady: numbers throughout. */
const PAGES = [
  ['{"id":1,"big":1e400,"steady":1e400}', '{"id":2,"big":-1e400,"steady":2.5}'],
  ['{"id":3,"big":"n/a","steady":3}', '{"id":4,"big":4,"steady":-1e400}'],
];
const serve = () => serveHostilePages(env.emulator, "brands", PAGES).perPage;
const client = () => env.client({ retries: 2, onErrors: "raise" });

type Writer = (source: ExportSource, target: string | PassThrough) => Promise<unknown>;
const WRITERS: [string, Writer][] = [
  ["ndjson", writeNDJSON],
  ["json", writeJSON],
];

function rowsOf(extension: string, text: string): Record<string, unknown>[] {
  if (extension === "json") return JSON.parse(text) as Record<string, unknown>[];
  return text
    .trimEnd()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

test("the frame holds big as text, Infinity as the text it prints", async () => {
  const frame = await client().brands({ perPage: serve() });
  expect(frame.column("big").values).toEqual(["Infinity", "-Infinity", "n/a", "4"]);
});

test.each(WRITERS)("%s of client.pages to a file: big holds the frame's text; only steady is warned of", async (extension, write) => {
  const path = join(dir, `pages.${extension}`);
  const { warnings } = await captureWarnings(() => write(client().pages("brands", { perPage: serve() }), path));
  const rows = rowsOf(extension, readFileSync(path, "utf8"));
  expect(rows.map((row) => row.big)).toEqual(["Infinity", "-Infinity", "n/a", "4"]);
  expect(rows.map((row) => row.steady)).toEqual([null, 2.5, 3, null]);
  expect(warnings.map((warning) => warning.code)).toEqual(["FOUNTFRAME_INFINITE_NUMBER"]);
  expect(warnings[0].message).toContain("steady (2 cells)");
  expect(warnings[0].message).not.toContain("big");
});

test.each(WRITERS)("%s of client.pages to a stream: big's earlier cells stay null, and both warnings name it", async (extension, write) => {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (chunk: Buffer) => chunks.push(chunk));
  const { warnings } = await captureWarnings(() => write(client().pages("brands", { perPage: serve() }), out));
  const rows = rowsOf(extension, Buffer.concat(chunks).toString("utf8"));
  expect(rows.map((row) => row.big)).toEqual([null, null, "n/a", "4"]);
  const codes = warnings.map((warning) => warning.code).sort();
  expect(codes).toEqual(["FOUNTFRAME_COLUMN_TYPE_CHANGED", "FOUNTFRAME_INFINITE_NUMBER"]);
  expect(warnings.find((warning) => warning.code === "FOUNTFRAME_INFINITE_NUMBER")!.message).toContain("big (2 cells)");
});

test("a list or object holding ±Infinity keeps it as 1e400 in its cell's JSON text: frame, CSV, NDJSON and the store alike", async () => {
  const pages = [['{"id":1,"l":[1e400,-1e400,1],"o":{"b":[{"c":-1e999}]}}'], ['{"id":2,"l":[null,2],"o":{"b":null}}']];
  const { perPage } = serveHostilePages(env.emulator, "brands", pages);
  const expected = [
    ["[1e400,-1e400,1]", "[null,2]"],
    ['[{"c":-1e400}]', null],
  ];
  const frame = await client().brands({ perPage });
  expect([frame.column("l").values, frame.column("o_b").values]).toEqual(expected);
  const back = JSON.parse(String(frame.column("l").values[0])) as number[];
  expect(back).toEqual([Infinity, -Infinity, 1]);
  const ndjson = join(dir, "lists.ndjson");
  await writeNDJSON(client().pages("brands", { perPage }), ndjson);
  const rows = rowsOf("ndjson", readFileSync(ndjson, "utf8"));
  expect([rows.map((row) => row.l), rows.map((row) => row.o_b ?? null)]).toEqual(expected);
  const csv = join(dir, "lists.csv");
  await writeCSV(client().pages("brands", { perPage }), csv);
  expect(readFileSync(csv, "utf8")).toContain('1,"[1e400,-1e400,1]","[{""c"":-1e400}]"');
  const store = await openStore(join(dir, "lists.duckdb"));
  try {
    await client().sync(store, "brands", { perPage });
    const stored = await store.query("SELECT l, o_b FROM brands ORDER BY id");
    expect([stored.column("l").values, stored.column("o_b").values]).toEqual(expected);
  } finally {
    await store.close();
  }
});
