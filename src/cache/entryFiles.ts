import { createHash, randomUUID } from "node:crypto";
import { appendFile, mkdir, open, rename, rm, type FileHandle } from "node:fs/promises";
import { dirname, join } from "node:path";
import { CONTENT_FOLDER, INDEX_FOLDER, TMP_FOLDER } from "./cacheFolder";

const PRIVATE_FILE = 0o600;
/** within every system's bound on the buffers of one writev (IOV_MAX: 1,024 on Linux and macOS) */
const CHUNKS_A_CALL = 512;

/**
 * One entry written in cacache's own layout (cacache 20: content-v2 and index-v5), so that cacache
 * reads, checks, lists and removes it as one of its own. `cacache.put` makes four folders (each a
 * recursive mkdir), checks that the content is not there yet and moves it there, for every entry:
 * here the folders are made only when a write finds one missing, the files are created 0600 (no
 * chmod after), and a file made of chunks (the kept columns) is hashed and written as it is, never
 * joined. The same atomic steps as cacache's: the content written under a random name in tmp/
 * (opened exclusively) and renamed to the name of its digest; the index line appended last, with
 * the SHA-1 of its JSON that cacache checks when it reads it.
 * Returns the content's integrity (`<algorithm>-<base64 digest>`).
 */
export async function writeEntry(
  dir: string,
  key: string,
  chunks: readonly Uint8Array[],
  algorithm: string,
  metadata?: unknown,
): Promise<string> {
  const hash = createHash(algorithm);
  let size = 0;
  for (const chunk of chunks) {
    hash.update(chunk);
    size += chunk.byteLength;
  }
  const integrity = `${algorithm}-${hash.digest("base64")}`;
  await writeContent(dir, integrity, chunks);
  const line = JSON.stringify({ key, integrity, time: Date.now(), size, metadata });
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

async function writeContent(dir: string, integrity: string, chunks: readonly Uint8Array[]): Promise<void> {
  const temporary = join(dir, TMP_FOLDER, randomUUID());
  let moved = false;
  try {
    const file = await inFolder(temporary, (path) => open(path, "wx", PRIVATE_FILE));
    try {
      await writeAll(file, chunks);
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

/** The chunks written in order, a few hundred to a call; a short write goes on from where it stopped. */
async function writeAll(file: FileHandle, chunks: readonly Uint8Array[]): Promise<void> {
  for (let start = 0; start < chunks.length; start += CHUNKS_A_CALL) {
    const batch = chunks.slice(start, start + CHUNKS_A_CALL);
    let written = (await file.writev(batch as Uint8Array[])).bytesWritten;
    for (const chunk of batch) {
      let offset = Math.min(written, chunk.byteLength);
      written -= offset;
      while (offset < chunk.byteLength) offset += (await file.write(chunk, offset)).bytesWritten;
    }
  }
}

/** `act` on `path`, its folder made (0700) when it was missing, and then once more. */
async function inFolder<T>(path: string, act: (path: string) => Promise<T>): Promise<T> {
  try {
    return await act(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    return act(path);
  }
}
