import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import cacache from "cacache";
import { contentFile, indexFile, writeEntry } from "../../src/cache/cacheFolder";
import { tempFolder } from "../helpers/tempFolder";

const root = tempFolder("fountframe-entry-files-");
let runs = 0;
const freshDir = (): string => join(root, `cache-${++runs}`);

const KEY = "fountframe-v1 http://127.0.0.1:1/ 0123456789abcdef brands?page=2&per_page=100";

test("an entry written is cacache's own: read whole, its metadata kept, its files 0600", async () => {
  const dir = freshDir();
  const body = Buffer.from('{"data":[{"id":1,"name":"Ünïcode 😀"}],"meta":{}}');
  const integrity = await writeEntry(dir, KEY, body, "sha256", { pages: ["a"], digest: "d" });

  expect(integrity).toMatch(/^sha256-/);
  const read = await cacache.get(dir, KEY);
  expect(read.data.equals(body)).toBe(true);
  expect(read.integrity).toBe(integrity);
  expect(read.metadata).toEqual({ pages: ["a"], digest: "d" });
  expect(read.size).toBe(body.length);
  expect((await cacache.get.info(dir, KEY))!.path).toBe(contentFile(dir, integrity));
  for (const path of [contentFile(dir, integrity), indexFile(dir, KEY)]) expect(statSync(path).mode & 0o777).toBe(0o600);
  // the temporary file was moved, not left behind
  expect(readdirSync(join(dir, "tmp"))).toEqual([]);
});

test("a changed byte in the content is caught by cacache's check", async () => {
  const dir = freshDir();
  const integrity = await writeEntry(dir, KEY, Buffer.from('{"data":[],"meta":{"total":0}}'), "sha256");
  const path = contentFile(dir, integrity);
  const bytes = readFileSync(path);
  bytes[3] ^= 0x01;
  writeFileSync(path, bytes);
  await expect(cacache.get(dir, KEY)).rejects.toMatchObject({ code: "EINTEGRITY" });
});

test("the same content under two keys is one file; a key written again reads its latest content", async () => {
  const dir = freshDir();
  const body = Buffer.from("same body");
  const [first, second] = await Promise.all([writeEntry(dir, KEY, body, "sha256"), writeEntry(dir, `${KEY}&x=1`, body, "sha256")]);
  expect(first).toBe(second);
  expect((await cacache.get(dir, `${KEY}&x=1`)).data.toString()).toBe("same body");

  await writeEntry(dir, KEY, Buffer.from("newer body"), "sha256");
  expect((await cacache.get(dir, KEY)).data.toString()).toBe("newer body");
});
