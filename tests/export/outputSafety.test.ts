/**
 * What every writer promises about the files beside its target (docs/writers.md): a 250-byte name,
 * legal on the file system, can be written (the temporary name beside it stays within the limit),
 * and a link planted at any name an export used to write through, or at the resume folder's name,
 * receives nothing. Real files, real links, pages over real HTTP for the resumable exports.
 */
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeArrow, writeCSV, writeExcel, writeJSON, writeNDJSON, writeParquet, type ExportSummary } from "../../src/export";
import { temporaryPathBeside } from "../../src/export/output/temporary";
import { useEmulator } from "../client/fixture";
import { TRICKY } from "./exportFixtures";

const env = useEmulator();
let dir: string;
let trap: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "fountframe-safety-"));
  trap = join(dir, "trap");
  mkdirSync(trap);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const pages = () => env.client({ retries: 0, onErrors: "raise" }).rawPages("brands", { perPage: 5, maxPages: 3 });

type Write = (path: string) => Promise<ExportSummary>;
const WRITERS: [string, string, Write][] = [
  ["csv", "csv", (path) => writeCSV(TRICKY, path)],
  ["xlsx", "xlsx", (path) => writeExcel(TRICKY, path)],
  ["json", "json", (path) => writeJSON(TRICKY, path)],
  ["ndjson", "ndjson", (path) => writeNDJSON(TRICKY, path)],
  ["parquet", "parquet", (path) => writeParquet(pages(), path)],
  ["arrow", "arrow", (path) => writeArrow(pages(), path)],
  ["partitioned parquet", "parquet", (path) => writeParquet(pages(), path, { partitionBy: ["is_core"] })],
  ["resumable parquet", "parquet", (path) => writeParquet(pages(), path, { resume: true, batchRows: 5 })],
  ["resumable arrow", "arrow", (path) => writeArrow(pages(), path, { resume: true, batchRows: 5 })],
  [
    "resumable partitioned parquet",
    "parquet",
    (path) => writeParquet(pages(), path, { resume: true, partitionBy: ["is_core"], batchRows: 5 }),
  ],
];

/** Everything in `dir` but the trap: a finished export leaves its target only. */
const leftovers = () => readdirSync(dir).filter((name) => name !== "trap");

test.each(WRITERS)("%s: a 250-byte file name is written, with nothing left beside it", async (_label, extension, write) => {
  const name = `${"n".repeat(250 - extension.length - 1)}.${extension}`;
  expect(Buffer.byteLength(name)).toBe(250);
  const summary = await write(join(dir, name));
  expect(summary.rows).toBeGreaterThan(0);
  expect(leftovers()).toEqual([name]);
});

test.each(WRITERS)("%s: a 250-byte name of multi-byte characters is written too", async (_label, extension, write) => {
  const stem = "é".repeat((250 - extension.length - 1) / 2 - ((250 - extension.length - 1) % 2 ? 0.5 : 0));
  const name = `${stem}${"x".repeat(250 - extension.length - 1 - Buffer.byteLength(stem))}.${extension}`;
  expect(Buffer.byteLength(name)).toBe(250);
  await write(join(dir, name));
  expect(leftovers()).toEqual([name]);
});

test.each(WRITERS)("%s: links planted at every predictable temporary name receive nothing", async (_label, extension, write) => {
  const target = `x.${extension}`;
  // the names exports used to write through (pid and a counter), the resume folder's, and the old aside folder's
  const planted = [`.${target}.resume`];
  for (let count = 1; count <= 20; count++) {
    planted.push(`.${target}.${process.pid}-${count}.partial`, `.${target}.${process.pid}-${count}.partial.old`);
  }
  // each link points at an existing folder: a mkdir that accepts what is there would write into it
  for (const name of planted) symlinkSync(trap, join(dir, name));
  const attempt = write(join(dir, target));
  if (_label.startsWith("resumable")) {
    // a link in place of the resume folder is refused before anything is written
    await expect(attempt).rejects.toThrow(/resume state in .*: it is a symbolic link/);
  } else {
    await attempt;
    expect(lstatSync(join(dir, target)).isSymbolicLink()).toBe(false);
  }
  expect(readdirSync(trap)).toEqual([]);
  for (const name of planted) expect(lstatSync(join(dir, name)).isSymbolicLink()).toBe(true);
});

test("a resumable export whose resume folder was a planted file or link is never followed; removing it lets the export run", async () => {
  const target = join(dir, "r.parquet");
  symlinkSync(trap, join(dir, ".r.parquet.resume"));
  await expect(writeParquet(pages(), target, { resume: true, batchRows: 5 })).rejects.toThrow(/symbolic link/);
  rmSync(join(dir, ".r.parquet.resume"));
  const summary = await writeParquet(pages(), target, { resume: true, batchRows: 5 });
  expect(summary.rows).toBe(15);
  expect(readdirSync(trap)).toEqual([]);
});

test("temporary names are random, hidden, beside the target and within 255 bytes however long the target's name", () => {
  const long = join(dir, "é".repeat(125));
  const names = new Set(Array.from({ length: 50 }, () => temporaryPathBeside(long)));
  expect(names.size).toBe(50);
  for (const path of names) {
    const name = path.slice(dir.length + 1);
    expect(name.startsWith(".")).toBe(true);
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(255);
  }
  const short = temporaryPathBeside(join(dir, "x.csv"));
  expect(short).toMatch(/\/\.x\.csv\.[0-9a-f]{16}\.partial$/);
});

test("an existing file at the target keeps its permissions when replaced, and no temporary file survives", async () => {
  const target = join(dir, "kept.csv");
  writeFileSync(target, "old\n", { mode: 0o640 });
  await writeCSV(TRICKY, target);
  expect(lstatSync(target).mode & 0o777).toBe(0o640);
  expect(existsSync(target)).toBe(true);
  expect(leftovers()).toEqual(["kept.csv"]);
});

test.each(WRITERS)(
  "%s: a link the user keeps at the target stays a link, and what it names is written",
  async (_label, extension, write) => {
    const target = join(dir, `linked.${extension}`);
    const named = join(trap, `data.${extension}`);
    symlinkSync(named, target);
    await write(target);
    await write(target); // again: replaced whole, the link kept
    expect(lstatSync(target).isSymbolicLink()).toBe(true);
    expect(readdirSync(trap).filter((name) => !name.startsWith("."))).toEqual([`data.${extension}`]);
    expect(leftovers()).toEqual([`linked.${extension}`]);
  },
);

test.each(WRITERS)("%s: a target in a loop of links is refused as such, nothing written", async (_label, extension, write) => {
  symlinkSync(`b.${extension}`, join(dir, `a.${extension}`));
  symlinkSync(`a.${extension}`, join(dir, `b.${extension}`));
  await expect(write(join(dir, `a.${extension}`))).rejects.toThrow(
    /^cannot write .*: it is a link in a loop of symbolic links \(nothing was written\)$/,
  );
  expect(leftovers().sort()).toEqual([`a.${extension}`, `b.${extension}`]);
});
