import { readFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import workerThreads from "node:worker_threads";
import { parquetReadObjects } from "hyparquet";
import { writeParquet } from "../../src/export";
import type { ColumnBatch, ColumnarSchema } from "../../src/export/columnarTypes";
import type { Sink } from "../../src/export/output";
import { openParquet } from "../../src/export/parquetFile";
import { openParquetFile, PARQUET_THREAD_MIN_CELLS, ParquetThread } from "../../src/export/parquetThread";
import { workerScript } from "../../src/threads/workerScript";
import { MIN_ROW_GROUP_ROWS } from "../../src/export/typedBatches";
import { writeColumnarFile } from "../../src/export/writeColumnar";
import type { JsonRecord } from "../../src/table/types";
import { tempFolder } from "../helpers/tempFolder";
import { useEmulator } from "../client/fixture";

const env = useEmulator();
const dir = tempFolder("fountframe-parquet-thread-");

/** A sink that keeps what it is given, in order. */
function memorySink(): Sink & { bytes(): Buffer } {
  const chunks: Buffer[] = [];
  return {
    path: undefined,
    write: (chunk) => Promise.resolve(void chunks.push(Buffer.from(chunk))),
    setCloser: () => undefined,
    close: () => Promise.resolve(),
    abort: () => Promise.resolve(),
    bytes: () => Buffer.concat(chunks),
  };
}

const SCHEMA: ColumnarSchema = {
  names: ["id", "big", "score", "share", "name", "flag", "day", "at"],
  types: ["int64", "int64", "double", "double", "utf8", "boolean", "date", "timestamp"],
};

/** Every kind of cell a batch holds: a Float64Array column, nulls, bigints, text beyond ASCII. */
function batchOf(rows: number, from: number): ColumnBatch {
  const index = Array.from({ length: rows }, (_, row) => from + row);
  return {
    rows,
    columns: [
      index,
      index.map((row) => (row % 7 === 0 ? null : BigInt(row) * 3_000_000_000n)),
      Float64Array.from(index, (row) => (row % 113) / 8),
      index.map((row) => (row % 5 === 0 ? null : row / 3)),
      index.map((row) => (row % 11 === 0 ? null : `brand ${row % 97} — 品牌 ${"😀".repeat(row % 3)}`)),
      index.map((row) => (row % 4 === 0 ? null : row % 2 === 0)),
      index.map((row) => 19_000 + (row % 400)),
      index.map((row) => 1_700_000_000_000_000 + row * 1_000_000),
    ],
  };
}

async function written(
  open: (sink: Sink) => Promise<{ writeBatch(batch: ColumnBatch): Promise<void>; finish(): Promise<void> }>,
  batches: ColumnBatch[],
) {
  const sink = memorySink();
  const file = await open(sink);
  for (const batch of batches) await file.writeBatch(batch);
  await file.finish();
  return sink.bytes();
}

describe("a Parquet file encoded on a thread of its own", () => {
  const batches = [batchOf(5_000, 0), batchOf(4_096, 5_000), batchOf(17, 9_096)];

  test("is the same file, byte for byte, as one encoded on the main thread", async () => {
    const here = await written((sink) => openParquet(sink, SCHEMA), batches);
    const threaded = await written((sink) => openParquetFile(sink, SCHEMA, { thread: true }), batches);
    expect(threaded.length).toBeGreaterThan(100_000);
    expect(threaded.equals(here)).toBe(true);
    const rows = await parquetReadObjects({
      file: threaded.buffer.slice(threaded.byteOffset, threaded.byteOffset + threaded.length) as ArrayBuffer,
    });
    expect(rows).toHaveLength(9_113);
    expect(rows[9_112]).toMatchObject({ id: 9_112n, name: `brand ${9_112 % 97} — 品牌 ${"😀".repeat(9_112 % 3)}` });
  });

  test("and with no row group at all", async () => {
    const here = await written((sink) => openParquet(sink, SCHEMA), []);
    expect((await written((sink) => openParquetFile(sink, SCHEMA, { thread: true }), [])).equals(here)).toBe(true);
  });

  test("a batch that cannot be made rejects the write and leaves no thread running", async () => {
    const tooBig: ColumnBatch = { rows: 1, columns: [[2n ** 70n], [null], [1], [1], ["x"], [true], [1], [1]] };
    const workers = await workersStartedBy(() =>
      expect(written((sink) => openParquetFile(sink, SCHEMA, { thread: true }), [batchOf(10, 0), tooBig, batchOf(10, 11)])).rejects.toThrow(
        /INT64 value out of range/,
      ),
    );
    expect(workers).toEqual(["ended"]);
  });

  test("a failure in the thread rejects the write, with the encoder's message, and the thread ends", async () => {
    const workers = await workersStartedBy(async () => {
      const encoder = new ParquetThread(memorySink(), workerScript("parquetWorker", join(__dirname, "../../src/export"))!);
      await encoder.write(new Uint8Array([1, 2, 3, 4]));
      await expect(encoder.write(new Uint8Array([5, 6, 7, 8]))).rejects.toThrow(/failed to fill whole buffer/);
      await expect(encoder.finish()).rejects.toThrow(/failed to fill whole buffer/);
    });
    expect(workers).toEqual(["ended"]);
  });

  test.each([
    [8, 1],
    [2, 1],
    [1, 0],
  ])("writeParquet of a wide first row group, %i cores: %i thread(s), the same bytes as the main thread's", async (cores, threads) => {
    const cpus = jest.spyOn(os, "availableParallelism").mockReturnValue(cores);
    try {
      const auto = join(dir, `auto-${cores}.parquet`);
      const here = join(dir, `here-${cores}.parquet`);
      const workers = await workersStartedBy(() => writeParquet(widePages(), auto));
      await writeColumnarFile("parquet", openParquet, [...widePage(0), ...widePage(MIN_ROW_GROUP_ROWS)], here, {}, MIN_ROW_GROUP_ROWS);
      expect(readFileSync(auto).equals(readFileSync(here))).toBe(true);
      expect(workers).toEqual(Array(threads).fill("ended"));
    } finally {
      cpus.mockRestore();
    }
  });

  test("a pull's pages on the thread, each row group handed over as Arrow IPC bytes: the same bytes as the main thread's", async () => {
    const cpus = jest.spyOn(os, "availableParallelism").mockReturnValue(8);
    try {
      const query = { studies: [1, 2, 3], perPage: 500 } as const;
      // row groups of 3,000 rows × ~370 columns: past PARQUET_THREAD_MIN_CELLS
      const options = { batchRows: 3_000 };
      const threaded = join(dir, "pages-threaded.parquet");
      const here = join(dir, "pages-here.parquet");
      const workers = await workersStartedBy(() => writeParquet(env.client().pages("brandscapeData", query), threaded, options));
      await writeColumnarFile("parquet", openParquet, env.client().pages("brandscapeData", query), here, options);
      expect(workers).toEqual(["ended"]);
      expect(readFileSync(threaded).length).toBeGreaterThan(100_000);
      expect(readFileSync(threaded).equals(readFileSync(here))).toBe(true);
    } finally {
      cpus.mockRestore();
    }
  });

  test("a source that fails after the first row group leaves no file and no thread running", async () => {
    const path = join(dir, "failed.parquet");
    async function* pages() {
      yield* widePages();
      throw new Error("the pull failed");
    }
    const threaded = (sink: Sink, schema: ColumnarSchema) => openParquetFile(sink, schema, { thread: true });
    const workers = await workersStartedBy(() =>
      expect(writeColumnarFile("parquet", threaded, pages(), path, {}, MIN_ROW_GROUP_ROWS)).rejects.toThrow("the pull failed"),
    );
    expect(workers).toEqual(["ended"]);
    expect(() => readFileSync(path)).toThrow(/ENOENT/);
  });
});

/**
 * The worker threads `work` starts (node:worker_threads' Worker, watched as it is constructed), each
 * "ended" when it has exited by the time `work` is done (or 5 s later), else "running".
 */
async function workersStartedBy(work: () => Promise<unknown>): Promise<string[]> {
  const RealWorker = workerThreads.Worker;
  const exits: Promise<string>[] = [];
  const watch = jest.spyOn(workerThreads, "Worker").mockImplementation((...args: ConstructorParameters<typeof RealWorker>) => {
    const worker = new RealWorker(...args);
    exits.push(new Promise((resolve) => worker.once("exit", () => resolve("ended"))));
    return worker;
  });
  try {
    await work();
  } finally {
    watch.mockRestore();
  }
  const late = new Promise<string>((resolve) => setTimeout(() => resolve("running"), 5_000).unref());
  return Promise.all(exits.map((exit) => Promise.race([exit, late])));
}

/** Two pages of wide records, as a pull streams them. */
async function* widePages(): AsyncGenerator<JsonRecord[]> {
  yield widePage(0);
  yield widePage(MIN_ROW_GROUP_ROWS);
}

/** A page of records wide enough that its row group is a big one (PARQUET_THREAD_MIN_CELLS). */
function widePage(from: number): JsonRecord[] {
  const columns = Math.ceil(PARQUET_THREAD_MIN_CELLS / MIN_ROW_GROUP_ROWS) + 1;
  return Array.from({ length: MIN_ROW_GROUP_ROWS }, (_, row) => {
    // `share` has a value in every row: a Float64Array column, handed to the thread
    const record: JsonRecord = { id: from + row, name: `n${(from + row) % 50}`, share: (from + row) / 4 };
    for (let column = 0; column < columns; column++)
      record[`m${column}`] = (from + row) % 9 === column % 9 ? null : (((from + row) * column) % 1000) / 10;
    return record;
  });
}
