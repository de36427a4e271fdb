import { open, realpath, stat } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { ValidationError, ValueError } from "../errors";
import { sqlText } from "./sqlTypes";
import { followedLinks } from "../export/output/outputTarget";

/** The endings of the files DuckDB reads as data given their path (its CSV, JSON, Parquet, Excel and Arrow readers). */
const DATA_EXTENSION = /\.(csv|tsv|tbl|txt|json|jsonl|ndjson|parquet|xlsx|arrow|ipc|feather|avro)(\.(gz|zst))?$/i;

/** DuckDB's file header: an 8-byte checksum, then this magic. */
const DUCKDB_MAGIC = "DUCK";
const MAGIC_AT = 8;

/** The name the store's file is attached under (the connection's default database, so SQL names its tables alone). */
export const STORE_CATALOG = "fount_store";
/** The statement that makes the store's file a connection's database: its catalog and schema both named (a schema of the file named fount_store would take a bare USE fount_store). */
export const USE_STORE = `USE ${STORE_CATALOG}.main`;

/**
 * The store's own tables in DuckDB's catalog functions (duckdb_tables(), duckdb_columns(), ...): a
 * temporary table (database `temp`) and a table of a database the user attached have a `main` schema
 * too.
 */
export const IN_STORE = `database_name = '${STORE_CATALOG}' AND schema_name = 'main'`;
/** The same in information_schema's views. */
export const IN_STORE_SCHEMA = `table_catalog = '${STORE_CATALOG}' AND table_schema = 'main'`;

/**
 * Rows a row group of the store's tables holds (DuckDB's default is 122,880). A sync checkpoints as
 * each row group's worth of rows is committed (store.ts), and DuckDB holds the rows committed since
 * its last checkpoint in memory, a row group at a time and rewritten whole at the next checkpoint:
 * smaller groups keep a run's memory the same at a million rows as at a hundred thousand.
 */
export const STORE_ROW_GROUP_ROWS = 16_384;

/**
 * The block size of a store file fountframe makes (DuckDB's default is 256 KiB; a file keeps the
 * size it was made with). Rows not yet checkpointed take a block per column of each row group they
 * are in, whatever their number, so smaller blocks hold less of them; but DuckDB's memory grows
 * with the number of blocks in the file, after every checkpoint and eviction: at 64 columns,
 * 100,000 → 1,000,000 rows grew the process by 31 MB at 16 KiB, 23 MB at 32 KiB and 13 MB at 64 KiB.
 */
export const STORE_BLOCK_BYTES = 65_536;

/**
 * The statement that attaches the store's file as STORE_CATALOG: ATTACH is where DuckDB takes a row
 * group size and, for a file it makes, a block size.
 */
export function attachStatement(resolved: string, exists: boolean): string {
  const blockSize = exists ? "" : `, BLOCK_SIZE ${STORE_BLOCK_BYTES}`;
  return `ATTACH ${sqlText(resolved)} AS ${STORE_CATALOG} (ROW_GROUP_SIZE ${STORE_ROW_GROUP_ROWS}${blockSize})`;
}

/**
 * Where DuckDB writes what does not fit its memory limit while the store is open (a query's sort, a
 * large join): beside the store's file, as DuckDB does for a database it opens itself. The store's
 * DuckDB is an in-memory one with the file attached, whose default is `.tmp` in the process's working
 * folder. DuckDB removes the folder when the store closes.
 */
export const spillFolder = (resolved: string): string => `${resolved}.tmp`;

/**
 * The store's file attached only to be read, as STORE_CATALOG: whether it holds the sync state,
 * asked before anything is written to a file the read-only commands were given.
 */
export function readOnlyAttachStatement(resolved: string): string {
  return `ATTACH ${sqlText(resolved)} AS ${STORE_CATALOG} (READ_ONLY)`;
}

export interface StoreFile {
  /** the path the user gave, for messages */
  readonly given: string;
  /** the file itself, symbolic links followed: one store per file per process is keyed by it */
  readonly resolved: string;
  /** false when the file is still to be made */
  readonly exists: boolean;
}

/** A DuckDB write-ahead log's name (`<database>.wal`), and the store's mark of one (walGuard.ts). */
const LOG_NAME = /\.wal(\.fountframe)?$/i;

/**
 * One name for one file: the path with its links followed (to a file not there yet too), and a
 * file not there yet named inside its folder with that folder's links followed.
 */
async function resolvedPath(path: string): Promise<string> {
  const target = await followedLinks(path);
  return realpath(target).catch(async () => join(await realpath(dirname(target)).catch(() => dirname(target)), basename(target)));
}

/** Whether the file begins as a DuckDB database does. */
export async function isDuckDBFile(path: string): Promise<boolean> {
  const handle = await open(path, "r");
  try {
    const head = Buffer.alloc(MAGIC_AT + DUCKDB_MAGIC.length);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return bytesRead === head.length && head.toString("latin1", MAGIC_AT) === DUCKDB_MAGIC;
  } finally {
    await handle.close();
  }
}

/** A path that can only name a folder: it ends in a separator, or its last part is "." or "..". */
const FOLDER_NAME = /(?:^|[/\\])\.{0,2}$/;

/**
 * The store's file, checked before DuckDB sees it: DuckDB opens a CSV, JSON or Parquet file as an
 * in-memory database over that data (nothing would be written), so anything but a DuckDB
 * database (or nothing) is refused, its header by refuseOtherThanDuckDB. `create: false`
 * (read-only use) refuses a missing file rather than making one. Nothing here opens the file.
 */
export async function checkStoreFile(path: unknown, create: boolean): Promise<StoreFile> {
  const wanted = create
    ? "the store's DuckDB file name (created if absent), e.g. fount.duckdb"
    : "the store's DuckDB file name, e.g. fount.duckdb";
  if (typeof path !== "string" || path.trim() === "") throw new ValidationError("path", `${wanted}, got ${JSON.stringify(path)}`);
  if (path.startsWith(":memory:"))
    throw new ValidationError("path", `${wanted}, got ${JSON.stringify(path)}: an in-memory database keeps nothing a sync writes`);
  // a name ending in a separator, "." or ".." is a folder's ("newdir/", "newdir/."): resolving the path would make a file of "newdir"
  if (FOLDER_NAME.test(path))
    throw new ValidationError("path", `${wanted}, got ${JSON.stringify(path)}: a folder's name (it ends in "/", "/." or "/..")`);
  const resolved = await resolvedPath(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "ELOOP") throw error;
    throw new ValueError(`the store ${path} is a link in a loop of symbolic links (nothing was opened or created)`);
  });
  if (LOG_NAME.test(basename(resolved)))
    throw new ValueError(
      `the store ${path} is named as the write-ahead log of a database beside it (<database>.wal), or as a store's mark of one ` +
        "(<database>.wal.fountframe): DuckDB, and the store, would take it for that database's, and replay or remove it (nothing was opened or created): name it e.g. fount.duckdb",
    );
  const found = await stat(resolved).catch(() => undefined);
  if (!found) {
    if (!create) throw new ValueError(`the store ${path} does not exist (nothing was created): check the file name`);
    const dataExtension = DATA_EXTENSION.exec(basename(resolved))?.[0];
    if (dataExtension)
      throw new ValueError(
        `the store ${path} would be a DuckDB database named as data (DuckDB, and every tool after it, reads a ${dataExtension} path as data, not as a database; nothing was created): name it e.g. fount.duckdb`,
      );
    if (!(await stat(dirname(resolved)).catch(() => undefined))?.isDirectory())
      throw new ValueError(
        `the store ${path} cannot be made: its folder ${resolve(dirname(path)) === dirname(resolved) ? dirname(path) : `${dirname(resolved)} (where the link ${path} leads)`} does not exist (nothing was created): make the folder first`,
      );
    return { given: path, resolved, exists: false };
  }
  if (!found.isFile()) throw new ValueError(`the store ${path} is not a file: give a DuckDB database file, e.g. fount.duckdb`);
  return { given: path, resolved, exists: true };
}

/**
 * An existing store file must be a DuckDB database. Read only once the file is claimed open
 * (openFiles.ts): DuckDB's lock on a file is a POSIX record lock, which a process loses when it
 * closes any descriptor of that file, so this read must never run on a file a store of this
 * process holds.
 */
export async function refuseOtherThanDuckDB(file: StoreFile): Promise<void> {
  if (file.exists && !(await isDuckDBFile(file.resolved)))
    throw new ValueError(
      `the store ${file.given} is not a DuckDB database (its header lacks DuckDB's "${DUCKDB_MAGIC}"; a CSV, JSON or Parquet file is data, not a store): give another file name`,
    );
}
