import { createReadStream, createWriteStream, type WriteStream } from "node:fs";
import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import type { Readable, Writable } from "node:stream";
import { ExportError } from "../exportError";
import type { ExportTarget } from "../types";
import { outputTarget } from "./outputTarget";
import { temporaryFile, trackOutput, untrackOutput, type LiveOutput } from "./temporary";

/** Where a writer's bytes go, with back-pressure: `write` resolves once the stream can take more. */
export interface Sink {
  readonly path: string | undefined;
  write(chunk: string | Uint8Array): Promise<void>;
  /** what ends the document early if the export stops after bytes went out (JSON's `]`) */
  setCloser(closer: string | undefined): void;
  /** the file is complete: renamed into place; a given stream is left open */
  close(): Promise<void>;
  /** the export failed: a partial file is removed; bytes already sent get the closer */
  abort(): Promise<void>;
  /**
   * A file written under a temporary name only: ends it, and `pass` writes it again from what it
   * holds (`written`) into a new temporary file, which `close` then puts in place. A stream or a
   * file written in place has none: what went out cannot be taken back.
   */
  rewrite?(pass: (written: Readable, write: (chunk: string | Uint8Array) => Promise<void>) => Promise<void>): Promise<void>;
}

const bytesByStream = new WeakMap<Writable, number>();
const bytesByDirectPath = new Map<string, number>();

/**
 * Bytes the last export to a stream, FIFO or device wrote to it (0 when none, and always 0 for a
 * regular file, which is never seen half-written): for "the output is incomplete".
 */
export function bytesWrittenTo(target: ExportTarget): number {
  return (typeof target === "string" ? bytesByDirectPath.get(target) : bytesByStream.get(target)) ?? 0;
}

/**
 * A regular file is written beside its final name and renamed when complete, so a failed or
 * interrupted export never leaves a truncated file that looks finished; its folder is created when
 * missing. Links, FIFOs and devices: see outputTarget.
 */
export async function openFileOutput(target: ExportTarget): Promise<Sink> {
  if (typeof target !== "string") {
    const label = target === process.stdout ? "stdout" : "the output stream";
    return streamSink(target, { label, partialPath: undefined, stream: target, bytes: 0, closer: undefined }, undefined, (bytes) =>
      bytesByStream.set(target, bytes),
    );
  }
  try {
    const resolved = await outputTarget(target);
    if (resolved.kind === "direct") {
      const stream = await openFile(resolved.path, { flags: "w", fd: resolved.fd });
      return streamSink(stream, { label: target, partialPath: undefined, stream, bytes: 0, closer: undefined }, target, (bytes) =>
        bytesByDirectPath.set(target, bytes),
      );
    }
    bytesByDirectPath.delete(target);
    await mkdir(dirname(resolved.path), { recursive: true });
    const open = () => {
      const { output, fd } = temporaryFile(resolved.path, target, resolved.mode);
      return { output, sink: streamSink(createWriteStream(output.path, { fd }), undefined, target) };
    };
    const first = open();
    /** the file `close` puts in place: the first, or the one a rewrite wrote */
    let current = first;
    return {
      ...first.sink,
      async close() {
        if (current === first) await first.sink.close();
        await current.output.commit().catch((error: unknown) => {
          throw cannotWrite(target, error);
        });
      },
      async abort() {
        if (current === first) await first.sink.abort();
        await current.output.discard();
        await first.output.discard();
      },
      async rewrite(pass) {
        await first.sink.close();
        const next = open();
        try {
          await pass(createReadStream(first.output.path), next.sink.write);
          await next.sink.close();
        } catch (error) {
          await next.sink.abort();
          await next.output.discard();
          throw error;
        }
        current = next;
        await first.output.discard();
      },
    };
  } catch (error) {
    throw cannotWrite(target, error);
  }
}

/**
 * Runs `write` with the target's sink and completes it; if anything fails, the partial output is
 * removed (a given stream is left open) and the error goes on.
 */
export async function withFileOutput<T>(target: ExportTarget, write: (sink: Sink) => Promise<T>): Promise<T> {
  const sink = await openFileOutput(target);
  try {
    const result = await write(sink);
    await sink.close();
    return result;
  } catch (error) {
    await sink.abort();
    throw error;
  }
}

/**
 * A new file inside a private folder this export made (a dataset's part file): written in place,
 * since the folder as a whole is what gets renamed or removed. `label` names it in errors.
 */
export async function openFileInside(path: string, label: string): Promise<Sink> {
  try {
    return streamSink(await openFile(path, { flags: "wx" }), undefined, label);
  } catch (error) {
    throw cannotWrite(label, error);
  }
}

async function openFile(path: string, options: { flags: string; fd?: number }): Promise<WriteStream> {
  // the process's own stdout or stderr is written through its open descriptor, which also works
  // where opening /dev/stdout again cannot (a socket from a parent process) and is never closed here
  const stream = createWriteStream(path, options.fd === undefined ? { flags: options.flags } : { fd: options.fd, autoClose: false });
  if (options.fd !== undefined) return stream;
  await new Promise<void>((resolve, reject) => {
    stream.once("open", () => resolve());
    stream.once("error", reject);
  });
  return stream;
}

/**
 * A sink over an open stream. `path` undefined: the caller's stream, left open; else a file opened
 * here and closed here. `live`: an output written in place, which an interrupt closes early (a
 * temporary file is tracked by ./temporary instead). `countBytes` hears the running total.
 */
function streamSink(stream: Writable, live: LiveOutput | undefined, path: string | undefined, countBytes?: (bytes: number) => void): Sink {
  const output: LiveOutput = live ?? { label: path ?? "", partialPath: undefined, bytes: 0, closer: undefined };
  const owned = path !== undefined;
  countBytes?.(0);
  let failure: Error | undefined;
  const onError = (error: Error) => {
    failure ??= path === undefined ? error : (cannotWrite(path, error) as Error);
  };
  stream.on("error", onError);
  if (live) trackOutput(live);
  const release = () => {
    stream.off("error", onError);
    if (live) untrackOutput(live);
  };
  const count = (chunk: string | Uint8Array) => {
    output.bytes += typeof chunk === "string" ? Buffer.byteLength(chunk) : chunk.byteLength;
    countBytes?.(output.bytes);
  };
  // a stream its consumer destroyed without an error (an HTTP client gone) neither drains nor fails a write
  const closedEarly = () => {
    if (stream.errored) onError(stream.errored);
    failure ??= new ExportError(
      `${output.label || "the output stream"} was closed before the export finished (${output.bytes} bytes went out)`,
    );
    return failure;
  };
  const write = async (chunk: string | Uint8Array) => {
    // an interrupt has queued the closer and the process exits once it is out: the export waits for that
    if (output.ended) return new Promise<void>(() => {});
    if (failure) throw failure;
    if (stream.destroyed) throw closedEarly();
    count(chunk);
    if (stream.write(chunk)) return;
    await drained(stream, () => failure, closedEarly);
  };
  return {
    path,
    write,
    setCloser(closer) {
      output.closer = closer;
    },
    async close() {
      if (failure) {
        release();
        throw failure;
      }
      if (owned) {
        const ended = await new Promise<Error | null | undefined>((resolve) => stream.end(resolve));
        if (ended) onError(ended); // a late write failure comes here before any "error" event
      }
      release();
      if (failure) throw failure;
    },
    async abort() {
      if (live) untrackOutput(live);
      if (live && output.closer && output.bytes > 0 && !failure) await write(output.closer).catch(() => {});
      release();
      if (!owned) return;
      stream.on("error", () => {}); // a late error of an output being thrown away is no news
      stream.destroy();
      if (!stream.closed) await new Promise<void>((resolve) => stream.once("close", () => resolve()));
    },
  };
}

const READABLE_CODES: Record<string, string> = {
  EACCES: "permission denied",
  EPERM: "not permitted",
  ENOSPC: "no space left on the device",
  EDQUOT: "disk quota exceeded",
  EROFS: "the file system is read-only",
  ENOTDIR: "a part of the path is not a folder",
  EISDIR: "it is a folder",
  ENOENT: "no such file or folder",
  ELOOP: "too many symbolic links",
  ENXIO: "nothing is reading at the other end",
  EEXIST: "a file of that name appeared while writing",
};

const outputFailures = new WeakSet<object>();

/** Whether an export failed because its own output could not be written (then no "incomplete" note is needed). */
export function isOutputFailure(error: unknown): boolean {
  return typeof error === "object" && error !== null && outputFailures.has(error);
}

/** "cannot write <where>: <the reason in words> (<code>)" for a failed write of a file, a device or stdout. */
export function cannotWriteText(where: string, error: Error & { code?: string }): string {
  return error.code
    ? `cannot write ${where}: ${READABLE_CODES[error.code] ?? error.message} (${error.code})`
    : `cannot write ${where}: ${error.message}`;
}

/** A file-system failure as an ExportError naming the user's path, never the hidden partial file. */
function cannotWrite(userPath: string, error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (error instanceof ExportError || code === "EPIPE" || typeof code !== "string") return error;
  const failure = new ExportError(cannotWriteText(userPath, error as NodeJS.ErrnoException & { code: string }), { cause: error });
  outputFailures.add(failure);
  return failure;
}

/** Resolves once `stream` takes more; rejects with its failure, or `closedEarly()` when it was destroyed first. */
function drained(stream: Writable, failed: () => Error | undefined, closedEarly: () => Error): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const done = () => {
      stream.off("drain", done);
      stream.off("error", done);
      stream.off("close", done);
      const error = failed();
      if (error) reject(error);
      else if (stream.destroyed) reject(closedEarly());
      else resolve();
    };
    stream.on("drain", done);
    stream.on("error", done);
    stream.on("close", done);
    // destroyed already: its close event has been and gone
    if (stream.destroyed) done();
  });
}
