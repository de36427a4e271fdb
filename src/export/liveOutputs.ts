import { rmSync, writeSync } from "node:fs";
import type { Writable } from "node:stream";
import { onExit } from "signal-exit";

/** An export in progress, as an interrupt must see it: what to remove, what already went out. */
export interface LiveOutput {
  /** the user's path, or "stdout" / "the output stream" */
  readonly label: string;
  /** the hidden file an atomic export writes before renaming it */
  readonly partialPath: string | undefined;
  readonly stream: Writable;
  bytes: number;
  /** what ends the document early so it stays well-formed (JSON's `]`) */
  closer: string | undefined;
}

const live = new Set<LiveOutput>();

/** Set while an export runs: removes the hook that cleans up when the process exits or a signal ends it. */
let removeExitHook: (() => void) | undefined;

/**
 * While any export runs, a signal that would end the process (SIGINT, SIGTERM, SIGHUP, ...) or an
 * exit first removes the partial files, then the signal does what it would have done. signal-exit
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
 * For a process about to exit (a signal, or process.exit), synchronously: every partial file is removed
 * (its target is left as it was) and an output that already received bytes is closed early where
 * its format allows (a JSON array gets its `]`). Returns the labels of outputs left incomplete.
 */
export function abandonLiveOutputs(): string[] {
  const incomplete: string[] = [];
  for (const output of live) {
    if (output.partialPath) {
      rmSync(output.partialPath, { force: true, recursive: true }); // a partitioned dataset's hidden folder too
      continue;
    }
    if (output.bytes === 0) continue;
    incomplete.push(output.label);
    if (output.closer) writeCloserNow(output.stream, output.closer);
  }
  live.clear();
  removeExitHook?.();
  removeExitHook = undefined;
  return incomplete;
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
