import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { ColumnBatch, ColumnarFileWriter, ColumnarSchema } from "./columnarTypes";
import { ExportError } from "./exportError";
import type { Sink } from "./output";
import { openParquet, parquetFileOver, type ParquetEncoder } from "./parquetFile";
import { ownBuffer } from "../threads/ownBuffer";
import { workerExecArgv, workerScript } from "../threads/workerScript";

/**
 * Cells in a Parquet file's first row group from which its encoding goes to a thread of its own
 * (a wide pull's first group holds about 1.5 million): below it, starting a thread costs more than
 * encoding on the main thread.
 */
export const PARQUET_THREAD_MIN_CELLS = 1_000_000;

/**
 * Cores from which a big file is encoded on a thread. What crosses to the thread is one buffer a row
 * group (its Arrow IPC bytes, handed over), so the thread costs little CPU beyond the encoding it
 * takes off the main thread: ~5 % more CPU for ~9 % less wall on two cores (docs/bench.md, "Issue
 * 44, Parquet by parquet-wasm").
 */
const PARQUET_THREAD_MIN_CORES = 2;

type ParquetRequest = { kind: "open" } | { kind: "batch"; batch: Uint8Array } | { kind: "finish" };

/** What the main thread asks of a Parquet thread, in order; each is answered with `done` and its seq. */
export type ToParquetThread = ParquetRequest & { seq: number };

/** What a Parquet thread sends back: the file's bytes as they are encoded, in order. */
export type FromParquetThread =
  { kind: "bytes"; chunk: Uint8Array } | { kind: "done"; seq: number } | { kind: "failed"; name: string; message: string };

export interface ParquetFileOptions {
  /** "auto": a thread for a file whose first row group is big, on a machine of two cores or more */
  thread?: "auto" | boolean;
}

/**
 * One Parquet file (as openParquet writes it, the same bytes), encoded on a thread of its own when it
 * is big: the main thread reads and types the next row group while the thread encodes this one.
 * Decided at the first row group, before any byte of the file is written.
 */
export async function openParquetFile(sink: Sink, schema: ColumnarSchema, options: ParquetFileOptions = {}): Promise<ColumnarFileWriter> {
  const thread = options.thread ?? "auto";
  let file: ColumnarFileWriter | undefined;
  const opened = async (batch: ColumnBatch | undefined): Promise<ColumnarFileWriter> => {
    if (file) return file;
    const big =
      thread === true ||
      (thread === "auto" &&
        availableParallelism() >= PARQUET_THREAD_MIN_CORES &&
        (batch?.rows ?? 0) * schema.names.length >= PARQUET_THREAD_MIN_CELLS);
    const script = big ? workerScript("parquetWorker", __dirname) : undefined;
    file = script ? await parquetFileOver(schema, new ParquetThread(sink, script)) : await openParquet(sink, schema);
    return file;
  };
  return {
    async writeBatch(batch) {
      await (await opened(batch)).writeBatch(batch);
    },
    async finish() {
      await (await opened(undefined)).finish();
    },
    async abort() {
      await file?.abort?.();
    },
  };
}

/**
 * A Parquet file encoded by a worker thread: each row group's Arrow IPC bytes are handed over (not
 * copied), the file's bytes come back and go to the sink in order.
 */
export class ParquetThread implements ParquetEncoder {
  readonly #worker: Worker;
  readonly #sink: Sink;
  #seq = 0;
  readonly #waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  /** the sink's writes, one after the other */
  #written: Promise<void> = Promise.resolve();
  /** the last request sent: the row group being encoded while the next is read */
  #inFlight: Promise<void>;
  #failure: Error | undefined;
  #ended = false;

  constructor(sink: Sink, script: string) {
    this.#sink = sink;
    this.#worker = new Worker(script, { execArgv: workerExecArgv() });
    this.#worker.on("message", (message: FromParquetThread) => this.#receive(message));
    this.#worker.on("error", (error) => this.#fail(error));
    this.#worker.on("exit", (code) => {
      if (!this.#ended) this.#fail(new ExportError(`the Parquet writer's thread stopped (exit code ${code}) before the file was finished`));
    });
    this.#inFlight = this.#send({ kind: "open" });
  }

  /** The row group goes to the thread, its buffer handed over (unusable here after); settles once the one before it is encoded. */
  async write(batch: Uint8Array): Promise<void> {
    if (this.#failure) throw this.#failure;
    const previous = this.#inFlight;
    const buffer = ownBuffer(batch);
    this.#inFlight = this.#send({ kind: "batch", batch: new Uint8Array(buffer) }, [buffer]);
    await previous;
  }

  async finish(): Promise<void> {
    try {
      await this.#inFlight;
      await this.#send({ kind: "finish" });
    } finally {
      await this.abort();
    }
  }

  async abort(): Promise<void> {
    if (this.#ended) return;
    this.#ended = true;
    await this.#worker.terminate();
  }

  /** Sends one request; the promise settles once it is done and its bytes are written (never unhandled). */
  #send(request: ParquetRequest, transfer: ArrayBuffer[] = []): Promise<void> {
    const seq = ++this.#seq;
    const done = new Promise<void>((resolve, reject) => this.#waiting.set(seq, { resolve, reject }));
    done.catch(() => undefined);
    if (this.#failure) this.#fail(this.#failure);
    else this.#worker.postMessage({ ...request, seq } satisfies ToParquetThread, transfer);
    return done;
  }

  #receive(message: FromParquetThread): void {
    if (message.kind === "bytes") {
      const { chunk } = message;
      this.#written = this.#written.then(() => this.#sink.write(chunk));
      this.#written.catch((error: Error) => this.#fail(error));
    } else if (message.kind === "done") {
      const waiter = this.#waiting.get(message.seq);
      this.#waiting.delete(message.seq);
      if (waiter) this.#written.then(waiter.resolve, waiter.reject);
    } else {
      this.#fail(Object.assign(new ExportError(message.message), { name: message.name }));
    }
  }

  /** The first failure ends the thread (it does nothing more) and every request waiting. */
  #fail(error: Error): void {
    this.#failure ??= error;
    for (const { reject } of this.#waiting.values()) reject(this.#failure);
    this.#waiting.clear();
    this.abort().catch(() => undefined);
  }
}
