import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// requireWithCodeCache (src/frame/danfo/loadDanfo.ts) loads dist/danfo.cjs with V8's code cache
// kept beside it. Each load runs in a process of its own, as a user's processes would.

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "fountframe-code-cache-"));
  file = join(dir, "big.cjs");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const cacheFiles = () => readdirSync(dir).filter((name) => name.endsWith(".v8-cache"));

/** The module, as `source`, loaded by a process of its own run with `flags`. */
function load(source: string, flags: string[] = []): Record<string, unknown> {
  writeFileSync(file, source);
  const script = join(__dirname, "codeCache", "load.ts");
  const output = execFileSync(process.execPath, [...flags, "--require", require.resolve("tsx/cjs"), script, file], { encoding: "utf8" });
  return JSON.parse(output) as Record<string, unknown>;
}

const MODULE = "exports.value = require('node:path').basename(__filename); exports.self = () => module.exports;";

it("loads a module as require does, the one module require then gives, and keeps its code cache beside it", () => {
  expect(load(MODULE)).toEqual({ value: "big.cjs", sameAsRequire: true, sameAgain: true, selfIsExports: true });
  expect(cacheFiles()).toHaveLength(1);
  // the next process takes the cache rather than writing it again
  const [cache] = cacheFiles();
  const written = statSync(join(dir, cache)).mtimeMs;
  expect(load(MODULE)).toMatchObject({ value: "big.cjs", sameAsRequire: true });
  expect(cacheFiles()).toEqual([cache]);
  expect(statSync(join(dir, cache)).mtimeMs).toBe(written);
}, 60_000);

it("takes no cache made of other content of the same length, and drops the old one", () => {
  expect(load("exports.value = 'aaaa';")).toMatchObject({ value: "aaaa" });
  const [first] = cacheFiles();
  expect(load("exports.value = 'bbbb';")).toMatchObject({ value: "bbbb" });
  expect(cacheFiles()).toHaveLength(1);
  expect(cacheFiles()[0]).not.toBe(first);
}, 60_000);

it("a module that throws while loading is not left in require's cache", () => {
  expect(load("throw new Error('broken on load');")).toEqual({ threw: "broken on load", inRequireCache: false });
}, 60_000);

it("where the cache cannot be written the module still loads", () => {
  load(MODULE);
  const [cache] = cacheFiles();
  rmSync(join(dir, cache));
  // a folder in the cache file's place: it can be neither read nor replaced
  mkdirSync(join(dir, cache));
  expect(load(MODULE)).toMatchObject({ value: "big.cjs", sameAsRequire: true });
  expect(statSync(join(dir, cache)).isDirectory()).toBe(true);
  expect(readdirSync(dir).filter((name) => name.endsWith(".partial"))).toEqual([]);
}, 60_000);

it("keeps one cache for each set of flags a process runs with, and drops only those of other content", () => {
  load(MODULE);
  const plain = cacheFiles();
  expect(plain).toHaveLength(1);
  // under other flags V8 would reject the plain process's cache: that process keeps its own
  expect(load(MODULE, ["--no-opt"])).toMatchObject({ value: "big.cjs" });
  expect(cacheFiles()).toHaveLength(2);
  expect(cacheFiles()).toEqual(expect.arrayContaining(plain));
  // the file changed: its old caches go
  load(`${MODULE} exports.more = 1;`);
  expect(cacheFiles()).toHaveLength(1);
  expect(cacheFiles()).not.toEqual(expect.arrayContaining(plain));
}, 60_000);
