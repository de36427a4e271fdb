import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import cacache from "cacache";
import { pagesRequested, useEmulator } from "../client/fixture";
import { expectSameFrame } from "../client/sameFrame";
import { tempFolder } from "../helpers/tempFolder";

// brands: 439 records, 5 pages of 100
const env = useEmulator();
const root = tempFolder("fountframe-content-hash-");
let dir: string;
let runs = 0;
beforeEach(() => {
  dir = join(root, `cache-${++runs}`);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const cached = () => env.client({ cache: { dir } });

interface IndexLine {
  key: string;
  integrity: string | null;
  metadata?: unknown;
}

/** Every entry as it stands (the last index line of a key wins), read from cacache's index files. */
function entries(): IndexLine[] {
  const index = join(dir, "index-v5");
  const latest = new Map<string, IndexLine>();
  if (!existsSync(index)) return [];
  for (const name of readdirSync(index, { recursive: true, encoding: "utf8" })) {
    const path = join(index, name);
    if (!statSync(path).isFile()) continue;
    for (const line of readFileSync(path, "utf8").split("\n").filter(Boolean)) {
      const entry = JSON.parse(line.slice(line.indexOf("\t") + 1)) as IndexLine;
      latest.set(entry.key, entry);
    }
  }
  return [...latest.values()].filter((entry) => entry.integrity);
}

const isColumns = (entry: IndexLine): boolean => entry.key.includes("fountframe[columns]");
const responseOfPage = (page: number): IndexLine =>
  entries().find((entry) => !isColumns(entry) && new RegExp(`[?&]page=${page}(&|$)`).test(entry.key))!;

/** Flips one byte of the content stored for `entry`. */
async function flipAByte(entry: IndexLine): Promise<void> {
  const { path } = (await cacache.get.info(dir, entry.key))!;
  const bytes = readFileSync(path);
  bytes[bytes.length >> 1] ^= 0x01;
  writeFileSync(path, bytes);
}

/** Every entry written again as fountframe before SHA-256 wrote it: content named and checked by SHA-512, same key and metadata. */
async function rewrittenWithSha512(keys: (entry: IndexLine) => boolean): Promise<void> {
  for (const entry of entries().filter(keys)) {
    const { data } = await cacache.get(dir, entry.key);
    await cacache.put(dir, entry.key, data, { algorithms: ["sha512"], metadata: entry.metadata });
  }
}

test("entries are named and checked by SHA-256: a flipped byte in a response is caught, that page alone fetched again", async () => {
  const fresh = await cached().brands();
  expect(entries().length).toBe(6); // five responses and the frame's columns
  expect(entries().every((entry) => entry.integrity!.startsWith("sha256-"))).toBe(true);
  expect(readdirSync(join(dir, "content-v2"))).toEqual(["sha256"]);

  await flipAByte(responseOfPage(2));
  // the columns dropped, so that the re-pull reads the responses
  await cacache.rm.entry(dir, entries().find(isColumns)!.key);
  env.emulator.resetStats();
  expectSameFrame(await cached().brands(), fresh);
  expect(pagesRequested(env.emulator, "brands")).toEqual([2]);
});

test("a cache written with SHA-512 (before this version) is read with no request, and a flipped byte in it is caught", async () => {
  const fresh = await cached().brands();
  await rewrittenWithSha512((entry) => !isColumns(entry));
  // the columns were made from responses of other integrities: re-made from the SHA-512 responses, no request
  env.emulator.resetStats();
  expectSameFrame(await cached().brands(), fresh);
  expect(env.emulator.stats.requests).toBe(0);
  await rewrittenWithSha512(isColumns);
  expect(entries().every((entry) => entry.integrity!.startsWith("sha512-"))).toBe(true);
  const before = entries().length;
  expectSameFrame(await cached().brands(), fresh);
  expect(env.emulator.stats.requests).toBe(0);
  // read from the SHA-512 columns: nothing written
  expect(entries()).toHaveLength(before);
  expect(entries().every((entry) => entry.integrity!.startsWith("sha512-"))).toBe(true);

  await flipAByte(responseOfPage(4));
  await cacache.rm.entry(dir, entries().find(isColumns)!.key);
  expectSameFrame(await cached().brands(), fresh);
  expect(pagesRequested(env.emulator, "brands")).toEqual([4]);
});
