// Hashes of every way the same pulls come out, to show a change leaves results alone: run it on two
// builds and diff the output (identical when nothing changed).
//
//   node bench/outputHashes.mjs <dist dir> [rows, default 12000] > hashes.json
//
// The emulator (in this process) serves brandscapeData at the documented width, with `fields` in
// an order of their own and with two metricKeys, and brands; each is hashed as a frame, as
// client.pages into FrameBuilder, and as client.pages written by every writer (Excel: its sheets'
// XML, the zip holds dates), on the main thread and on two decode threads; and written to CSV,
// Parquet and Arrow from frames of three kinds and from records (flattened or not).
import { createRequire } from "node:module";
import { createHash } from "node:crypto";
import { readFileSync, rmSync, mkdtempSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import os from "node:os";
import { execSync } from "node:child_process";
const dist = process.argv[2];
const require = createRequire(import.meta.url);
const lib = require(join(dist, "index.cjs"));
const { startEmulator } = require(join(dist, "emulator.cjs"));
process.removeAllListeners("warning");
const warnings = [];
process.on("warning", (w) => warnings.push(`${w.code}: ${w.message.slice(0, 120)}`));
const emulator = await startEmulator({ port: 0, scale: Number(process.argv[3] ?? 12000) });
const TOKEN = "test-token";
const client = new lib.Client({ authToken: TOKEN, baseUrl: emulator.url, verbose: false });
const studies = (await client.studies({ released: true })).column("id").values;
const sha = (x) => createHash("sha256").update(x).digest("hex").slice(0, 16);
const frameHash = (frame) =>
  sha(
    JSON.stringify({ c: frame.columns, d: frame.dtypes, v: frame.values }, (k, v) =>
      typeof v === "number" && !Number.isFinite(v) ? String(v) : v,
    ),
  );
const dir = mkdtempSync(join(os.tmpdir(), "rp44-"));
const fileHash = (path) => {
  if (statSync(path).isDirectory())
    return sha(
      readdirSync(path, { recursive: true })
        .sort()
        .map((f) => (statSync(join(path, f)).isFile() ? f + ":" + fileHash(join(path, f)) : f))
        .join("\n"),
    );
  return sha(readFileSync(path));
};
// a Parquet file's cells as read back, to tell a change of cells from one of layout (row groups)
const { parquetReadObjects } = await import("hyparquet");
const cellText = (key, value) =>
  typeof value === "bigint" ? `${value}n` : typeof value === "number" && !Number.isFinite(value) ? String(value) : value;
const parquetCells = async (path) => {
  const bytes = readFileSync(path);
  const rows = await parquetReadObjects({ file: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) });
  return sha(JSON.stringify(rows, cellText));
};
const out = {};
const FIELDS = ["brand_name", "id", "study_id", "differentiation_c", "relevance_rank", "brand_id", "is_duplicate", "category_name"];
const cases = {
  wide: { studies },
  fields: { studies, fields: FIELDS, include: "no_default" },
  metricKeys: { studies, metricKeys: ["differentiation", "brand_strength"] },
};
for (const [name, options] of Object.entries(cases)) {
  out[`${name}/frame`] = frameHash(await client.brandscapeData(options));
  const builder = new lib.FrameBuilder();
  for await (const page of client.pages("brandscapeData", options)) builder.add(page);
  out[`${name}/pages→FrameBuilder`] = frameHash(await builder.toFrame());
  const b2 = new lib.FrameBuilder();
  for await (const page of client.pages("brandscapeData", options)) b2.add(page.records);
  out[`${name}/pages.records→FrameBuilder`] = frameHash(await b2.toFrame());
  for (const [fmt, write, ext] of [
    ["csv", lib.writeCSV, "csv"],
    ["parquet", lib.writeParquet, "parquet"],
    ["arrow", lib.writeArrow, "arrow"],
    ["ndjson", lib.writeNDJSON, "ndjson"],
    ["json", lib.writeJSON, "json"],
  ]) {
    const file = join(dir, `${name}.${ext}`);
    await write(client.pages("brandscapeData", options), file);
    out[`${name}/pages→${fmt}`] = fileHash(file);
    if (fmt === "parquet") out[`${name}/pages→parquet cells`] = await parquetCells(file);
  }
  const part = join(dir, `${name}-part`);
  await lib.writeParquet(client.pages("brandscapeData", options), part, { partitionBy: ["study_id"] });
  out[`${name}/pages→partitioned`] = fileHash(part);
  const partCells = [];
  for (const file of readdirSync(part, { recursive: true }).sort())
    if (file.endsWith(".parquet")) partCells.push(`${file}:${await parquetCells(join(part, file))}`);
  out[`${name}/pages→partitioned cells`] = sha(partCells.join("\n"));
  const xl = join(dir, `${name}.xlsx`);
  if (name !== "wide") {
    await lib.writeExcel(client.pages("brandscapeData", options), xl);
    out[`${name}/pages→xlsx`] = sha(execSync(`unzip -p ${xl} 'xl/worksheets/*'`, { maxBuffer: 1 << 30 }));
  }
}
// writers from a frame (a pulled one, one danfo made itself, one in danfo's low-memory mode) and from
// records, flattened or kept as they came (`flatten: false`, pages too)
const danfo = require(join(dist, "danfo.cjs"));
for (const [name, options] of Object.entries(cases)) {
  const frame = await client.brandscapeData(options);
  const records = [];
  for await (const page of client.pages("brandscapeData", options)) records.push(...page.records);
  const sources = [
    ["frame", () => frame, {}],
    ["danfoFrame", () => new danfo.DataFrame(frame.values, { columns: frame.columns, dtypes: frame.dtypes }), {}],
    [
      "lowMemoryFrame",
      () => new danfo.DataFrame(frame.values, { columns: frame.columns, dtypes: frame.dtypes, config: { lowMemoryMode: true } }),
      {},
    ],
    ["records", () => records, {}],
    ["records-flatten-false", () => records, { flatten: false }],
    ["pages-flatten-false", () => client.pages("brandscapeData", options), { flatten: false }],
  ];
  for (const [source, make, writeOptions] of sources)
    for (const [fmt, write] of [
      ["csv", lib.writeCSV],
      ["parquet", lib.writeParquet],
      ["arrow", lib.writeArrow],
    ]) {
      const file = join(dir, `${name}-${source}.${fmt}`);
      await write(make(), file, writeOptions);
      out[`${name}/${source}→${fmt}`] = fileHash(file);
      if (fmt === "parquet") out[`${name}/${source}→parquet cells`] = await parquetCells(file);
    }
}
// the same on decode threads
const threaded = new lib.Client({ authToken: TOKEN, baseUrl: emulator.url, verbose: false, threads: 2 });
for (const [name, options] of Object.entries(cases)) {
  const tb = new lib.FrameBuilder();
  for await (const page of threaded.pages("brandscapeData", options)) tb.add(page);
  out[`${name}/threads/pages→FrameBuilder`] = frameHash(await tb.toFrame());
  await lib.writeCSV(threaded.pages("brandscapeData", options), join(dir, "t.csv"));
  out[`${name}/threads/pages→csv`] = fileHash(join(dir, "t.csv"));
  await lib.writeParquet(threaded.pages("brandscapeData", options), join(dir, "t.parquet"));
  out[`${name}/threads/pages→parquet`] = fileHash(join(dir, "t.parquet"));
  out[`${name}/threads/pages→parquet cells`] = await parquetCells(join(dir, "t.parquet"));
  let n = 0;
  for await (const page of threaded.pages("brandscapeData", options)) n += JSON.stringify(page.records).length;
  out[`${name}/threads/records-json-length`] = n;
}
await threaded.aclose();
// another endpoint
out["brands/frame"] = frameHash(await client.brands({}));
const bb = new lib.FrameBuilder();
for await (const page of client.pages("brands", {})) bb.add(page);
out["brands/pages→FrameBuilder"] = frameHash(await bb.toFrame());
await lib.writeCSV(client.pages("brands", {}), join(dir, "brands.csv"));
out["brands/pages→csv"] = fileHash(join(dir, "brands.csv"));
out.warnings = [...new Set(warnings)].sort();
console.log(JSON.stringify(out, null, 1));
await client.aclose();
await emulator.close();
rmSync(dir, { recursive: true, force: true });
