import { lstat, mkdir, rm } from "node:fs/promises";
import { join } from "node:path";

/**
 * The folders cacache keeps in a cache directory (lib/entry-index.js and lib/content/path.js of
 * cacache 20: index-v5, content-v2, and tmp for writes in progress). No public API names them.
 */
export const INDEX_FOLDER = "index-v5";
export const CONTENT_FOLDER = "content-v2";
export const TMP_FOLDER = "tmp";
export const CACHE_FOLDERS = [INDEX_FOLDER, CONTENT_FOLDER, TMP_FOLDER] as const;

const PRIVATE_DIR = 0o700;

/**
 * Creates the cache folder (0700) when missing, and checks that no one else can plant anything in
 * it: cacache writes a temporary file in `tmp/` and appends to index files at names derived from
 * the key, through whatever link sits there. So the folder must be this user's and writable by no
 * one else, and its own folders real folders, not links. Throws an Error saying what is wrong.
 */
export async function ensurePrivateFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR });
  const folder = await lstat(dir);
  if (folder.isSymbolicLink() || !folder.isDirectory())
    throw new Error(`${dir} is ${folder.isSymbolicLink() ? "a symbolic link" : "not a folder"}`);
  if (typeof process.getuid === "function" && folder.uid !== process.getuid()) throw new Error(`${dir} belongs to another user`);
  if (process.platform !== "win32" && (folder.mode & 0o022) !== 0)
    throw new Error(`${dir} is writable by other users (mode ${(folder.mode & 0o777).toString(8)}): chmod 700 it`);
  for (const name of CACHE_FOLDERS) {
    const inner = await lstat(join(dir, name)).catch(() => undefined);
    if (inner && (inner.isSymbolicLink() || !inner.isDirectory())) throw new Error(`${join(dir, name)} is not a folder the cache made`);
  }
}

/**
 * Removes the cache's own folders and nothing else: a user's files beside them (an
 * `index-2024.csv`, notes) stay. A link in place of one is removed, never followed.
 */
export async function removeCacheFolders(dir: string): Promise<void> {
  for (const name of CACHE_FOLDERS) await rm(join(dir, name), { recursive: true, force: true });
}
