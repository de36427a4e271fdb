import { spawn, type ChildProcessByStdio } from "node:child_process";
import { join } from "node:path";
import type { Readable } from "node:stream";

const CHILD = join(__dirname, "syncChild.ts");

/** A sync of brandscape data in a process of its own (syncChild.ts): it prints "opened" once the store is open. */
export function spawnSyncChild(
  url: string,
  token: string,
  file: string,
  query: Record<string, unknown> | "hold",
): ChildProcessByStdio<null, Readable, Readable> {
  return spawn(process.execPath, ["--import", "tsx", CHILD, url, token, file, query === "hold" ? query : JSON.stringify(query)], {
    cwd: join(__dirname, "../../.."),
    stdio: ["ignore", "pipe", "pipe"],
  });
}
