/**
 * Every option of every writer, given a bad value, is a ValidationError naming the option and what
 * it allows, before anything is read or written; and a writer given a value that used to make it
 * spin (a batch of 0 rows) ends by itself in a real child process, which a SIGTERM also ends.
 */
import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { ValidationError } from "../../src/errors";
import {
  writeArrow,
  writeCSV,
  writeExcel,
  writeJSON,
  writeNDJSON,
  writeParquet,
  writeTable,
  type ExportSummary,
  type WriteOptions,
} from "../../src/export";
import { TRICKY } from "./exportFixtures";
import { tempFolder } from "../helpers/tempFolder";

const dir = tempFolder("fountframe-options-");

type Writer = (source: typeof TRICKY, target: string, options: WriteOptions) => Promise<ExportSummary>;
const WRITERS: Record<string, Writer> = {
  csv: writeCSV,
  xlsx: writeExcel,
  json: writeJSON,
  ndjson: writeNDJSON,
  parquet: writeParquet,
  arrow: writeArrow,
};

/** One option with any value, as a JavaScript caller (or a caller's untyped config) may pass it. */
function looseOptions(option: string, value: unknown): WriteOptions {
  const options: Record<string, unknown> = { [option]: value };
  return options as WriteOptions;
}

/** Bad values for the options every writer takes. */
const COMMON: [string, unknown, RegExp][] = [
  ["stackData", "yes", /true or false/],
  ["endpoint", "", /an endpoint name/],
  ["globalPrefix", 1, /true or false/],
  ["columns", "id,name", /a list of column names/],
  ["onNewColumns", "drop", /"warn", "raise" or "ignore"/],
  ["flatten", "no", /true or false/],
];

const OWN: Record<string, [string, unknown, RegExp][]> = {
  csv: [
    ["delimiter", '"', /without `"` or a line break/],
    ["delimiter", "\n", /without `"` or a line break/],
    ["delimiter", "\r", /without `"` or a line break/],
    ["delimiter", "", /a non-empty text/],
    ["delimiter", 5, /a non-empty text/],
    ["recordDelimiter", ",", /"\\n" or "\\r\\n"/],
    ["recordDelimiter", "", /"\\n" or "\\r\\n"/],
    ["bom", "true", /true or false/],
    ["header", 0, /true or false/],
    ["escapeFormulas", null, /true or false/],
  ],
  xlsx: [
    ["sheetName", "", /a non-empty sheet name/],
    ["sheetName", 31, /a non-empty sheet name/],
    ["maxRowsPerSheet", 0, /a whole number from 1 to 1048575/],
    ["maxRowsPerSheet", 2_000_000, /a whole number from 1 to 1048575/],
    ["maxRowsPerSheet", 1.5, /a whole number from 1 to 1048575/],
    ["onSheetOverflow", "wrap", /"split" or "raise"/],
  ],
  json: [
    ["indent", -1, /from 0 to 10/],
    ["indent", 11, /from 0 to 10/],
    ["indent", "  ", /from 0 to 10/],
  ],
  ndjson: [],
  parquet: [
    ["batchRows", 0, /a whole number of rows of 1 or more/],
    ["batchRows", -1, /a whole number of rows of 1 or more/],
    ["batchRows", 0.5, /a whole number of rows of 1 or more/],
    ["batchRows", Number.NaN, /a whole number of rows of 1 or more/],
    ["batchRows", Infinity, /a whole number of rows of 1 or more/],
    ["types", { id: "integer" }, /each one of int64, double/],
    ["types", "int64", /an object of column name/],
    ["types", JSON.parse('{"__proto__": "integer"}'), /each one of int64, double/],
    ["partitionBy", [], /a list of column names/],
    ["partitionBy", [""], /a list of column names/],
    ["maxOpenFiles", 0, /from 1 to 100000/],
    ["resume", "yes", /true or false/],
  ],
};
OWN.arrow = OWN.parquet.filter(([name]) => name !== "partitionBy");

const CASES = Object.keys(WRITERS).flatMap((format) =>
  [...COMMON, ...OWN[format]].map(([option, value, allowed]) => [format, option, value, allowed] as const),
);

test.each(CASES)("%s: %s = %p is refused, naming the option and what it allows", async (format, option, value, allowed) => {
  const target = join(dir, `bad.${format}`);
  const attempt = WRITERS[format](TRICKY, target, looseOptions(option, value));
  await expect(attempt).rejects.toThrow(ValidationError);
  await expect(attempt).rejects.toThrow(new RegExp(`^${option}: must be `));
  await expect(attempt).rejects.toThrow(allowed);
  expect(existsSync(target)).toBe(false);
});

test.each([
  ["csv", "resume", true, /resume: is an option of writeParquet and writeArrow only, not of writeCSV/],
  ["json", "batchRows", 5, /batchRows: is an option of writeParquet and writeArrow only, not of writeJSON/],
  ["parquet", "delimiter", ";", /delimiter: is an option of writeCSV only, not of writeParquet/],
  ["ndjson", "indent", 2, /indent: is an option of writeJSON only, not of writeNDJSON/],
  ["xlsx", "bogus", 1, /bogus: is not an option of writeExcel; allowed: stackData, /],
] as const)("%s: an option of another writer (%s) is refused, saying whose it is", async (format, option, value, message) => {
  await expect(WRITERS[format](TRICKY, join(dir, `other.${format}`), looseOptions(option, value))).rejects.toThrow(message);
});

test("writeTable checks the chosen writer's options, and an option given as undefined counts as not given", async () => {
  await expect(writeTable(TRICKY, join(dir, "t.csv"), undefined, { batchRows: 5 })).rejects.toThrow(/batchRows: is an option of/);
  const summary = await writeTable(TRICKY, join(dir, "t.csv"), undefined, { delimiter: ";", batchRows: undefined });
  expect(summary.rows).toBe(TRICKY.length);
});

test("a CSV written with each allowed delimiter reads back (the format is never broken)", async () => {
  for (const delimiter of [",", ";", "\t", "|", "::"]) {
    const summary = await writeCSV(TRICKY, join(dir, "ok.csv"), { delimiter, recordDelimiter: "\r\n" });
    expect(summary.rows).toBe(TRICKY.length);
  }
});

const LIBRARY = resolve(__dirname, "../../src/export/index.ts");

/** A child process running `script` with the writers loaded (tsx, from source); exits with its code or signal. */
function child(script: string): {
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>;
  kill: (signal: NodeJS.Signals) => void;
  started: Promise<void>;
} {
  const process_ = spawn(
    process.execPath,
    ["--require", require.resolve("tsx/cjs"), "-e", `const ff = require(${JSON.stringify(LIBRARY)});\n${script}`],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  let markStarted: () => void;
  const started = new Promise<void>((resolvePromise) => (markStarted = resolvePromise));
  process_.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes("started")) markStarted();
  });
  process_.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => process_.kill("SIGKILL"), 80_000); // a hard limit: compiling src/ with tsx takes seconds on a loaded machine
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>((resolvePromise) =>
    process_.on("close", (code, signal) => {
      clearTimeout(timer);
      resolvePromise({ code, signal, output });
    }),
  );
  return { done, kill: (signal) => process_.kill(signal), started };
}

test.each([
  ["writeParquet", 0],
  ["writeParquet", -5],
  ["writeArrow", 0],
  ["writeArrow", 0.25],
])("a child calling %s with batchRows %p ends by itself with the ValidationError (it used to spin forever)", async (writer, batchRows) => {
  const target = join(dir, `spin-${writer}-${batchRows}`);
  const run = child(`
    const rows = Array.from({ length: 50 }, (_, id) => ({ id, name: "n" + id }));
    ff.${writer}(rows, ${JSON.stringify(target)}, { batchRows: ${batchRows} }).then(
      () => { console.log("written"); },
      (error) => { console.log(error.name + " " + error.message); process.exitCode = 3; },
    );`);
  const { code, output } = await run.done;
  expect(output).toMatch(/ValidationError batchRows: must be a whole number of rows of 1 or more/);
  expect(code).toBe(3);
  expect(existsSync(target)).toBe(false);
});

test("a SIGTERM ends a child in the middle of a long export, and no temporary file is left", async () => {
  const target = join(dir, "long.parquet");
  const run = child(`
    async function* pages() {
      for (let page = 0; ; page++) {
        if (page === 2) console.log("started");
        yield Array.from({ length: 2000 }, (_, index) => ({ id: page * 2000 + index, name: "row " + index, share: index / 7 }));
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    ff.writeParquet(pages(), ${JSON.stringify(target)}, { batchRows: 1000 });`);
  await run.started;
  run.kill("SIGTERM");
  const { signal } = await run.done;
  expect(signal).toBe("SIGTERM");
  expect(readdirSync(dir).filter((name) => name.includes("long.parquet"))).toEqual([]);
});
