import { createHash, randomUUID } from "node:crypto";
import { appendFile, lstat, mkdir, open, rename, rm } from "node:fs/promises";
import { dirname, join } from "node:path";

/**
 * The folders cacache keeps in a cache directory (lib/entry-index.js and lib/content/path.js of
 * cacache 20: index-v5, content-v2, and tmp for writes in progress). No public API names them.
 */
export const INDEX_FOLDER = "index-v5";
export const CONTENT_FOLDER = "content-v2";
export const TMP_FOLDER = "tmp";
export const CACHE_FOLDERS = [INDEX_FOLDER, CONTENT_FOLDER, TMP_FOLDER] as const;

const PRIVATE_DIR = 0o700;
const PRIVATE_FILE = 0o600;

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

/**
 * One entry written in cacache's own layout (cacache 20: content-v2 and index-v5), so that cacache
 * reads, checks, lists and removes it as one of its own. `cacache.put` makes four folders (each a
 * recursive mkdir), checks that the content is not there yet and moves it there, for every entry:
 * here the folders are made only when a write finds one missing, and the files are created 0600
 * (no chmod after). The same atomic steps as cacache's: the content written under a random name in tmp/
 * (opened exclusively) and renamed to the name of its digest; the index line appended last, with
 * the SHA-1 of its JSON that cacache checks when it reads it.
 * Returns the content's integrity (`<algorithm>-<base64 digest>`).
 */
export async function writeEntry(dir: string, key: string, body: Uint8Array, algorithm: string, metadata?: unknown): Promise<string> {
  const integrity = `${algorithm}-${createHash(algorithm).update(body).digest("base64")}`;
  await writeContent(dir, integrity, body);
  const line = JSON.stringify({ key, integrity, time: Date.now(), size: body.byteLength, metadata });
  await inFolder(indexFile(dir, key), (path) =>
    appendFile(path, `\n${createHash("sha1").update(line).digest("hex")}\t${line}`, { mode: PRIVATE_FILE }),
  );
  return integrity;
}

/** Where cacache keeps the content of `integrity` (`<algorithm>-<base64 digest>`): content-v2/<algorithm>/<hex: 2>/<2>/<rest>. */
export function contentFile(dir: string, integrity: string): string {
  const dash = integrity.indexOf("-");
  const hex = Buffer.from(integrity.slice(dash + 1), "base64").toString("hex");
  return join(dir, CONTENT_FOLDER, integrity.slice(0, dash), hex.slice(0, 2), hex.slice(2, 4), hex.slice(4));
}

/** Where cacache keeps the index lines of `key`: index-v5/<SHA-256 of the key in hex: 2>/<2>/<rest>. */
export function indexFile(dir: string, key: string): string {
  const hashed = createHash("sha256").update(key).digest("hex");
  return join(dir, INDEX_FOLDER, hashed.slice(0, 2), hashed.slice(2, 4), hashed.slice(4));
}

async function writeContent(dir: string, integrity: string, body: Uint8Array): Promise<void> {
  const temporary = join(dir, TMP_FOLDER, randomUUID());
  let moved = false;
  try {
    const file = await inFolder(temporary, (path) => open(path, "wx", PRIVATE_FILE));
    try {
      // a short write goes on from where it stopped
      for (let offset = 0; offset < body.byteLength;) offset += (await file.write(body, offset)).bytesWritten;
    } finally {
      await file.close();
    }
    // the same content under the same name: a file already there is replaced by its equal
    await inFolder(contentFile(dir, integrity), (path) => rename(temporary, path));
    moved = true;
  } finally {
    if (!moved) await rm(temporary, { force: true });
  }
}

/** `act` on `path`, its folder made (0700) when it was missing, and then once more. */
async function inFolder<T>(path: string, act: (path: string) => Promise<T>): Promise<T> {
  try {
    return await act(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    await mkdir(dirname(path), { recursive: true, mode: PRIVATE_DIR });
    return act(path);
  }
}
