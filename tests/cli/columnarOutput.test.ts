import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { tableFromIPC } from "apache-arrow";
import { cleanEnv, runCli, useCliFixture } from "./helpers/builtCli";
import { duckRows, duckTypes, sqlText } from "../export/duckdb";
import { recordsText, serveHostilePages } from "../export/hostilePages";

const TOKEN = "cli-test-token-never-shown";
const fx = useCliFixture(TOKEN);
const fount = (...args: string[]) => runCli(fx.cli, args, { env: cleanEnv({ FOUNT_API_TOKEN: TOKEN, FOUNT_BASE_URL: fx.emulator.url }) });
const brandscapeArgs = ["brandscape-data", "--studies", "1,2", "--audiences", "1", "--per-page", "100"];

test("--out x.parquet: the frame's rows and types, read by DuckDB", async () => {
  const frame = await fx.client.brandscapeData({ studies: [1, 2], audiences: [1], perPage: 100 });
  const out = join(fx.dir, "brandscape.parquet");
  const run = await fount(...brandscapeArgs, "--out", out);
  expect(run).toMatchObject({ code: 0, stdout: "" });
  expect(run.stderr).toMatch(/wrote \d+ rows × \d+ columns to .*brandscape\.parquet/);
  const from = `read_parquet(${sqlText(out)})`;
  const [{ rows, ids }] = await duckRows(`SELECT count(*) AS rows, sum(brand_id) AS ids FROM ${from}`);
  const brandIds = (frame.values as number[][]).map((row) => row[frame.columns.indexOf("brand_id")]);
  expect([Number(rows), Number(ids)]).toEqual([frame.shape[0], brandIds.reduce((a, b) => a + b, 0)]);
  const types = await duckTypes(from);
  expect([types.study_id, types.differentiation_c, types.brand_name]).toEqual(["BIGINT", "DOUBLE", "VARCHAR"]);
  // brandscape rows carry no timestamps (the included study is slim): a study's own dates are timestamps
  const studies = join(fx.dir, "studies.parquet");
  expect(await fount("studies", "--country-codes", "GB", "--out", studies)).toMatchObject({ code: 0 });
  const studyTypes = await duckTypes(`read_parquet(${sqlText(studies)})`);
  expect([studyTypes.id, studyTypes.start_date, studyTypes.is_active]).toEqual(["BIGINT", "TIMESTAMP WITH TIME ZONE", "BOOLEAN"]);
});

test("--out x.arrow and --format arrow: an Arrow IPC file", async () => {
  const out = join(fx.dir, "brandscape.data");
  expect((await fount(...brandscapeArgs, "--out", out, "--format", "arrow", "-q")).code).toBe(0);
  const table = tableFromIPC(readFileSync(out));
  // every key of the pages, as in CSV (the frame also drops its all-null columns)
  expect(table.numCols).toBeGreaterThanOrEqual(368);
  expect(String(table.schema.fields.find((field) => field.name === "brand_id")!.type)).toBe("Int64");
});

test("--partition-by study_id: a Hive-style folder DuckDB reads with hive_partitioning", async () => {
  const out = join(fx.dir, "by-study");
  const run = await fount(...brandscapeArgs, "--out", out, "--partition-by", "study_id");
  expect(run).toMatchObject({ code: 0 });
  expect(run.stderr).toMatch(/in 2 partitions/);
  expect(readdirSync(out).sort()).toEqual(["study_id=1", "study_id=2"]);
  const counts = await duckRows(
    `SELECT study_id, count(*) AS n FROM read_parquet(${sqlText(join(out, "**", "*.parquet"))}, hive_partitioning = true) GROUP BY 1 ORDER BY 1`,
  );
  const frame = await fx.client.brandscapeData({ studies: [1, 2], audiences: [1], perPage: 100 });
  const perStudy = (study: number) => (frame.values as number[][]).filter((row) => row[frame.columns.indexOf("study_id")] === study).length;
  expect(counts.map((row) => [Number(row.study_id), Number(row.n)])).toEqual([
    [1, perStudy(1)],
    [2, perStudy(2)],
  ]);
});

test("--partition-by a column the data does not have: bad usage (exit 2), naming the columns, nothing written", async () => {
  const out = join(fx.dir, "by-nothing");
  const run = await fount("regions", "--out", out, "--format", "parquet", "--partition-by", "nope", "-q");
  expect(run.code).toBe(2);
  expect(run.stderr).toMatch(/partitionBy: "nope" is not a column of this data; its columns: id, name/);
  expect(existsSync(out)).toBe(false);
});

test("--partition-by: null, '', the text __HIVE_DEFAULT_PARTITION__ and escaped values each get their folder, read back as they were", async () => {
  const values = [null, "", "__HIVE_DEFAULT_PARTITION__", "a/b", "%", "..", "x\ny"];
  const { perPage } = serveHostilePages(fx.emulator, "brands", [recordsText(...values.map((k, id) => ({ id, k })))]);
  const out = join(fx.dir, "by-k");
  try {
    expect(await fount("brands", "--per-page", String(perPage), "--out", out, "--partition-by", "k", "-q")).toMatchObject({ code: 0 });
  } finally {
    fx.emulator.setFaults([]);
  }
  expect(readdirSync(out).sort()).toEqual(
    ["k=__HIVE_DEFAULT_PARTITION__", "k=", "k=%5F_HIVE_DEFAULT_PARTITION__", "k=a%2Fb", "k=%25", "k=..", "k=x%0Ay"].sort(),
  );
  const rows = await duckRows(
    `SELECT id::INTEGER AS id, k FROM read_parquet(${sqlText(join(out, "**", "*.parquet"))}, hive_partitioning = true) ORDER BY id`,
  );
  expect(rows.map((row) => row.k)).toEqual(values);
});

test("--partition-by with another format: a usage error", async () => {
  const run = await fount(...brandscapeArgs, "--out", join(fx.dir, "x.csv"), "--partition-by", "study_id");
  expect(run.code).toBe(2);
  expect(run.stderr).toMatch(/--partition-by writes a Parquet folder/);
});

test("--types fixes column types up front; a bad type or a format without types is a usage error", async () => {
  const out = join(fx.dir, "typed.parquet");
  expect((await fount(...brandscapeArgs, "--out", out, "--types", "brand_id=double,study_id=utf8", "-q")).code).toBe(0);
  const types = await duckTypes(`read_parquet(${sqlText(out)})`);
  expect([types.brand_id, types.study_id, types.category_id]).toEqual(["DOUBLE", "VARCHAR", "BIGINT"]);
  const bad = await fount(...brandscapeArgs, "--out", out, "--types", "brand_id=float");
  expect(bad.code).toBe(2);
  expect(bad.stderr).toMatch(/--types.*one of int64, double, boolean, utf8, date, timestamp; got "brand_id=float"/);
  const csv = await fount(...brandscapeArgs, "--out", join(fx.dir, "typed.csv"), "--types", "brand_id=double");
  expect([csv.code, csv.stderr]).toEqual([2, expect.stringMatching(/--types: only Parquet and Arrow/)]);
});
