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

/** By store file, the files its SQL attached (their paths and inodes): open in this process too. */
const ATTACHED_FILES = Symbol.for("fountframe.store.attachedFiles.v1");

function attachedFiles(): Map<string, Set<string>> {
  const holder = globalThis as { [ATTACHED_FILES]?: Map<string, Set<string>> };
  holder[ATTACHED_FILES] ??= new Map();
  return holder[ATTACHED_FILES];
}

/** The file's device and inode, or undefined while it does not exist. */
async function inodeOf(file: string): Promise<string | undefined> {
  const found = await stat(file, { bigint: true }).catch(() => undefined);
  return found && `inode ${found.dev}:${found.ino}`;
}

/** Marks `file` (a resolved path) open; false when it, or the same file by another path, already is. */
export async function claimFile(file: string): Promise<boolean> {
  const inode = await inodeOf(file);
  if (isHeld(file, inode)) return false;
  const files = openFiles();
  files.set(file, file);
  if (inode !== undefined) files.set(inode, file);
  return true;
}

/** Whether `file` (a resolved path), or the same file by another path, is a store this process has open. */
export async function isOpenHere(file: string): Promise<boolean> {
  return isHeld(file, await inodeOf(file));
}

function isHeld(file: string, inode: string | undefined): boolean {
  const held = (key: string) => openFiles().has(key) || [...attachedFiles().values()].some((keys) => keys.has(key));
  return held(file) || (inode !== undefined && held(inode));
}

/** The files open in this process, by the paths they were opened or attached by (resolved). */
export function openFilePaths(): string[] {
  return [
    ...new Set([
      ...openFiles().values(),
      ...[...attachedFiles().values()].flatMap((keys) => [...keys].filter((key) => !key.startsWith("inode "))),
    ]),
  ];
}

/** The files `store`'s SQL attached (resolved paths), as last held. */
export function attachedBy(store: string): ReadonlySet<string> {
  return attachedFiles().get(store) ?? new Set();
}

/** Holds the files `store`'s connection has attached now (resolved paths) as open, in place of those held before. */
export async function holdAttachedFiles(store: string, files: readonly string[]): Promise<void> {
  const keys = new Set<string>();
  for (const file of files) {
    keys.add(file);
    const inode = await inodeOf(file);
    if (inode !== undefined) keys.add(inode);
  }
  if (keys.size > 0) attachedFiles().set(store, keys);
  else attachedFiles().delete(store);
}

/** Marks a file made since it was claimed open by its inode too. */
export async function claimMadeFile(file: string): Promise<void> {
  const inode = await inodeOf(file);
  if (inode !== undefined) openFiles().set(inode, file);
}

/**
 * Whether `file` (a resolved path) is still the file claimed open by it, and `path` (as given, its
 * links followed now) still leads to it: not removed, nor another file put in its place.
 */
export async function isStillClaimed(file: string, path: string): Promise<boolean> {
  const [inode, atPath] = await Promise.all([inodeOf(file), inodeOf(path)]);
  return inode !== undefined && inode === atPath && openFiles().get(inode) === file;
}

export function releaseFile(file: string): void {
  attachedFiles().delete(file);
  const files = openFiles();
  for (const [key, owner] of files) if (owner === file) files.delete(key);
}
