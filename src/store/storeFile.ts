import { open, realpath, stat } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { ValidationError, ValueError } from "../errors";

/** DuckDB's file header: an 8-byte checksum, then this magic. */
const DUCKDB_MAGIC = "DUCK";
const MAGIC_AT = 8;

export interface StoreFile {
  /** the path the user gave, for messages */
  readonly given: string;
  /** the file itself, symbolic links followed: one store per file per process is keyed by it */
  readonly resolved: string;
  /** false when the file is still to be made */
  readonly exists: boolean;
}

async function resolvedPath(path: string): Promise<string> {
  const absolute = resolve(path);
  try {
    return await realpath(absolute);
  } catch {
    // not there yet: its folder may still be reached through a link
    const folder = await realpath(dirname(absolute)).catch(() => dirname(absolute));
    return join(folder, basename(absolute));
  }
}

async function startsWithMagic(path: string): Promise<boolean> {
  const handle = await open(path, "r");
  try {
    const head = Buffer.alloc(MAGIC_AT + DUCKDB_MAGIC.length);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return bytesRead === head.length && head.toString("latin1", MAGIC_AT) === DUCKDB_MAGIC;
  } finally {
    await handle.close();
  }
}

/**
 * The store's file, checked before DuckDB sees it: DuckDB opens a CSV, JSON or Parquet file as an
 * in-memory database over that data (nothing would be written), so anything but a DuckDB
 * database (or nothing) is refused. `create: false` (read-only use) refuses a
 * missing file rather than making one.
 */
export async function checkStoreFile(path: unknown, create: boolean): Promise<StoreFile> {
  if (typeof path !== "string" || path.trim() === "" || path === ":memory:" || path.startsWith(":memory:"))
    throw new ValidationError("path", "the store's DuckDB file name (created if absent), e.g. fount.duckdb");
  const resolved = await resolvedPath(path);
  const found = await stat(resolved).catch(() => undefined);
  if (!found) {
    if (!create) throw new ValueError(`the store ${path} does not exist (nothing was created): check the file name`);
    return { given: path, resolved, exists: false };
  }
  if (!found.isFile()) throw new ValueError(`the store ${path} is not a file: give a DuckDB database file, e.g. fount.duckdb`);
  if (!(await startsWithMagic(resolved))) {
    throw new ValueError(
      `the store ${path} is not a DuckDB database (its header lacks DuckDB's "${DUCKDB_MAGIC}"; a CSV, JSON or Parquet file is data, not a store): give another file name`,
    );
  }
  return { given: path, resolved, exists: true };
}
