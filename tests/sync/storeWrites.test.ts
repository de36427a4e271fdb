import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PageChunk } from "../../src/table/types";
import { gatherPageChunk } from "../../src/table/pageChunk";
import { rowShapeOf } from "../../src/rows/rowShape";
import { openStore, type Store } from "../../src/store";
import { STORE_SESSION, type RowScope, type SessionHolder } from "../../src/sync/types";
import { ValidationError } from "../../src/errors";
import { writeParquet } from "../../src/export";
import { parquetMetadata, parquetReadObjects } from "hyparquet";

/** A page of records given column by column, as the pull hands it to the store: one column chunk. */
const table = (columns: Record<string, unknown[]>): PageChunk => {
  const names = Object.keys(columns);
  const records = Object.values(columns)[0].map((_, row) => Object.fromEntries(names.map((name) => [name, columns[name][row]])));
  return gatherPageChunk(records, rowShapeOf());
};

/** The store's side of schema drift and typing: nothing here crosses the wire. */
describe("store writes", () => {
  let dir: string;
  let store: Store;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "fountframe-store-"));
    store = await openStore(join(dir, "s.duckdb"));
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const write = (rows: PageChunk, scope: RowScope = { kind: "ids" }) =>
    (store as Store & SessionHolder)[STORE_SESSION]((session) =>
      session.transaction(async (writes) => {
        await writes.stage(rows);
        return writes.writeStaged("t", scope);
      }),
    );
  const types = async () =>
    (await store.query("SELECT column_name, data_type FROM information_schema.columns WHERE table_name = 't' ORDER BY ordinal_position"))
      .values;

  it("types columns as the table model does, and widens a column whose type widened", async () => {
    await write(table({ id: [1, 2], n: [1, 2], flag: [true, false], at: ["2020-03-02T10:05:01.000000Z", null], code: ["056", "1"] }));
    expect(await types()).toEqual([
      ["id", "BIGINT"],
      ["n", "BIGINT"],
      ["flag", "BOOLEAN"],
      ["at", "TIMESTAMP"],
      ["code", "VARCHAR"],
    ]);
    const report = await write(table({ id: [2, 3], n: [2.5, 3], extra: ["x", "y"] }));
    expect(report).toMatchObject({
      added: 1,
      updated: 1,
      removed: 0,
      rows: 3,
      addedColumns: ["extra"],
      widenedColumns: ["n: BIGINT -> DOUBLE"],
    });
    expect(await types()).toEqual([
      ["id", "BIGINT"],
      ["n", "DOUBLE"],
      ["flag", "BOOLEAN"],
      ["at", "TIMESTAMP"],
      ["code", "VARCHAR"],
      ["extra", "VARCHAR"],
    ]);
    const again = await write(table({ id: [3], n: ["three"] }));
    expect(again.widenedColumns).toEqual(["n: DOUBLE -> VARCHAR"]);
    // the stored numbers made text print as a frame prints them (1, not DuckDB's 1.0)
    expect((await store.query("SELECT id, n, code FROM t ORDER BY id")).values).toEqual([
      [1, "1", "056"],
      [2, "2.5", null],
      [3, "three", null],
    ]);
  });

  it("counts only rows whose values changed as updated", async () => {
    await write(table({ id: [1, 2], v: [1, 2] }));
    expect(await write(table({ id: [1, 2], v: [1, 5] }))).toMatchObject({ added: 0, updated: 1, removed: 0 });
  });

  it("knows a table from one commit to the next of a run, and forgets what a rolled-back transaction did to it and to the staged rows", async () => {
    const holder = store as Store & SessionHolder;
    const reports = await holder[STORE_SESSION](async (session) => {
      const stage = (rows: PageChunk, scope: RowScope, fail = false) =>
        session.transaction(async (writes) => {
          // as a brandscape run does: the staged rows of the transaction before are dropped first
          await writes.dropStaged();
          await writes.stage(rows);
          const report = await writes.writeStaged("t", scope);
          if (fail) throw new Error("after the write");
          return report;
        });
      const first = await stage(table({ id: [1, 2], study: [1, 1], n: [1, 2] }), { kind: "ids" });
      // widened, a column added and rows replaced: then rolled back
      await expect(stage(table({ id: [3], study: [2], n: [2.5], extra: ["x"] }), { kind: "ids" }, true)).rejects.toThrow("after the write");
      const second = await stage(table({ id: [3], study: [2], n: [3] }), { kind: "partition", column: "study", values: [2] });
      const third = await stage(table({ id: [4], study: [2], n: [4.5], extra: ["y"] }), {
        kind: "partition",
        column: "study",
        values: [2],
      });
      const removed = await session.transaction((writes) => writes.removeRows("t", { kind: "partition", column: "study", values: [1] }));
      return [first, second, third, removed];
    });
    expect(reports).toMatchObject([
      { added: 2, updated: 0, removed: 0, rows: 2, addedColumns: [], widenedColumns: [] },
      { added: 1, updated: 0, removed: 0, rows: 3, addedColumns: [], widenedColumns: [] },
      { added: 1, updated: 0, removed: 1, rows: 3, addedColumns: ["extra"], widenedColumns: ["n: BIGINT -> DOUBLE"] },
      { removed: 2, rows: 1 },
    ]);
    expect(await types()).toEqual([
      ["id", "BIGINT"],
      ["study", "BIGINT"],
      ["n", "DOUBLE"],
      ["extra", "VARCHAR"],
    ]);
    expect((await store.query("SELECT id, study, n, extra FROM t ORDER BY id")).values).toEqual([[4, 2, 4.5, "y"]]);
  });

  it("writes a held pull's studies in the caller's transaction, one or several: studies new to the table straight in, those it holds through the staging table, the same cells either way", async () => {
    const holder = store as Store & SessionHolder;
    const study = (...values: number[]) => ({ kind: "partition", column: "study", values }) as const;
    const cells = () => store.query("SELECT id, study, n, mixed FROM t ORDER BY id").then((frame) => frame.values);
    const pages = (n4: number) => [
      table({ id: [1, 2, 3], study: [1, 1, 2], n: [1, 2, 3], mixed: [5, null, null] }),
      table({ id: [4, 5], study: [2, 3], n: [n4, 2], mixed: ["1.50", "n/a"] }),
    ];
    const first = await holder[STORE_SESSION](async (session) => {
      const held = session.holdPull();
      for (const page of pages(1.5)) await held.stage(page);
      expect(await held.staged()).toEqual({ rows: 5, ids: 5, missingIds: 0 });
      const reports = [];
      for (const value of [1, 2, 3]) reports.push(await session.transaction((writes) => writes.writeHeld("t", held, study(value))));
      return reports;
    });
    expect(first).toMatchObject([
      { added: 2, updated: 0, removed: 0, rows: 2 },
      { added: 2, updated: 0, removed: 0, rows: 4 },
      { added: 1, updated: 0, removed: 0, rows: 5 },
    ]);
    expect(await types()).toEqual([
      ["id", "BIGINT"],
      ["study", "BIGINT"],
      ["n", "DOUBLE"],
      ["mixed", "VARCHAR"],
    ]);
    const written = [
      [1, 1, 1, "5"],
      [2, 1, 2, null],
      [3, 2, 3, null],
      [4, 2, 1.5, "1.50"],
      [5, 3, 2, "n/a"],
    ];
    expect(await cells()).toEqual(written);

    // study 2 again, one value changed: the table holds it, so it goes through the staging table
    const again = await holder[STORE_SESSION](async (session) => {
      const held = session.holdPull();
      for (const page of pages(9)) await held.stage(page);
      return session.transaction((writes) => writes.writeHeld("t", held, study(2)));
    });
    expect(again).toMatchObject({ added: 0, updated: 1, removed: 0, rows: 5 });
    expect(await cells()).toEqual(written.map((row) => (row[0] === 4 ? [4, 2, 9, "1.50"] : row)));

    // a new study holding an id stored under another: the primary key refuses it, nothing of it is
    // written, and the run's next study is written whole (the failed write is not kept for it)
    const after = await holder[STORE_SESSION](async (session) => {
      const held = session.holdPull();
      await held.stage(table({ id: [6, 1, 7], study: [4, 4, 5], n: [1, 1, 1], mixed: [null, null, null] }));
      await expect(session.transaction((writes) => writes.writeHeld("t", held, study(4)))).rejects.toThrow(/primary key|duplicate key/i);
      return session.transaction((writes) => writes.writeHeld("t", held, study(5)));
    });
    expect(after).toMatchObject({ added: 1, rows: 6 });
    expect((await cells()).map((row) => (row as unknown[])[0])).toEqual([1, 2, 3, 4, 5, 7]);

    // two studies in one write, one held (5: id 7 changed, id 8 new) and one new (6): through the staging
    // table together; a study held whose rows did not come (3) is outside the scope and kept
    const group = await holder[STORE_SESSION](async (session) => {
      const held = session.holdPull();
      await held.stage(table({ id: [7, 8, 9], study: [5, 5, 6], n: [2, 1, 1], mixed: [null, null, "z"] }));
      return session.transaction((writes) => writes.writeHeld("t", held, study(5, 6)));
    });
    expect(group).toMatchObject({ added: 2, updated: 1, removed: 0, rows: 8 });
    expect((await cells()).slice(-4)).toEqual([
      [5, 3, 2, "n/a"],
      [7, 5, 2, null],
      [8, 5, 1, null],
      [9, 6, 1, "z"],
    ]);
  });

  it("writes every batch of a run's appends whole: a cell of one batch never shows through in a later, shorter one", async () => {
    // the appender's data chunk and its vectors are reused from batch to batch (2,048 rows at most):
    // nulls, numbers and text of a longer batch must not stay in the rows of the next
    const rowsOf = (from: number, count: number, nullEvery: number) => {
      const ids = Array.from({ length: count }, (_, k) => from + k);
      const cell = <T>(id: number, value: T) => (nullEvery > 0 && id % nullEvery === 0 ? null : value);
      return {
        id: ids,
        n: ids.map((id) => cell(id, id * 3)),
        f: ids.map((id) => cell(id, id + 0.5)),
        s: ids.map((id) => cell(id, `text ${id}`)),
        b: ids.map((id) => cell(id, id % 2 === 0)),
      };
    };
    const pages = [rowsOf(1, 3000, 7), rowsOf(3001, 5, 0), rowsOf(3006, 2, 1), rowsOf(3008, 2100, 0), rowsOf(5108, 3, 2)];
    await (store as Store & SessionHolder)[STORE_SESSION]((session) =>
      session.transaction(async (writes) => {
        for (const page of pages) await writes.stage(table(page));
        return writes.writeStaged("t", { kind: "ids" });
      }),
    );
    const stored = (await store.query("SELECT id, n, f, s, b FROM t ORDER BY id")).values as unknown[][];
    // a missing number comes back as a pull's frame holds it: NaN
    const expected = pages.flatMap((page) => page.id.map((id, k) => [id, page.n[k] ?? NaN, page.f[k] ?? NaN, page.s[k], page.b[k]]));
    expect(stored.length).toBe(expected.length);
    expect(stored.map((row) => row.map((cell) => (typeof cell === "bigint" ? Number(cell) : cell)))).toEqual(expected);
  });

  it("leaves DuckDB's size and thread settings as the user set them, run after run, and after a failed run", async () => {
    const settings = async () =>
      (
        await store.query(
          "SELECT current_setting('checkpoint_threshold') AS c, current_setting('memory_limit') AS m, current_setting('threads') AS t",
        )
      ).values[0];
    const failedRun = () =>
      (store as Store & SessionHolder)[STORE_SESSION]((session) =>
        session.transaction(async (writes) => {
          await writes.stage(table({ id: [9], v: [9] }));
          throw new Error("a failed run");
        }),
      );
    // shown rounded down ("3GB" is "2.7 GiB"): setting back the text shown lowered it a step a run
    await store.query("SET checkpoint_threshold = '32MB'");
    await store.query("SET memory_limit = '3GB'");
    // a run sets threads to 1 for itself
    await store.query("SET threads = 3");
    const before = await settings();
    expect(before).toEqual(["30.5 MiB", "2.7 GiB", 3]);
    for (const id of [1, 2, 3]) await write(table({ id: [id], v: [id] }));
    expect(await settings()).toEqual(before);
    await expect(failedRun()).rejects.toThrow("a failed run");
    expect(await settings()).toEqual(before);
    // no limit at all is shown in PiB, which DuckDB does not take back
    await store.query("SET memory_limit = '-1'");
    const unlimited = await settings();
    await write(table({ id: [4], v: [4] }));
    expect(await settings()).toEqual(unlimited);
    expect((await store.query("SELECT count(*) AS n FROM t")).values).toEqual([[4]]);
  });

  it("names a bad table or partition column for writeParquet", async () => {
    await write(table({ id: [1], v: [1] }));
    await expect(store.writeParquet("nope", dir)).rejects.toThrow(ValidationError);
    await expect(store.writeParquet("t", dir, { partitionBy: ["w"] })).rejects.toThrow(/^partitionBy: columns of t \(id, v\), got w/);
    await expect(store.writeParquet("t", dir, { partitionBy: ["id", "v"] })).rejects.toThrow(
      /^partitionBy: leaves no column of t to write/,
    );
  });

  it("writes a TIMESTAMP column to Parquet as writeParquet does, whatever the session's TimeZone, in one file and partitioned both ways", async () => {
    const records = [
      { id: 1, code: "a", at: "2020-03-02T10:05:01.000000Z" },
      { id: 2, code: "b", at: null },
      { id: 3, code: "a", at: "1999-12-31T23:59:59.123456Z" },
    ];
    const atType = (file: string) => {
      const bytes = readFileSync(file);
      const element = parquetMetadata(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)).schema.find(
        (column) => column.name === "at",
      );
      return [element?.type, element?.logical_type];
    };
    const atCells = async (file: string) => {
      const bytes = readFileSync(file);
      const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
      const rows = (await parquetReadObjects({ file: buffer, columns: ["id", "at"] })) as { id: bigint | number; at: Date | null }[];
      return rows.map((row) => [Number(row.id), row.at === null ? null : row.at.toISOString()]).sort((a, b) => Number(a[0]) - Number(b[0]));
    };
    await write(table({ id: [1, 2, 3], code: ["a", "b", "a"], at: records.map((record) => record.at) }));
    await store.query("SET TimeZone = 'Asia/Tokyo'");
    await writeParquet(records, join(dir, "library.parquet"));
    const expected = atType(join(dir, "library.parquet"));
    expect(expected).toEqual(["INT64", { type: "TIMESTAMP", isAdjustedToUTC: true, unit: "MICROS" }]);
    const cells = [
      [1, "2020-03-02T10:05:01.000Z"],
      [2, null],
      [3, "1999-12-31T23:59:59.123Z"],
    ];
    expect(await atCells(join(dir, "library.parquet"))).toEqual(cells);

    await store.writeParquet("t", join(dir, "one"));
    expect(atType(join(dir, "one", "t.parquet"))).toEqual(expected);
    expect(await atCells(join(dir, "one", "t.parquet"))).toEqual(cells);
    for (const partitionBy of ["id", "code"]) {
      const folder = join(dir, `by-${partitionBy}`);
      await store.writeParquet("t", folder, { partitionBy: [partitionBy] });
      const parts = readdirSync(folder, { recursive: true, encoding: "utf8" }).filter((name) => name.endsWith(".parquet"));
      expect(parts.length).toBeGreaterThan(1);
      for (const part of parts) expect(atType(join(folder, part))).toEqual(expected);
    }
    const microseconds = await store.query(
      `SELECT count(*) AS n FROM read_parquet('${join(dir, "by-code")}/**/*.parquet') WHERE epoch_us("at") IN (1583143501000000, 946684799123456)`,
    );
    expect(microseconds.values).toEqual([[2]]);
  });
});
