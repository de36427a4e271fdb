/**
 * The cache's folder, as someone who can write beside it or a careless user would leave it:
 * clearCache removes only the cache's own entries, and no entry is written through a planted link
 * or into a folder others can write to. Over real HTTP against the emulator.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { useEmulator, captureWarnings } from "./fixture";

const env = useEmulator();
let root: string;
let dir: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "fountframe-cachefolder-"));
  dir = join(root, "cache");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const pullWith = (cacheDir: string) => env.client({ cache: { dir: cacheDir } }).rawQuery("brands", { perPage: 5, maxPages: 2 });

test("clearCache removes the entries and leaves a user's own files, whatever their names", async () => {
  mkdirSync(dir, { mode: 0o700 });
  const mine = ["index-2024.csv", "content-notes.txt", "tmp-list.md", "README"];
  for (const name of mine) writeFileSync(join(dir, name), "mine\n");
  await pullWith(dir);
  expect(readdirSync(dir)).toEqual(expect.arrayContaining(["index-v5", "content-v2"]));
  const requests = env.emulator.stats.requests;
  await env.client({ cache: { dir } }).clearCache();
  expect(readdirSync(dir).sort()).toEqual([...mine].sort());
  await pullWith(dir);
  expect(env.emulator.stats.requests).toBe(requests * 2); // the entries are gone: fetched again
});

test("clearCache removes a link planted in place of a cache folder, never what it points to", async () => {
  mkdirSync(dir, { mode: 0o700 });
  const elsewhere = join(root, "elsewhere");
  mkdirSync(elsewhere);
  writeFileSync(join(elsewhere, "precious.txt"), "keep me\n");
  symlinkSync(elsewhere, join(dir, "content-v2"));
  await env.client({ cache: { dir } }).clearCache();
  expect(existsSync(join(dir, "content-v2"))).toBe(false);
  expect(readdirSync(elsewhere)).toEqual(["precious.txt"]);
});

test.each(["tmp", "index-v5", "content-v2"])(
  "a link planted at the cache's %s folder receives nothing: the write is refused with a warning",
  async (name) => {
    mkdirSync(dir, { mode: 0o700 });
    const trap = join(root, "trap");
    mkdirSync(trap);
    symlinkSync(trap, join(dir, name));
    const { result, warnings } = await captureWarnings(() => pullWith(dir));
    expect(result.length).toBe(10);
    expect(readdirSync(trap)).toEqual([]);
    expect(warnings.map((warning) => warning.message).join("\n")).toMatch(new RegExp(`${name} is not a folder the cache made`));
  },
);

test("a cache folder that is a link, or writable by others, is refused with a warning; the pull still succeeds", async () => {
  const real = join(root, "real");
  mkdirSync(real, { mode: 0o700 });
  symlinkSync(real, dir);
  const linked = await captureWarnings(() => pullWith(dir));
  expect(linked.result.length).toBe(10);
  expect(readdirSync(real)).toEqual([]);
  expect(linked.warnings.map((warning) => warning.message).join("\n")).toMatch(/is a symbolic link/);

  const shared = join(root, "shared");
  mkdirSync(shared);
  chmodSync(shared, 0o777);
  const open = await captureWarnings(() => pullWith(shared));
  expect(open.result.length).toBe(10);
  expect(readdirSync(shared)).toEqual([]);
  expect(open.warnings.map((warning) => warning.message).join("\n")).toMatch(/writable by other users \(mode 777\)/);
});

test("entries in a folder others can write to are not read: the pull fetches again", async () => {
  const shared = join(root, "shared");
  mkdirSync(shared, { mode: 0o700 });
  await pullWith(shared);
  const requests = env.emulator.stats.requests;
  await pullWith(shared);
  expect(env.emulator.stats.requests).toBe(requests); // private: read from the cache
  chmodSync(shared, 0o777);
  const { result } = await captureWarnings(() => pullWith(shared));
  expect(result.length).toBe(10);
  expect(env.emulator.stats.requests).toBe(requests * 2); // shared: fetched again, nothing read from it
});
