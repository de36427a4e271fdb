/**
 * One folder-naming rule for partition values (docs/parquet.md, "Partitioned datasets"), used by the
 * library's writer (pages served over real HTTP) and by store.writeParquet: every value gets a
 * folder of its own that DuckDB reads back as the value, and every part file reads.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { writeParquet } from "../../src/export";
import { openStore, type Store } from "../../src/store";
import { ValidationError } from "../../src/errors";
import { useEmulator } from "../client/fixture";
import { duckRows, sqlText } from "../export/duckdb";
import { recordsText, serveHostilePages } from "../export/hostilePages";
import { tempFolder } from "../helpers/tempFolder";

const env = useEmulator();
const dir = tempFolder("fountframe-partition-folders-");

const LONG = "p".repeat(300);
/** value → its folder under the documented rule */
const FOLDERS: readonly (readonly [string | null, string])[] = [
  [null, "k=__HIVE_DEFAULT_PARTITION__"],
  ["", "k="],
  ["__HIVE_DEFAULT_PARTITION__", "k=%5F_HIVE_DEFAULT_PARTITION__"],
  ["null", "k=%6Eull"],
  ["NULL", "k=%4EULL"],
  ["Null", "k=%4Eull"],
  ["nullable", "k=nullable"],
  ["a/b", "k=a%2Fb"],
  ["..", "k=.."],
  [".", "k=."],
  [" trailing ", "k= trailing "],
  ["a\u0000b", "k=a%00b"],
  ["=", "k=%3D"],
  ["%", "k=%25"],
  ["50%25", "k=50%2525"],
  ["tab\there\nline", "k=tab%09here%0Aline"],
  ["\u0001\u007f", "k=%01%7F"],
  [LONG, `k=${"p".repeat(200 - "k=".length - 17)}~${createHash("sha256").update(LONG).digest("hex").slice(0, 16)}`],
];
const VALUES = FOLDERS.map(([value]) => value);

/** Each row's id and k as DuckDB reads the dataset back with hive_partitioning, and each folder's files. */
async function readBack(out: string) {
  const rows = await duckRows(
    `SELECT id::INTEGER AS id, k FROM read_parquet(${sqlText(join(out, "**", "*.parquet"))}, hive_partitioning = true) ORDER BY id`,
  );
  return rows.map((row) => [row.id, row.k]);
}

/** Every part file of the dataset read by hyparquet: the ids it holds. */
async function hyparquetIds(out: string): Promise<number[]> {
  const { parquetReadObjects } = await import("hyparquet");
  const ids: number[] = [];
  for (const folder of readdirSync(out))
    for (const name of readdirSync(join(out, folder)).filter((file) => file.endsWith(".parquet"))) {
      const bytes = readFileSync(join(out, folder, name));
      const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
      for (const row of await parquetReadObjects({ file, columns: ["id"] })) ids.push(Number(row.id));
    }
  return ids.sort((a, b) => a - b);
}

/** A store's table `t`, made by `make`, written by store.writeParquet into `dir/name`: that folder. */
async function storeExport(name: string, partitionBy: string[], make: (store: Store) => Promise<unknown>): Promise<string> {
  const store = await openStore(join(dir, `${name}.duckdb`));
  const out = join(dir, name);
  try {
    await make(store);
    await store.writeParquet("t", out, { partitionBy });
  } finally {
    await store.close();
  }
  return out;
}

function expectTheRule(out: string): void {
  expect(readdirSync(out).sort()).toEqual(FOLDERS.map(([, folder]) => folder).sort());
  expect(readFileSync(join(out, FOLDERS.at(-1)![1], "_partition_value.txt"), "utf8")).toBe(LONG);
}

/** What DuckDB reads back: every value as it was, the long one as its shortened folder's name. */
const READ_BACK = VALUES.map((value, id) => [id, value === LONG ? FOLDERS.at(-1)![1].slice("k=".length) : value]);

test("the library's writer: null, '', the text __HIVE_DEFAULT_PARTITION__, escapes and a long value each get their own folder", async () => {
  const { perPage } = serveHostilePages(env.emulator, "brands", [recordsText(...VALUES.map((k, id) => ({ id, k, v: "x" })))]);
  const out = join(dir, "library");
  const summary = await writeParquet(env.client({ retries: 0, onErrors: "raise" }).rawPages("brands", { perPage }), out, {
    partitionBy: ["k"],
  });
  expect(summary.partitions).toHaveLength(VALUES.length);
  expectTheRule(out);
  expect(await readBack(out)).toEqual(READ_BACK);
  expect(await hyparquetIds(out)).toEqual(VALUES.map((_, id) => id));
});

test("store.writeParquet: the same folders for the same cells, every file readable, a long value shortened", async () => {
  const out = await storeExport("store", ["k"], async (store) => {
    await store.query("CREATE TABLE t (id INTEGER, k VARCHAR, v VARCHAR)");
    for (const [id, value] of VALUES.entries()) await store.query("INSERT INTO t VALUES ($1, $2, 'x')", [id, value]);
  });
  expectTheRule(out);
  expect(await readBack(out)).toEqual(READ_BACK);
  expect(await hyparquetIds(out)).toEqual(VALUES.map((_, id) => id));
});

test("store.writeParquet: null beside the text __HIVE_DEFAULT_PARTITION__ and '': three folders, no corrupt file", async () => {
  const out = await storeExport("sentinel", ["k"], async (store) => {
    await store.query("CREATE TABLE t (id INTEGER, k VARCHAR)");
    await store.query("INSERT INTO t VALUES (0, NULL), (1, '__HIVE_DEFAULT_PARTITION__'), (2, '')");
  });
  expect(readdirSync(out).sort()).toEqual(["k=", "k=%5F_HIVE_DEFAULT_PARTITION__", "k=__HIVE_DEFAULT_PARTITION__"]);
  expect(await readBack(out)).toEqual([
    [0, null],
    [1, "__HIVE_DEFAULT_PARTITION__"],
    [2, ""],
  ]);
  expect(await hyparquetIds(out)).toEqual([0, 1, 2]);
});

test("store.writeParquet: whole numbers and null, which DuckDB partitions itself, named as the library's writer names them", async () => {
  const out = await storeExport("numbers", ["k"], async (store) => {
    await store.query("CREATE TABLE t AS SELECT * FROM (VALUES (0, -1), (1, NULL), (2, 0), (3, 9007199254740993)) AS v(id, k)");
  });
  expect(readdirSync(out).sort()).toEqual(["k=-1", "k=0", "k=9007199254740993", "k=__HIVE_DEFAULT_PARTITION__"]);
  expect(await readBack(out)).toEqual([
    [0, -1n],
    [1, null],
    [2, 0n],
    [3, 9007199254740993n],
  ]);
});

test("store.writeParquet: nested partitions, dates and numbers named as the library's writer names them", async () => {
  const out = await storeExport("nested", ["day", "share", "at"], async (store) => {
    await store.query(
      `CREATE TABLE t AS SELECT range AS id, DATE '2024-01-31' + (range % 2)::INTEGER AS day, (range % 3) / 2 AS share, ` +
        `TIMESTAMP '2020-03-02 10:05:01.5' AS at FROM range(6)`,
    );
  });
  const folders = readdirSync(out, { recursive: true })
    .map(String)
    .filter((path) => path.split("/").length === 3)
    .sort();
  expect(folders).toEqual(
    ["2024-01-31", "2024-02-01"]
      .flatMap((day) => ["0", "0.5", "1"].map((share) => `day=${day}/share=${share}/at=2020-03-02T10%3A05%3A01.500Z`))
      .sort(),
  );
  const [{ n }] = await duckRows(`SELECT count(*)::INTEGER AS n FROM read_parquet(${sqlText(join(out, "**", "*.parquet"))})`);
  expect(n).toBe(6);
});

test("store.writeParquet: the table's id among the partition columns, before or after another: every row read back", async () => {
  const store = await openStore(join(dir, "by-id.duckdb"));
  try {
    const { rows } = await env.client().sync(store, "brands", {});
    const [{ ids, flags }] = (
      await store.query("SELECT count(DISTINCT id)::INTEGER AS ids, count(DISTINCT is_core)::INTEGER AS flags FROM brands")
    ).toJSON() as {
      ids: number;
      flags: number;
    }[];
    expect(flags).toBeGreaterThan(1);
    for (const partitionBy of [
      ["id", "is_core"],
      ["is_core", "id"],
    ]) {
      const out = join(dir, `by-${partitionBy.join("-")}`);
      await store.writeParquet("brands", out, { partitionBy });
      expect(readdirSync(out)).toHaveLength(partitionBy[0] === "id" ? ids : flags);
      const back = await duckRows(
        `SELECT id::INTEGER AS id, is_core::VARCHAR AS is_core, name FROM read_parquet(${sqlText(join(out, "**", "*.parquet"))}, hive_partitioning = true) ORDER BY id`,
      );
      const stored = (await store.query("SELECT id::INTEGER AS id, is_core::VARCHAR AS is_core, name FROM brands ORDER BY id")).toJSON();
      expect(back).toHaveLength(rows);
      expect(back).toEqual(stored);
    }
  } finally {
    await store.close();
  }
});

test("timestamps of one millisecond get a folder each, from the library's writer and from store.writeParquet, named alike", async () => {
  const stamps = [
    "2020-03-02T10:05:01.123456Z",
    "2020-03-02T10:05:01.123457Z",
    "2020-03-02T10:05:01.000000Z",
    "1969-12-31T23:59:59.999999Z",
  ];
  const folders = [
    "ts=2020-03-02T10%3A05%3A01.123456Z",
    "ts=2020-03-02T10%3A05%3A01.123457Z",
    "ts=2020-03-02T10%3A05%3A01.000Z",
    "ts=1969-12-31T23%3A59%3A59.999999Z",
  ].sort();
  const { perPage } = serveHostilePages(env.emulator, "brands", [recordsText(...stamps.map((at, id) => ({ id, ts: at })))]);
  const library = join(dir, "micros-library");
  await writeParquet(env.client({ retries: 0, onErrors: "raise" }).rawPages("brands", { perPage }), library, { partitionBy: ["ts"] });
  const store = await storeExport("micros-store", ["ts"], async (made) => {
    await made.query("CREATE TABLE t (id INTEGER, ts TIMESTAMP)");
    for (const [id, at] of stamps.entries()) await made.query("INSERT INTO t VALUES ($1, $2::TIMESTAMP)", [id, at]);
  });
  for (const out of [library, store]) {
    expect(readdirSync(out).sort()).toEqual(folders);
    const rows = await duckRows(
      `SELECT id::INTEGER AS id, strftime(ts::TIMESTAMP, '%Y-%m-%dT%H:%M:%S.%fZ') AS ts FROM read_parquet(${sqlText(join(out, "**", "*.parquet"))}, hive_partitioning = true) ORDER BY id`,
    );
    expect(rows.map((row) => row.ts)).toEqual(stamps);
  }
});

test("store.writeParquet: a partition column whose name leaves no room for a folder name is refused by name, nothing written", async () => {
  const long = "ü".repeat(90); // 180 bytes
  const refused = storeExport("long-name", [long], (store) => store.query(`CREATE TABLE t AS SELECT 1 AS id, 'v' AS "${long}"`));
  await expect(refused).rejects.toThrow(ValidationError);
  await expect(refused).rejects.toThrow(/^partitionBy: a list of column names, .* within 178 bytes of UTF-8 once escaped .*; got "ü+"$/);
  expect(readdirSync(dir)).not.toContain("long-name");
});
