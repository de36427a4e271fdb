import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

/**
 * `npx fountframe emulator &` then `kill %1`: without job control the signal reaches npm (the
 * npx wrapper) only, and the `sh -c` it runs the bin with can die without passing it on, so the
 * emulator would outlive its job. The emulator watches the processes that started it instead:
 * its parent and, under npx (`npm_command=exec`) with a shell as the parent, npm above that shell;
 * when one of them is gone (or the emulator was handed to another parent) it ends, as on SIGTERM.
 */
export interface ParentWatch {
  /** resolves with the reason when a watched process is gone */
  readonly gone: Promise<string>;
  stop(): void;
}

const POLL_MS = 250;

export function watchParents(pollMs = POLL_MS): ParentWatch {
  const parent = process.ppid;
  const watched = [parent];
  if (process.env.npm_command === "exec" || process.env.npm_lifecycle_event === "npx") {
    const shell = processInfo(parent);
    if (shell && SHELLS.test(shell.name) && shell.parent > 1) watched.push(shell.parent);
  }
  let timer: NodeJS.Timeout | undefined;
  const gone = new Promise<string>((resolve) => {
    timer = setInterval(() => {
      const lost = process.ppid !== parent ? parent : watched.find((pid) => !isAlive(pid));
      if (lost === undefined) return;
      clearInterval(timer);
      resolve(`process ${lost}, which started the emulator, ended`);
    }, pollMs);
    timer.unref(); // the watch alone never keeps the process alive
  });
  return { gone, stop: () => clearInterval(timer) };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"; // alive, but not ours to signal
  }
}

/** The `sh -c` npm runs a package's bin with (dash, bash, …). */
const SHELLS = /^(?:.*\/)?(?:sh|dash|bash|zsh|ash)$/;

interface ProcessInfo {
  readonly parent: number;
  readonly name: string;
}

/** A process's parent and name: /proc on Linux, `ps` elsewhere; null when neither answers. */
function processInfo(pid: number): ProcessInfo | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    return { parent: Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]), name };
  } catch {
    try {
      const [parent, ...name] = execFileSync("ps", ["-o", "ppid=,comm=", "-p", String(pid)], { encoding: "utf8", timeout: 2000 })
        .trim()
        .split(/\s+/);
      return Number(parent) > 0 ? { parent: Number(parent), name: name.join(" ") } : null;
    } catch {
      return null;
    }
  }
}
