import { watch } from "node:fs";
import type { Readable } from "node:stream";

/**
 * Resolves once `ready()` holds: now, or on the event that makes it hold. Rejects, naming `what`,
 * if `giveUp` settles first (a child that exited, a pull that ended), so a wait that can no longer
 * be met fails at once instead of at the test's timeout.
 */
function untilEvent(
  what: string,
  ready: () => boolean,
  listen: (check: () => void) => () => void,
  giveUp?: Promise<unknown>,
): Promise<void> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      stopListening();
      if (error) reject(error);
      else resolve();
    };
    const check = () => {
      try {
        if (ready()) finish();
      } catch (error) {
        finish(error as Error);
      }
    };
    const stopListening = listen(check);
    const gaveUp = () => {
      check();
      finish(new Error(`${what}: never happened`));
    };
    giveUp?.then(gaveUp, gaveUp);
    check();
  });
}

/** Resolves once `ready()` holds, checked now and whenever a file in `dir` (or below it) is made, changed, renamed or removed. */
export function untilInFolder(dir: string, ready: () => boolean, what: string, giveUp?: Promise<unknown>): Promise<void> {
  return untilEvent(
    what,
    ready,
    (check) => {
      const watcher = watch(dir, { recursive: true }, check);
      return () => watcher.close();
    },
    giveUp,
  );
}

/** Resolves once `ready()` holds, checked now and on every chunk `stream` gives; rejects if it ends first. */
export function untilData(stream: Readable, ready: () => boolean, what: string): Promise<void> {
  const ended = new Promise((resolve) => stream.once("close", resolve));
  return untilEvent(
    what,
    ready,
    (check) => {
      // after the test's own 'data' listener (added first), so `ready` sees the chunk
      stream.on("data", check);
      return () => stream.off("data", check);
    },
    ended,
  );
}
