import { createWriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import type { Writable } from "node:stream";
import type { ExportTarget } from "./types";

/** Where a writer's bytes go, with back-pressure: `write` resolves once the stream can take more. */
export interface Sink {
  readonly path: string | undefined;
  write(chunk: string | Uint8Array): Promise<void>;
  /** the file is complete: renamed into place; a given stream is left open */
  close(): Promise<void>;
  /** the export failed: a half-written file is removed */
  abort(): Promise<void>;
  /** the stream itself, for writers that pipe into it (exceljs) */
  readonly stream: Writable;
}

/**
 * A file is written beside its final name and renamed when complete, so a failed or interrupted
 * export never leaves a truncated file that looks finished.
 */
export async function openSink(target: ExportTarget): Promise<Sink> {
  if (typeof target !== "string") return streamSink(target, undefined, false);
  const partial = join(dirname(target), `.${basename(target)}.${process.pid}.partial`);
  const stream = createWriteStream(partial);
  await new Promise<void>((resolve, reject) => {
    stream.once("open", () => resolve());
    stream.once("error", reject);
  });
  const sink = streamSink(stream, target, true);
  return {
    ...sink,
    async close() {
      await sink.close();
      await rename(partial, target);
    },
    async abort() {
      await sink.abort();
      await rm(partial, { force: true });
    },
  };
}

/**
 * Runs `write` with the target's sink and completes it; if anything fails, the partial output is
 * removed (a given stream is left open) and the error goes on.
 */
export async function withSink<T>(target: ExportTarget, write: (sink: Sink) => Promise<T>): Promise<T> {
  const sink = await openSink(target);
  try {
    const result = await write(sink);
    await sink.close();
    return result;
  } catch (error) {
    await sink.abort();
    throw error;
  }
}

function streamSink(stream: Writable, path: string | undefined, owned: boolean): Sink {
  let failure: Error | undefined;
  const onError = (error: Error) => {
    failure ??= error;
  };
  stream.on("error", onError);
  const release = () => stream.off("error", onError);
  return {
    path,
    stream,
    async write(chunk) {
      if (failure) throw failure;
      if (stream.write(chunk)) return;
      await drained(stream, () => failure);
    },
    async close() {
      if (failure) {
        release();
        throw failure;
      }
      if (owned) {
        await new Promise<void>((resolve, reject) => {
          stream.once("error", reject);
          stream.end(() => resolve());
        });
      }
      release();
    },
    async abort() {
      release();
      if (!owned) return;
      stream.on("error", () => {}); // a late error of a file being thrown away is no news
      stream.destroy();
      if (!stream.closed) await new Promise<void>((resolve) => stream.once("close", () => resolve()));
    },
  };
}

function drained(stream: Writable, failed: () => Error | undefined): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const done = () => {
      stream.off("drain", done);
      stream.off("error", done);
      stream.off("close", done);
      const error = failed();
      if (error) reject(error);
      else if (stream.destroyed && stream.writableNeedDrain) reject(new Error("the output stream closed before the export finished"));
      else resolve();
    };
    stream.on("drain", done);
    stream.on("error", done);
    stream.on("close", done);
  });
}
