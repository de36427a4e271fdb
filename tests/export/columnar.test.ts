import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tableFromIPC } from "apache-arrow";
import type { DataFrame } from "danfojs-node";
import { writeArrow, writeParquet } from "../../src/export";
import { ValidationError } from "../../src/errors";
import { useEmulator } from "../client/fixture";
import { pagesOf } from "./exportFixtures";
import { duckRows, duckTypes, sqlText } from "./duckdb";
import { tempFolder } from "../helpers/tempFolder";

const env = useEmulator();
const dir = tempFolder("fountframe-columnar-");

const parquet = (path: string) => `read_parquet(${sqlText(path)})`;

/** What DuckDB should call a frame column, from the frame's dtype and (for text) its values. */
function expectedDuckType(dtype: string, values: unknown[]): string {
  if (dtype === "int32") return "BIGINT";
  if (dtype === "float32") return "DOUBLE";
  if (dtype === "boolean") return "BOOLEAN";
  const present = values.filter((value) => value !== null && value !== undefined) as string[];
  if (present.length && present.every((value) => /^\d{4}-\d{2}-\d{2}$/.test(value))) return "DATE";
  if (present.length && present.every((value) => /^\d{4}-\d{2}-\d{2}T/.test(value))) return "TIMESTAMP WITH TIME ZONE";
  return "VARCHAR";
}

const columnOf = (frame: DataFrame, column: string): unknown[] =>
  (frame.values as unknown[][]).map((row) => row[frame.columns.indexOf(column)]);
const sum = (values: unknown[]): number =>
  values.reduce<number>((total, value) => total + (typeof value === "number" && !Number.isNaN(value) ? value : 0), 0);

describe("a pull's pages, streamed, read back by DuckDB equal the frame", () => {
  const query = { studies: 1, audiences: [1], perPage: 50 } as const;
  let frame: DataFrame;
  beforeAll(async () => {
    frame = await env.client().brandscapeData(query);
  });

  test("Parquet: row count, every column's type, sums and a text column", async () => {
    const path = join(dir, "brandscape.parquet");
    // small batches: several row groups, and a schema fixed before the pull ended
    const summary = await writeParquet(env.client().pages("brandscapeData", query), path, { batchRows: 60 });
    expect(summary).toMatchObject({ format: "parquet", path, rows: frame.shape[0], droppedColumns: [] });
    const [{ rows }] = await duckRows(`SELECT count(*) AS rows FROM ${parquet(path)}`);
    expect(Number(rows)).toBe(frame.shape[0]);
    const types = await duckTypes(parquet(path));
    for (const [position, column] of frame.columns.entries()) {
      expect([column, types[column]]).toEqual([column, expectedDuckType(frame.dtypes[position], columnOf(frame, column))]);
    }
    const sums = await duckRows(
      `SELECT sum(brand_id) AS ids, sum(differentiation_c) AS diff, sum(relevance_rank) AS ranks FROM ${parquet(path)}`,
    );
    expect(Number(sums[0].ids)).toBe(sum(columnOf(frame, "brand_id")));
    expect(Number(sums[0].diff)).toBeCloseTo(sum(columnOf(frame, "differentiation_c")), 6);
    expect(Number(sums[0].ranks)).toBe(sum(columnOf(frame, "relevance_rank")));
    const names = await duckRows(`SELECT brand_name FROM ${parquet(path)}`);
    expect(names.map((row) => row.brand_name)).toEqual(columnOf(frame, "brand_name"));
  });

  test("Arrow IPC: the same columns, types and values (read with apache-arrow: DuckDB reads Arrow files only through a downloaded extension)", async () => {
    const path = join(dir, "brandscape.arrow");
    const summary = await writeArrow(env.client().pages("brandscapeData", query), path, { batchRows: 60 });
    expect(summary).toMatchObject({ format: "arrow", rows: frame.shape[0] });
    const table = tableFromIPC(readFileSync(path));
    expect(table.numRows).toBe(frame.shape[0]);
    expect(table.batches.length).toBeGreaterThan(1);
    const typeOf = (column: string) => String(table.schema.fields.find((field) => field.name === column)?.type);
    // brandscape rows carry no dates (their included study is slim): dates are checked on the awkward pages below
    expect([typeOf("brand_id"), typeOf("differentiation_c"), typeOf("brand_name")]).toEqual(["Int64", "Float64", "Utf8"]);
    const ids = table.getChild("brand_id")!.toArray() as BigInt64Array;
    expect(Number(ids.reduce((total, id) => total + id, 0n))).toBe(sum(columnOf(frame, "brand_id")));
    expect([...table.getChild("brand_name")!]).toEqual(columnOf(frame, "brand_name"));
    expect(sum([...(table.getChild("differentiation_c")!.toArray() as Float64Array)])).toBeCloseTo(
      sum(columnOf(frame, "differentiation_c")),
      6,
    );
  });

  test("a frame and an array of records write the same Parquet rows", async () => {
    const fromFrame = join(dir, "frame.parquet");
    const fromRecords = join(dir, "records.parquet");
    await writeParquet(frame, fromFrame);
    const records = (await env.client().rawQuery("brandscape-data", { filters: { studies: 1, audiences: [1] }, perPage: 100 })) as Record<
      string,
      unknown
    >[];
    await writeParquet(records, fromRecords, { endpoint: "brandscape-data" });
    const [counts] = await duckRows(
      `SELECT (SELECT count(*) FROM ${parquet(fromFrame)}) AS a, (SELECT count(*) FROM ${parquet(fromRecords)}) AS b`,
    );
    expect([Number(counts.a), Number(counts.b)]).toEqual([frame.shape[0], frame.shape[0]]);
    const differ = await duckRows(
      `SELECT count(*) AS n FROM (SELECT brand_id, differentiation_c, brand_name FROM ${parquet(fromFrame)} EXCEPT SELECT brand_id, differentiation_c, brand_name FROM ${parquet(fromRecords)})`,
    );
    expect(Number(differ[0].n)).toBe(0);
  });
});

describe("awkward values, served over HTTP by the emulator", () => {
  // pages the emulator answers as given: 3 pages of 2 records
  const LONG = "long text ".repeat(20_000);
  const pageBodies = [
    [
      {
        id: 1,
        big: "@BIG@",
        huge: "@HUGE@",
        note: null,
        name: "Zürich 東京 😀",
        long: LONG,
        day: "2024-02-29",
        at: "2020-03-02T10:05:01.123456Z",
        share: 1,
        flag: true,
      },
      {
        id: 2,
        big: -42,
        huge: 1,
        note: null,
        name: "",
        long: "",
        day: null,
        at: "2021-12-31T23:59:59.000000+01:00",
        share: 2,
        flag: false,
      },
    ],
    [
      { id: 3, big: 7, huge: 2, note: "now set", name: "ß\nnew line", long: "x", day: "1999-12-31", at: null, share: 2.5, flag: null },
      {
        id: 4,
        big: null,
        huge: 3,
        note: "again",
        name: "Ωmega",
        long: "y",
        day: "2000-01-01",
        at: "2000-01-01T00:00:00.000000Z",
        share: 0.125,
        flag: true,
      },
    ],
    [
      { id: 5, big: 8, huge: 4, note: null, name: "last", long: "z", day: "2000-01-02", at: null, share: 3, flag: false, later: 11 },
      { id: 6, big: 9, huge: 5, note: "end", name: "end", long: "z", day: "2000-01-03", at: null, share: 4, flag: true, later: 12 },
    ],
  ];
  const body = (page: number) =>
    JSON.stringify({
      data: pageBodies[page - 1],
      links: { first: "?page=1", last: "?page=3", prev: null, next: page < 3 ? `?page=${page + 1}` : null },
      meta: { current_page: page, from: page * 2 - 1, last_page: 3, per_page: 2, to: page * 2, total: 6, path: "brands" },
      // a whole number past 2^53, as JSON text: the client's JSON.parse rounds it to 9007199254740992
    })
      .replace('"@BIG@"', "9007199254740993")
      .replace('"@HUGE@"', "12345678901234567890");
  const serve = () =>
    env.emulator.setFaults([1, 2, 3].map((page) => ({ resource: "brands", page, kind: "status" as const, status: 200, body: body(page) })));
  const pull = () => env.client({ retries: 0 }).rawPages("brands", { perPage: 2 });

  test("Parquet keeps each type, nulls in the first page only, a column that appears on the last page", async () => {
    serve();
    const path = join(dir, "awkward.parquet");
    const summary = await writeParquet(pull(), path);
    expect(summary.columns).toEqual(["id", "big", "huge", "note", "name", "long", "day", "at", "share", "flag", "later"]);
    expect(await duckTypes(parquet(path))).toEqual({
      id: "BIGINT",
      big: "BIGINT",
      huge: "DOUBLE", // past int64's range: the double JSON gave
      note: "VARCHAR",
      name: "VARCHAR",
      long: "VARCHAR",
      day: "DATE",
      at: "TIMESTAMP WITH TIME ZONE",
      share: "DOUBLE", // whole on page 1, fractions on page 2: widened
      flag: "BOOLEAN",
      later: "BIGINT",
    });
    const rows = await duckRows(
      `SELECT id, big, huge, note, name, length(long) AS long, strftime(day, '%Y-%m-%d') AS day, epoch_us("at") AS at, share, flag, later FROM ${parquet(path)} ORDER BY id`,
    );
    expect(rows[0]).toEqual({
      id: 1n,
      big: 9007199254740992n, // what JSON.parse, and so the frame, holds: 2^53 + 1 was already rounded
      huge: Number("12345678901234567890"),
      note: null,
      name: "Zürich 東京 😀",
      long: BigInt(LONG.length),
      day: "2024-02-29",
      at: BigInt(Date.UTC(2020, 2, 2, 10, 5, 1)) * 1000n + 123456n,
      share: 1,
      flag: true,
      later: null,
    });
    expect(rows.map((row) => row.note)).toEqual([null, null, "now set", "again", null, "end"]);
    expect(rows.map((row) => row.at)).toEqual([
      BigInt(Date.UTC(2020, 2, 2, 10, 5, 1)) * 1000n + 123456n,
      BigInt(Date.UTC(2021, 11, 31, 22, 59, 59)) * 1000n, // +01:00 to UTC
      null,
      BigInt(Date.UTC(2000, 0, 1)) * 1000n,
      null,
      null,
    ]);
    expect(rows.map((row) => row.later)).toEqual([null, null, null, null, 11n, 12n]);
    expect(rows.map((row) => row.name)).toEqual(["Zürich 東京 😀", "", "ß\nnew line", "Ωmega", "last", "end"]);
    const [sums] = await duckRows(`SELECT sum(big) AS big, sum(share) AS share FROM ${parquet(path)}`);
    expect(sums).toEqual({ big: 9007199254740992n - 42n + 7n + 8n + 9n, share: 1 + 2 + 2.5 + 0.125 + 3 + 4 });
  });

  test("Parquet: int64 column chunks within 32 bits and wider ones, each with its statistics, read back as written", async () => {
    serve();
    const path = join(dir, "encodings.parquet");
    // one row group a page: big holds 2^53 on page 1 only
    await writeParquet(pull(), path, { batchRows: 2, columns: ["id", "big"], onNewColumns: "ignore" });
    const chunks = await duckRows(
      `SELECT path_in_schema AS name, row_group_id AS rowGroup, type, stats_min_value AS min, stats_max_value AS max FROM parquet_metadata(${sqlText(path)}) WHERE path_in_schema IN ('id', 'big') ORDER BY name, rowGroup`,
    );
    // statistics per column chunk: what readers skip row groups by
    expect(chunks.map(({ name, rowGroup, type, min, max }) => [name, Number(rowGroup), type, min, max])).toEqual([
      ["big", 0, "INT64", "-42", "9007199254740992"],
      ["big", 1, "INT64", "7", "7"],
      ["big", 2, "INT64", "8", "9"],
      ["id", 0, "INT64", "1", "2"],
      ["id", 1, "INT64", "3", "4"],
      ["id", 2, "INT64", "5", "6"],
    ]);
    const rows = await duckRows(`SELECT id, big FROM ${parquet(path)}`);
    expect(rows).toEqual([
      { id: 1n, big: 9007199254740992n },
      { id: 2n, big: -42n },
      { id: 3n, big: 7n },
      { id: 4n, big: null },
      { id: 5n, big: 8n },
      { id: 6n, big: 9n },
    ]);
    const { parquetReadObjects } = await import("hyparquet");
    const bytes = readFileSync(path);
    const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    expect((await parquetReadObjects({ file, columns: ["big"] })).map((row) => row.big)).toEqual([
      9007199254740992n,
      -42n,
      7n,
      null,
      8n,
      9n,
    ]);
  });

  test("Arrow keeps the same values", async () => {
    serve();
    const path = join(dir, "awkward.arrow");
    await writeArrow(pull(), path);
    const table = tableFromIPC(readFileSync(path));
    expect(table.numRows).toBe(6);
    expect([...table.getChild("big")!]).toEqual([9007199254740992n, -42n, 7n, null, 8n, 9n]);
    expect([...table.getChild("name")!]).toEqual(["Zürich 東京 😀", "", "ß\nnew line", "Ωmega", "last", "end"]);
    expect([...table.getChild("later")!]).toEqual([null, null, null, null, 11n, 12n]);
    expect(table.getChild("long")!.get(0)).toBe(LONG);
    const typeOf = (column: string) => String(table.schema.fields.find((field) => field.name === column)?.type);
    expect([typeOf("day"), typeOf("at")]).toEqual(["Date32<DAY>", "Timestamp<MICROSECOND, UTC>"]);
    expect(String(table.schema.fields.find((field) => field.name === "share")!.type)).toBe("Float64");
  });

  test("past the first batch, a page the schema cannot hold raises, naming the column and the fix; no file is left", async () => {
    serve();
    const path = join(dir, "narrow.parquet");
    // the schema is fixed from the first 2 rows: share int64, and no `later` column
    await expect(writeParquet(pull(), path, { batchRows: 2 })).rejects.toThrow(
      /column "share" was written as int64, but row 3 holds a double value \(2\.5\); pass types: \{ "share": "double" \} to fix its type up front \(CLI: --types share=double\)/,
    );
    serve();
    await expect(writeParquet(pull(), path, { batchRows: 2, types: { share: "double", note: "utf8" } })).rejects.toThrow(
      /a later page brought columns the first 4 rows lacked \(later\)/,
    );
    expect(readdirSync(dir).filter((name) => name.includes("narrow"))).toEqual([]);
  });

  test("with `columns` and `types` given up front, the same narrow batches come out right", async () => {
    serve();
    const path = join(dir, "fixed.parquet");
    const columns = ["id", "big", "huge", "note", "name", "long", "day", "at", "share", "flag", "later"];
    await writeParquet(pull(), path, { batchRows: 2, columns, types: { share: "double", later: "int64" } });
    expect(await duckRows(`SELECT later, share FROM ${parquet(path)} ORDER BY id`)).toEqual([
      { later: null, share: 1 },
      { later: null, share: 2 },
      { later: null, share: 2.5 },
      { later: null, share: 0.125 },
      { later: 11n, share: 3 },
      { later: 12n, share: 4 },
    ]);
  });
});

describe("partitionBy: a Hive-style folder DuckDB reads as one table", () => {
  const query = { studies: [1, 2], audiences: [1], perPage: 100 } as const;

  test("one part file per study_id, study_id in the folder names, every row once", async () => {
    const frame = await env.client().brandscapeData(query);
    const out = join(dir, "dataset");
    writeFileSync(join(dir, "unrelated.txt"), "stays");
    const summary = await writeParquet(env.client().pages("brandscapeData", query), out, { partitionBy: ["study_id"], batchRows: 70 });
    const studies = [...new Set(columnOf(frame, "study_id"))].sort();
    expect(summary.partitions!.sort()).toEqual(studies.map((study) => `study_id=${String(study)}`));
    expect(readdirSync(out).sort()).toEqual(summary.partitions);
    expect(readdirSync(join(out, `study_id=${String(studies[0])}`))).toEqual(["part-0.parquet"]);
    const glob = `read_parquet(${sqlText(join(out, "**", "*.parquet"))}, hive_partitioning = true)`;
    const counts = await duckRows(`SELECT study_id, count(*) AS n, sum(brand_id) AS ids FROM ${glob} GROUP BY study_id ORDER BY study_id`);
    expect(counts.map((row) => [Number(row.study_id), Number(row.n), Number(row.ids)])).toEqual(
      studies.map((study) => {
        const rows = (frame.values as unknown[][]).filter((row) => row[frame.columns.indexOf("study_id")] === study);
        return [study, rows.length, sum(rows.map((row) => row[frame.columns.indexOf("brand_id")]))];
      }),
    );
    const types = await duckTypes(glob);
    expect([types.brand_id, types.differentiation_c, types.brand_name]).toEqual(["BIGINT", "DOUBLE", "VARCHAR"]);
    expect(readdirSync(dir).filter((name) => name.includes(".partial"))).toEqual([]);
  });

  test("a failing pull leaves the previous folder as it was and no hidden folder", async () => {
    const out = join(dir, "kept");
    await writeParquet(env.client().pages("brandscapeData", { studies: 1, audiences: 1, perPage: 50, maxPages: 1 }), out, {
      partitionBy: ["study_id"],
    });
    const before = readdirSync(out);
    env.emulator.setFaults([{ resource: "brandscape-data", page: 2, kind: "status", status: 500 }]);
    await expect(
      writeParquet(
        env.client({ retries: 0, onErrors: "raise" }).pages("brandscapeData", { studies: 1, audiences: [1], perPage: 20 }),
        out,
        {
          partitionBy: ["study_id"],
          batchRows: 10,
        },
      ),
    ).rejects.toThrow();
    expect(readdirSync(out)).toEqual(before);
    expect(readdirSync(dir).filter((name) => name.startsWith(".kept"))).toEqual([]);
  });

  test("bad partitionBy: a ValidationError, before any request, or for a column the data lacks at its first batch", async () => {
    await expect(writeParquet([{ a: 1 }], join(dir, "x"), { partitionBy: [""] })).rejects.toThrow(ValidationError);
    await expect(writeArrow([{ a: 1 }], join(dir, "x.arrow"), { partitionBy: ["a"] })).rejects.toThrow(/only Parquet/);
    await expect(writeParquet([{ a: 1 }], join(dir, "y"), { partitionBy: ["study"] })).rejects.toThrow(ValidationError);
    expect(readdirSync(dir).filter((name) => name === "y" || name.startsWith(".y"))).toEqual([]);
  });
});

test("an unwritable path: ExportError naming the user's path", async () => {
  writeFileSync(join(dir, "a-file"), "");
  await expect(writeParquet([{ a: 1 }], join(dir, "a-file", "out.parquet"))).rejects.toThrow(
    new RegExp(`cannot write ${join(dir, "a-file", "out.parquet").replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`),
  );
});

test("partitionBy never replaces what is not a dataset (a file, a folder of other things), before any request", async () => {
  const folder = join(dir, "not-a-dataset");
  mkdirSync(folder);
  writeFileSync(join(folder, "thesis.docx"), "precious");
  const requestsBefore = env.emulator.stats.log.length;
  writeFileSync(join(dir, "plain-file"), "");
  for (const target of [folder, join(dir, "plain-file")]) {
    await expect(writeParquet(env.client().pages("brandscapeData", { studies: 1 }), target, { partitionBy: ["study_id"] })).rejects.toThrow(
      /it exists and (is not a folder|holds "thesis\.docx", which is not a partition folder)/,
    );
  }
  expect(env.emulator.stats.log.length).toBe(requestsBefore);
  expect(readFileSync(join(folder, "thesis.docx"), "utf8")).toBe("precious");
});

test("no rows: an ExportError rather than a file readers refuse, and with `columns` an empty typed table", async () => {
  await expect(writeParquet([], join(dir, "empty.parquet"))).rejects.toThrow(/no rows and no columns/);
  await expect(writeArrow([], join(dir, "empty.arrow"))).rejects.toThrow(/no rows and no columns/);
  expect(readdirSync(dir).filter((name) => name.includes("empty"))).toEqual([]);
  const path = join(dir, "empty-typed.parquet");
  await writeParquet([], path, { columns: ["id", "name"], types: { id: "int64" } });
  expect(await duckTypes(parquet(path))).toEqual({ id: "BIGINT", name: "VARCHAR" });
  expect(await duckRows(`SELECT count(*)::INTEGER AS n FROM ${parquet(path)}`)).toEqual([{ n: 0 }]);
});

test("streamed pages make whole row groups: the rows of a page that overflows a batch wait for the next", async () => {
  const path = join(dir, "groups.parquet");
  // pages of 30 rows, batches of 50: groups of 50, 50, 50 and the last 30 rows (not 50, 10, 50, 10, ...)
  await writeParquet(pagesOf(...[0, 1, 2, 3, 4, 5].map((page) => Array.from({ length: 30 }, (_, i) => ({ id: page * 30 + i })))), path, {
    batchRows: 50,
  });
  const groups = await duckRows(`SELECT row_group_num_rows::INTEGER AS n FROM parquet_metadata(${sqlText(path)}) ORDER BY row_group_id`);
  expect(groups.map((group) => group.n)).toEqual([50, 50, 50, 30]);
  expect(await duckRows(`SELECT sum(id)::INTEGER AS total FROM ${parquet(path)}`)).toEqual([{ total: (179 * 180) / 2 }]);
});

test("partitionBy keeps at most maxOpenFiles part files open: a partition written again later gets part-1, part-2, ...", async () => {
  const out = join(dir, "few-open");
  // pages alternate between three groups, so with one file open each page starts a new part file
  const pages = [0, 1, 2, 3, 4, 5].map((page) => Array.from({ length: 10 }, (_, i) => ({ group: `g${page % 3}`, id: page * 10 + i })));
  const summary = await writeParquet(pagesOf(...pages), out, { partitionBy: ["group"], maxOpenFiles: 1, batchRows: 10 });
  expect(summary.partitions).toEqual(["group=g0", "group=g1", "group=g2"]);
  expect(readdirSync(join(out, "group=g0")).sort()).toEqual(["part-0.parquet", "part-1.parquet"]);
  const glob = `read_parquet(${sqlText(join(out, "**", "*.parquet"))}, hive_partitioning = true)`;
  const counts = await duckRows(`SELECT "group", count(*)::INTEGER AS n, sum(id)::INTEGER AS ids FROM ${glob} GROUP BY 1 ORDER BY 1`);
  const expected = ["g0", "g1", "g2"].map((group) => {
    const ids = pages
      .flat()
      .filter((row) => row.group === group)
      .map((row) => row.id);
    return { group, n: ids.length, ids: ids.reduce((a, b) => a + b, 0) };
  });
  expect(counts).toEqual(expected);
  await expect(writeParquet(pagesOf(...pages), join(dir, "bad-open"), { partitionBy: ["group"], maxOpenFiles: 0 })).rejects.toThrow(
    ValidationError,
  );
});
