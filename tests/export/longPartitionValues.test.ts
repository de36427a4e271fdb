/**
 * A partition value too long for a folder name (the file system's 255 bytes) gets a shortened,
 * reversible folder name; its whole value is kept beside the parts. Served over real HTTP.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { writeParquet } from "../../src/export";
import { ValidationError } from "../../src/errors";
import { useEmulator } from "../client/fixture";
import { duckRows, sqlText } from "./duckdb";
import { recordsText, serveHostilePages } from "./hostilePages";
import { tempFolder } from "../helpers/tempFolder";

const env = useEmulator();
const dir = tempFolder("fountframe-long-partitions-");

const LONG_ASCII = "a".repeat(300);
const LONG_ASCII_TWIN = "a".repeat(299) + "b"; // one prefix, another value
const LONG_MULTIBYTE = "é東".repeat(60) + "/=%"; // 300 bytes, escapes at the end
const SHORT = "short";

test("a short value spelt as a long value's shortened folder name gets a folder of its own, read back as it was (round 11)", async () => {
  const hash = createHash("sha256").update(LONG_ASCII, "utf8").digest("hex").slice(0, 16);
  // "label=" leaves 200 - 6 - 1 - 16 = 177 bytes of the value before `~` and the hash
  const lookalike = `${"a".repeat(177)}~${hash}`;
  const pages = [recordsText({ id: 1, label: LONG_ASCII }, { id: 2, label: lookalike })];
  const { perPage } = serveHostilePages(env.emulator, "brands", pages);
  const out = join(dir, "lookalike");
  const summary = await writeParquet(env.client({ retries: 2, onErrors: "raise" }).rawPages("brands", { perPage }), out, {
    partitionBy: ["label"],
  });
  expect(summary.partitions).toHaveLength(2);
  expect(readdirSync(out).sort()).toEqual([`label=${lookalike}`, `label=${"a".repeat(177)}%7E${hash}`].sort());
  const rows = await duckRows(
    `SELECT id::INTEGER AS id, label FROM read_parquet(${sqlText(join(out, "**", "*.parquet"))}, hive_partitioning = true) ORDER BY id`,
  );
  expect(rows.map((row) => [row.id, row.label])).toEqual([
    [1, lookalike],
    [2, lookalike],
  ]);
});

test("long values get `label=<prefix>~<16 hex of SHA-256>` folders, each with its whole value in _partition_value.txt", async () => {
  const pages = [
    recordsText({ id: 1, label: LONG_ASCII }, { id: 2, label: SHORT }),
    recordsText({ id: 3, label: LONG_ASCII_TWIN }, { id: 4, label: LONG_MULTIBYTE }),
    recordsText({ id: 5, label: LONG_ASCII }),
  ];
  const { perPage } = serveHostilePages(env.emulator, "brands", pages);
  const out = join(dir, "dataset");
  const summary = await writeParquet(env.client({ retries: 2, onErrors: "raise" }).rawPages("brands", { perPage }), out, {
    partitionBy: ["label"],
  });
  const folders = readdirSync(out).sort();
  expect(folders).toHaveLength(4);
  expect(summary.partitions).toHaveLength(4);
  const whole = new Map<string, string>();
  for (const folder of folders) {
    expect(Buffer.byteLength(folder)).toBeLessThanOrEqual(200);
    if (folder === `label=${SHORT}`) {
      expect(readdirSync(join(out, folder))).toEqual(["part-0.parquet"]);
      continue;
    }
    expect(readdirSync(join(out, folder)).sort()).toEqual(["_partition_value.txt", "part-0.parquet"]);
    const value = readFileSync(join(out, folder, "_partition_value.txt"), "utf8");
    whole.set(value, folder);
    // the documented name: the escaped value's SHA-256 (its first 16 hex digits) after the cut prefix
    const escaped = value.replaceAll("%", "%25").replaceAll("/", "%2F").replaceAll("=", "%3D");
    const hash = createHash("sha256").update(escaped, "utf8").digest("hex").slice(0, 16);
    expect(folder).toMatch(new RegExp(`^label=.+~${hash}$`));
    expect(escaped.startsWith(folder.slice("label=".length, -17))).toBe(true);
  }
  expect([...whole.keys()].sort()).toEqual([LONG_ASCII, LONG_ASCII_TWIN, LONG_MULTIBYTE].sort());
  // an engine reads the folder name as the value; the rows are all there, each under its own folder
  const rows = await duckRows(
    `SELECT label, count(*)::INTEGER AS n FROM read_parquet(${sqlText(join(out, "**", "*.parquet"))}, hive_partitioning = true) GROUP BY 1 ORDER BY 2 DESC, 1`,
  );
  expect(rows.map((row) => row.n)).toEqual([2, 1, 1, 1]);
  expect(rows[0].label).toBe(whole.get(LONG_ASCII)!.slice("label=".length));
});

test("a partition column whose name leaves no room for a folder name is refused by name, before anything is read or written", async () => {
  const fits = "k".repeat(178); // `k…=` is 179 bytes: a value's shortened folder still fits, with 4 bytes of it
  const pages = [recordsText({ id: 1, [fits]: "v".repeat(300) }, { id: 2, [fits]: "w" })];
  const { perPage } = serveHostilePages(env.emulator, "brands", pages);
  const client = env.client({ retries: 2, onErrors: "raise" });
  const out = join(dir, "long-name");
  await writeParquet(client.rawPages("brands", { perPage }), out, { partitionBy: [fits] });
  const folders = readdirSync(out);
  expect(folders).toHaveLength(2);
  for (const folder of folders) expect(Buffer.byteLength(folder)).toBeLessThanOrEqual(200);
  for (const long of ["k".repeat(179), "ü".repeat(130), "/".repeat(60)]) {
    const refused = writeParquet(client.rawPages("brands", { perPage }), join(dir, "refused"), { partitionBy: ["id", long] });
    await expect(refused).rejects.toThrow(ValidationError);
    await expect(refused).rejects.toThrow(/^partitionBy: must be a list of column names, .* each within 178 bytes of UTF-8 once escaped/);
  }
  expect(readdirSync(dir)).not.toContain("refused");
});
