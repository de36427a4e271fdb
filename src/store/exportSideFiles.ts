import { createHash } from "node:crypto";
import { readlinkSync } from "node:fs";
import { lstat, readdir, rename, rm } from "node:fs/promises";
import { hostname } from "node:os";
import { basename, dirname, join } from "node:path";

/**
 * This machine and process namespace, as a side file's name carries it: a process id tells whether
 * its process still runs only among the processes this one sees (a container sharing the folder, or
 * another host over a network share, numbers its own), and two such exports must not share a name.
 */
export const PROCESS_SPACE = createHash("sha256").update(`${hostname()}\0${pidNamespace()}`).digest("hex").slice(0, 8);

function pidNamespace(): string {
  try {
    return readlinkSync("/proc/self/ns/pid");
  } catch {
    return "";
  }
}

let sideFiles = 0;
const sidePrefix = (path: string) => `.${basename(path)}.fountframe-`;
const SIDE = /^([0-9a-f]{8})-(\d+)-\d+\.(partial|old|copied)$/;

/** A hidden name beside `path` for an export's work (`kind`: partial, copied, old), this process's own. */
export const sideName = (path: string, kind: "partial" | "copied" | "old"): string =>
  join(dirname(path), `${sidePrefix(path)}${PROCESS_SPACE}-${process.pid}-${++sideFiles}.${kind}`);

/** Whether process `pid` of this namespace runs (one of another user's answers EPERM: it runs). */
function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * What an export killed before its end left beside `path` (sideName's files of a process of this
 * machine and namespace that no longer runs) is removed. Its `.old`, the earlier export, is put back
 * if `path` is gone (the kill came between the two renames), when it is the only one, a folder
 * (not a link), and `isEarlierExport` says it holds only an export; otherwise the `.old`s are left
 * as they are. Side files of other machines or namespaces are never touched.
 */
export async function clearLeftovers(path: string, isEarlierExport: (folder: string) => Promise<boolean>): Promise<void> {
  const prefix = sidePrefix(path);
  const olds: string[] = [];
  for (const name of await readdir(dirname(path)).catch(() => [] as string[])) {
    const side = name.startsWith(prefix) ? SIDE.exec(name.slice(prefix.length)) : null;
    if (!side || side[1] !== PROCESS_SPACE || isRunning(Number(side[2]))) continue;
    const leftover = join(dirname(path), name);
    if (side[3] === "old") olds.push(leftover);
    else await rm(leftover, { recursive: true, force: true });
  }
  const targetGone = !(await lstat(path).catch(() => undefined));
  if (!targetGone) {
    for (const old of olds) await rm(old, { recursive: true, force: true });
    return;
  }
  if (olds.length !== 1) return;
  const [old] = olds;
  if ((await lstat(old)).isDirectory() && (await isEarlierExport(old))) await rename(old, path);
}
