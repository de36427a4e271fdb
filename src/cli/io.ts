import type { Writable } from "node:stream";

/** Everything the CLI touches of its process, so tests and the binary share one code path. */
export interface CliIo {
  stdout: Writable & { isTTY?: boolean; columns?: number };
  stderr: Writable & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** values never to print (the token), filled in as they are read */
  secrets: Set<string>;
}

export function processIo(): CliIo {
  return { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd(), secrets: new Set() };
}
