import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// requireWithCodeCache (src/frame/danfo/codeCache.ts) loads dist/danfo.cjs with V8's code cache
// kept beside it. Each load runs in a process of its own, as a user's processes would.

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "fountframe-code-cache-"));
  file = join(dir, "big.cjs");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const cacheFiles = () => readdirSync(dir).filter((name) => name.endsWith(".v8-cache"));

function load(source: string): Record<string, unknown> {
  writeFileSync(file, source);
  const output = execFileSync(process.execPath, ["--require", require.resolve("tsx/cjs"), join(__dirname, "codeCache", "load.ts"), file], {
    encoding: "utf8",
  });
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
