import { createHash, randomBytes } from "node:crypto";
import { fchmodSync, mkdirSync, openSync, rmSync, writeSync } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import type { Writable } from "node:stream";
import { onExit } from "signal-exit";

/**
 * Every file and folder an export writes before it is complete is made here: created
 * exclusively (`wx`, or a `mkdir` that fails on anything already there, a link included) under an
 * unpredictable name beside its target, renamed into place when complete, removed when the export
 * fails or a signal ends the process. Someone who can write to the target's folder can neither
 * guess the name nor plant a link that the export would write through.
 */

/** What a file system allows in one name (ext4, APFS, NTFS, ...). */
const NAME_MAX_BYTES = 255;
const SUFFIX = ".partial";

/**
 * A hidden name beside `target`: `.name.<random>.partial`, or when the target's own name is too
 * long for that to fit, a hash of it instead of the name (`.<sha256 prefix>.<random>.partial`).
 */
export function temporaryPathBeside(target: string, suffix = SUFFIX): string {
  const random = randomBytes(8).toString("hex");
  return join(dirname(target), `.${fittingName(basename(target), random.length + suffix.length + 2)}.${random}${suffix}`);
}

/** `name`, or a short hash of it when `name` and `reserved` more bytes would pass the file system's limit. */
export function fittingName(name: string, reserved: number): string {
  if (Buffer.byteLength(name) + reserved + 1 <= NAME_MAX_BYTES) return name;
  return createHash("sha256").update(name).digest("hex").slice(0, 32);
}

/** An output being written under a temporary name, as an interrupt must see it. */
export interface LiveOutput {
  /** the user's path, or "stdout" / "the output stream" */
  readonly label: string;
  /** the hidden file or folder written before the rename; undefined for an output written in place */
  readonly partialPath: string | undefined;
  /** an output written in place: what an interrupt may close early */
  readonly stream?: Writable;
  bytes: number;
  /** what ends the document early so it stays well-formed (JSON's `]`) */
  closer: string | undefined;
  /** set by an interrupt once the closer is queued: nothing may be written after it */
  ended?: boolean;
  /** a temporary folder that an interrupt leaves in place once this says it holds something to keep */
  readonly keptOnExit?: () => boolean;
}

/** A file or folder written under a temporary name, then put in place or thrown away. */
export interface TemporaryOutput {
  /** the hidden temporary file or folder */
  readonly path: string;
  readonly target: string;
  /** Puts it in place (by default a rename over the target) and stops tracking it. */
  commit(place?: (temporary: string, target: string) => Promise<void>): Promise<void>;
  /** Removes it; harmless twice or after commit. */
  discard(): Promise<void>;
}

const ATTEMPTS = 5;

/**
 * A new, empty temporary file beside `target`, open for writing (`wx`: never an existing file
 * or a link), with `mode` when given (the permissions of the file it will replace).
 */
export function temporaryFile(target: string, label: string, mode?: number): { output: TemporaryOutput; fd: number } {
  const { output, created } = createTracked(
    () => temporaryPathBeside(target),
    target,
    label,
    "file",
    ATTEMPTS,
    (path) => {
      const fd = openSync(path, "wx", mode ?? 0o666);
      if (mode !== undefined) {
        try {
          fchmodSync(fd, mode); // open's mode passes through the umask: the replaced file's permissions are set as they were
        } catch {
          // a file system without permissions (FAT, some mounts): the new file keeps its defaults
        }
      }
      return fd;
    },
  );
  return { output, fd: created };
}

/** A new, private, empty file in the system's temporary folder, for an export's own use (never renamed anywhere: `discard` it). */
export function scratchFile(label: string): { output: TemporaryOutput; fd: number } {
  const pathFor = () => join(tmpdir(), `.fountframe.${randomBytes(8).toString("hex")}${SUFFIX}`);
  const { output, created } = createTracked(pathFor, "", label, "file", ATTEMPTS, (path) => openSync(path, "wx", 0o600));
  return { output, fd: created };
}

/** A new, private, empty temporary folder beside `target` (`mkdir` fails on anything there, a link included). */
export function temporaryFolder(target: string, label: string): TemporaryOutput {
  return createTracked(
    () => temporaryPathBeside(target),
    target,
    label,
    "folder",
    ATTEMPTS,
    (path) => mkdirSync(path, { mode: 0o700 }),
  ).output;
}

/**
 * A new, private, empty folder at `path` itself (a resumable export's work folder), removed on
 * failure or signal until `commit` says it holds something worth keeping (commit moves nothing),
 * or, for a signal, until `keep` says so: a file renamed into it is on disk before the rename's
 * callback, which a signal may come before.
 */
export function provisionalFolder(path: string, label: string, keep?: () => boolean): TemporaryOutput {
  return createTracked(
    () => path,
    path,
    label,
    "folder",
    1,
    (created) => mkdirSync(created, { mode: 0o700 }),
    keep,
  ).output;
}

/**
 * Tracked before it is created, synchronously: the exit hook (and with it the process's signal
 * listeners) is in place before the file exists, so a signal arriving the moment it appears still
 * removes it. A name found taken (EEXIST) is untracked before any handler can run, and another tried.
 */
function createTracked<T>(
  pathFor: () => string,
  target: string,
  label: string,
  kind: "file" | "folder",
  attempts: number,
  create: (path: string) => T,
  keptOnExit?: () => boolean,
): { output: TemporaryOutput; created: T } {
  for (let attempt = 1; ; attempt++) {
    const path = pathFor();
    const live: LiveOutput = { label, partialPath: path, bytes: 0, closer: undefined, keptOnExit };
    trackOutput(live);
    let created: T;
    try {
      created = create(path);
    } catch (error) {
      untrackOutput(live);
      if ((error as NodeJS.ErrnoException).code === "EEXIST" && attempt < attempts) continue;
      throw error;
    }
    return { output: temporaryOutput(path, target, live, kind), created };
  }
}

function temporaryOutput(path: string, target: string, live: LiveOutput, kind: "file" | "folder"): TemporaryOutput {
  let settled = false;
  return {
    path,
    target,
    async commit(place = (temporary, final) => rename(temporary, final)) {
      await place(path, target);
      settled = true;
      untrackOutput(live);
    },
    async discard() {
      if (settled) return;
      settled = true;
      await rm(path, { force: true, recursive: kind === "folder" });
      untrackOutput(live);
    },
  };
}

const live = new Set<LiveOutput>();

/** Set while an export runs: removes the hook that cleans up when the process exits or a signal ends it. */
let removeExitHook: (() => void) | undefined;

/**
 * While any export runs, a signal that would end the process (SIGINT, SIGTERM, SIGHUP, ...) or an
 * exit first removes the temporary files, then the signal does what it would have done. signal-exit
 * steps aside when the user has a handler of their own for that signal: theirs decides.
 */
export function trackOutput(output: LiveOutput): void {
  live.add(output);
  removeExitHook ??= onExit(() => {
    removeExitHook = undefined;
    abandonLiveOutputs();
  });
}

export function untrackOutput(output: LiveOutput): void {
  live.delete(output);
  if (live.size > 0 || !removeExitHook) return;
  removeExitHook();
  removeExitHook = undefined;
}

/**
 * For a process about to exit (a signal, or process.exit), synchronously: every temporary file and
 * folder is removed (its target is left as it was) and an output that already received bytes is
 * closed early where its format allows (a JSON array gets its `]`). Returns the labels of outputs
 * left incomplete.
 */
export function abandonLiveOutputs(): string[] {
  const incomplete: string[] = [];
  for (const output of live) {
    if (output.partialPath) {
      if (!output.keptOnExit?.()) rmSync(output.partialPath, { force: true, recursive: true });
      continue;
    }
    if (output.bytes === 0) continue;
    incomplete.push(output.label);
    if (output.closer && output.stream) writeCloserNow(output.stream, output.closer);
  }
  live.clear();
  removeExitHook?.();
  removeExitHook = undefined;
  return incomplete;
}

/**
 * For an interrupt, before `abandonLiveOutputs`: each output written in place that already received
 * bytes and has a closer gets it queued after every byte still waiting (nothing is written after
 * it), and is waited for until its reader has taken them all: at most `waitMs`, so a reader that
 * stopped reading cannot hold the process (its document stays cut).
 */
export async function endLiveOutputs(waitMs: number): Promise<void> {
  const ending: Promise<void>[] = [];
  for (const output of live) {
    const { stream, closer } = output;
    if (output.partialPath || output.bytes === 0 || !closer || !stream || stream.destroyed) continue;
    output.ended = true;
    output.closer = undefined;
    ending.push(
      new Promise<void>((resolve) => {
        try {
          stream.write(closer, () => resolve());
        } catch {
          resolve(); // the reader is gone: nothing more can reach it
        }
      }),
    );
  }
  if (ending.length === 0) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([Promise.all(ending), new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))]);
  clearTimeout(timer);
}

/** Only when nothing is queued, so the closer cannot land before bytes still waiting. */
function writeCloserNow(stream: Writable, closer: string): void {
  if (stream.writableLength > 0) return;
  const fd = (stream as Writable & { fd?: unknown }).fd;
  try {
    if (typeof fd === "number") writeSync(fd, closer);
    else stream.write(closer);
  } catch {
    // the reader is gone: nothing more can reach it
  }
}
