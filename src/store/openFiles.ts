import { stat } from "node:fs/promises";

/**
 * The store files this process has open, each under its resolved path and, once it exists, its
 * device and inode (a hard link is another path to the same file), mapped to the path it was opened
 * by. Kept on globalThis under a registered symbol: the CommonJS and ES module builds of
 * fountframe/store are two copies of this module, and two handles on one file (each with its own
 * DuckDB instance) diverge and lose committed tables.
 */
const OPEN_FILES = Symbol.for("fountframe.store.openFiles.v2");

function openFiles(): Map<string, string> {
  const holder = globalThis as { [OPEN_FILES]?: Map<string, string> };
  holder[OPEN_FILES] ??= new Map();
  return holder[OPEN_FILES];
}

/** The file's device and inode, or undefined while it does not exist. */
async function inodeOf(file: string): Promise<string | undefined> {
  const found = await stat(file, { bigint: true }).catch(() => undefined);
  return found && `inode ${found.dev}:${found.ino}`;
}

/** Marks `file` (a resolved path) open; false when it, or the same file by another path, already is. */
export async function claimFile(file: string): Promise<boolean> {
  const inode = await inodeOf(file);
  const files = openFiles();
  if (files.has(file) || (inode !== undefined && files.has(inode))) return false;
  files.set(file, file);
  if (inode !== undefined) files.set(inode, file);
  return true;
}

/** Marks a file made since it was claimed open by its inode too. */
export async function claimMadeFile(file: string): Promise<void> {
  const inode = await inodeOf(file);
  if (inode !== undefined) openFiles().set(inode, file);
}

export function releaseFile(file: string): void {
  const files = openFiles();
  for (const [key, owner] of files) if (owner === file) files.delete(key);
}
