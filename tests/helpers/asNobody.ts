import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

/**
 * Tests that run a command as another user (nobody, to meet a file it may not write) as they can
 * wherever the clone lives: a clone in a folder only root may enter (`mktemp -d`, root's home) is
 * one nobody cannot read, so what nobody runs is first bundled, with all it imports, into a folder
 * every user may read.
 */
export const ROOT = resolve(__dirname, "../..");
export const AS_NOBODY = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"];

/** Why this process cannot run commands as nobody, or "" when it can (root, with setpriv). */
export function whyNotNobody(): string {
  if (process.getuid?.() !== 0) return "not root, so cannot switch to nobody";
  const [command, ...args] = AS_NOBODY;
  if (spawnSync(command, [...args, "true"]).status !== 0) return "setpriv cannot switch to nobody here";
  return "";
}

/** Whether nobody may read `path` (and so enter every folder above it). */
export function nobodyCanRead(path: string): boolean {
  const [command, ...args] = AS_NOBODY;
  const check = `require("node:fs").accessSync(${JSON.stringify(path)}, require("node:fs").constants.R_OK)`;
  return spawnSync(command, [...args, process.execPath, "-e", check]).status === 0;
}

/** A new folder every user may read and enter, in the system's temporary folder. */
export function readableFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), "fountframe-nobody-"));
  chmodSync(dir, 0o755);
  return dir;
}

/**
 * Bundles `entries` (name → source file) with everything they import into CommonJS files in
 * `outDir`, with the project's tsup config (tests/helpers/bundle.ts): entries named `cli` and
 * `emulator` make the CLI as it ships, with its emulator and danfo beside it.
 */
export function bundleInto(outDir: string, entries: Record<string, string>): void {
  const built = spawnSync(join(ROOT, "node_modules/.bin/tsx"), ["tests/helpers/bundle.ts", outDir, JSON.stringify(entries)], {
    cwd: ROOT,
    encoding: "utf8",
    timeout: 120_000,
  });
  if (built.status !== 0) throw new Error(`bundling for nobody failed:\n${built.stderr}${built.stdout}`);
}
