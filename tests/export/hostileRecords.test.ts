/**
 * Records a hostile or careless service could send, over real HTTP from the emulator: a record
 * nested 10,000 levels deep (legal JSON that overflows any recursive walk) and fields named like an
 * object's internals (`__proto__`, `constructor`, `toString`). Every path keeps every key and
 * value: the frame, and every writer from a pull's pages.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { writeArrow, writeCSV, writeExcel, writeJSON, writeNDJSON, writeParquet } from "../../src/export";
import { useEmulator } from "../client/fixture";
import { tableFromIPC } from "apache-arrow";
import { tempFolder } from "../helpers/tempFolder";

const env = useEmulator();
const dir = tempFolder("fountframe-hostile-");

const DEPTH = 10_000;
const DEEP_COLUMN = `nested${"_a".repeat(DEPTH)}`;
const pages = (options = {}) => env.client({ retries: 0, onErrors: "raise", ...options }).rawPages("brands", { perPage: 5, maxPages: 2 });

describe("a record nested 10,000 levels deep", () => {
  beforeEach(() => env.emulator.setFaults([{ resource: "brands", page: 1, kind: "deepRecord", depth: DEPTH }]));

  test.each([
    ["threads 0", { threads: 0 }],
    ["threads 2", { threads: 2 }],
    ["threads 0, through the response cache", { threads: 0, cache: true }],
  ] as const)("a frame (%s) flattens it into one column holding its value", async (_how, how) => {
    const options = "cache" in how ? { threads: how.threads, cache: { dir: join(dir, "deep-cache") } } : how;
    const frame = await env.client(options).brands({ perPage: 5, maxPages: 1 });
    expect(frame.columns).toContain(DEEP_COLUMN);
    expect(frame.column(DEEP_COLUMN).values[0]).toBe(1);
    if (!("cache" in how)) return;
    env.emulator.setFaults([]);
    const again = await env.client(options).brands({ perPage: 5, maxPages: 1 });
    expect(again.column(DEEP_COLUMN).values[0]).toBe(1); // the deep body was kept, and read back
  });

  test("NDJSON and JSON keep it flattened, and as it came with flatten: false", async () => {
    await writeNDJSON(pages(), join(dir, "deep.ndjson"));
    const flat = JSON.parse(readFileSync(join(dir, "deep.ndjson"), "utf8").split("\n")[0]) as Record<string, unknown>;
    expect(flat[DEEP_COLUMN]).toBe(1);
    for (const [name, write] of [
      ["deep-raw.ndjson", writeNDJSON],
      ["deep-raw.json", writeJSON],
    ] as const) {
      await write(pages(), join(dir, name), { flatten: false });
      const text = readFileSync(join(dir, name), "utf8");
      expect(text).toContain(`"nested":${'{"a":'.repeat(DEPTH)}1${"}".repeat(DEPTH)}`);
    }
  });

  test.each([
    ["csv", writeCSV],
    ["xlsx", writeExcel],
    ["parquet", writeParquet],
  ] as const)("%s writes it as one column", async (extension, write) => {
    const summary = await write(pages(), join(dir, `deep.${extension}`));
    expect(summary.columns).toContain(DEEP_COLUMN);
    expect(summary.rows).toBe(10);
  });

  test("Arrow writes it as one column with its value", async () => {
    const path = join(dir, "deep.arrow");
    await writeArrow(pages(), path);
    const table = tableFromIPC(readFileSync(path));
    expect(table.getChild(DEEP_COLUMN)?.get(0)).toBe(1n);
  });
});

describe("fields named like an object's internals", () => {
  const NAMES = ["__proto__", "constructor", "toString", "hasOwnProperty"];
  // one rule per request (times: 1), so each of the first pages brings one of the names
  beforeEach(() =>
    env.emulator.setFaults(
      NAMES.map((field, index) => ({ resource: "brands", kind: "revised" as const, field, value: `v${index}`, times: 1 })),
    ),
  );
  const fourPages = () => env.client({ retries: 0, onErrors: "raise" }).rawPages("brands", { perPage: 5, maxPages: 4 });
  const valuesOf = (rows: readonly Record<string, unknown>[], name: string) =>
    new Set(rows.filter((row) => Object.hasOwn(row, name) && row[name] !== null).map((row) => row[name]));

  test.each([
    ["in the main thread", { threads: 0 }],
    ["on worker threads", { threads: 2 }],
    ["through the response cache, fetched then read back", { cache: true }],
  ] as const)("the frame %s keeps every one as a column with its values, and no prototype is touched", async (_how, how) => {
    const options = "cache" in how ? { cache: { dir: join(dir, "cache") } } : how;
    if ("cache" in how) await env.client(options).brands({ perPage: 5, maxPages: 4 });
    const frame = await env.client(options).brands({ perPage: 5, maxPages: 4 });
    for (const [index, name] of NAMES.entries()) {
      expect(frame.columns).toContain(name);
      expect(new Set(frame.column(name).values as unknown[])).toContain(`v${index}`);
    }
    expect(({} as Record<string, unknown>).v0).toBeUndefined();
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
  });

  test.each([
    ["ndjson", writeNDJSON, {}],
    ["json", writeJSON, {}],
    ["json", writeJSON, { flatten: false }],
  ] as const)("%s %p keeps every one with its values", async (extension, write, options) => {
    const path = join(dir, `internals-${Object.keys(options).length}.${extension}`);
    await write(fourPages(), path, options);
    const text = readFileSync(path, "utf8");
    const rows = (
      extension === "json"
        ? JSON.parse(text)
        : text
            .trim()
            .split("\n")
            .map((line) => JSON.parse(line))
    ) as Record<string, unknown>[];
    for (const [index, name] of NAMES.entries()) expect(valuesOf(rows, name)).toEqual(new Set([`v${index}`]));
  });

  test("CSV keeps every one in its header (columns fixed up front, as later pages bring them)", async () => {
    const path = join(dir, "internals.csv");
    await writeCSV(fourPages(), path, { columns: ["id", ...NAMES], onNewColumns: "ignore" });
    const lines = readFileSync(path, "utf8").trim().split("\n");
    expect(lines[0]).toBe(["id", ...NAMES].join(","));
    expect(lines.filter((line) => line.includes("v0")).length).toBe(5);
  });

  test.each([
    ["parquet", writeParquet],
    ["arrow", writeArrow],
  ] as const)("%s keeps every one, typed as declared", async (extension, write) => {
    const path = join(dir, `internals.${extension}`);
    const types = Object.fromEntries(NAMES.map((name) => [name, "utf8" as const]));
    const summary = await write(fourPages(), path, { columns: ["id", ...NAMES], types, batchRows: 5, onNewColumns: "ignore" });
    expect(summary.columns).toEqual(["id", ...NAMES]);
    if (extension === "arrow") {
      const table = tableFromIPC(readFileSync(path));
      for (const [index, name] of NAMES.entries()) expect(table.getChild(name)?.toArray()).toContain(`v${index}`);
    }
  });

  test("Excel keeps every one in its header", async () => {
    const summary = await writeExcel(fourPages(), join(dir, "internals.xlsx"), { columns: ["id", ...NAMES], onNewColumns: "ignore" });
    expect(summary.columns).toEqual(["id", ...NAMES]);
    expect(summary.rows).toBe(20);
  });
});

test.each([
  ["parquet", writeParquet],
  ["arrow", writeArrow],
  ["csv", writeCSV],
  ["ndjson", writeNDJSON],
] as const)(
  "records parsed from JSON with a __proto__ field: %s infers and keeps it, typed by a declared type too",
  async (extension, write) => {
    const records = JSON.parse('[{"id":1,"__proto__":5,"constructor":"c"},{"id":2,"__proto__":6,"constructor":"d"}]') as Record<
      string,
      unknown
    >[];
    const path = join(dir, `parsed.${extension}`);
    const summary = await write(records, path);
    expect(summary.columns).toEqual(["id", "__proto__", "constructor"]);
    if (extension === "arrow") {
      expect(tableFromIPC(readFileSync(path)).getChild("__proto__")?.toArray()).toEqual(new BigInt64Array([5n, 6n]));
      const types = JSON.parse('{"__proto__": "double", "constructor": "utf8"}') as Record<string, "double" | "utf8">;
      await writeArrow(records, path, { types });
      expect(String(tableFromIPC(readFileSync(path)).schema.fields.find((field) => field.name === "__proto__")?.type)).toBe("Float64");
    }
  },
);
