import type { Stats } from "node:fs";
import { lstat, readFile, rm, writeFile } from "node:fs/promises";
import type { DuckDBConnection } from "@duckdb/node-api";
import { ValueError } from "../errors";
import { isDuckDBFile } from "./storeFile";
import { markNotWritten } from "./storeFileError";

/**
 * DuckDB replays whatever `<file>.wal` lies beside a database, whoever wrote it: its log names no
 * database. The store checkpoints after a query and at the end of a sync run (the log is folded into
 * the file and removed), and marks the span from the first commit to that checkpoint with
 * `<file>.wal.fountframe`; so a log it left after a kill has that mark beside it, and one without
 * the mark is not its own.
 */
export const walOf = (file: string): string => `${file}.wal`;
export const markOf = (file: string): string => `${file}.wal.fountframe`;

async function statOf(path: string) {
  return lstat(path).catch(() => undefined);
}

/** Refuses a write-ahead log the store did not leave (a stranger's, or one without its database). */
export async function checkWal(file: string, given: string, databaseExists: boolean): Promise<void> {
  const mark = await statOf(markOf(file));
  if (mark && !(await isMark(markOf(file), mark)))
    throw new ValueError(
      `the store ${given} has a file beside it named as its mark (${given}.wal.fountframe) that is not one: ` +
        "the store writes and removes its mark there: move or rename that file (nothing was opened)",
    );
  const wal = await statOf(walOf(file));
  if (!wal || (wal.isFile() && wal.size === 0)) return;
  const refuse = (why: string) => {
    throw new ValueError(
      `the store ${given} has a write-ahead log beside it (${given}.wal) that ${why}: DuckDB would replay it into the database whoever wrote it. ` +
        `If it is yours (a DuckDB session on this file that crashed), open the file once with DuckDB to fold it in; otherwise remove it`,
    );
  };
  if (!databaseExists) refuse("has no database");
  if (!wal.isFile()) refuse("is not a file");
  const database = await statOf(file);
  if (database && wal.uid !== database.uid && !(mark && mark.uid === wal.uid && mayWrite(database, wal.uid, wal.gid)))
    refuse(
      `belongs to another user (uid ${wal.uid}, the database's is ${database.uid}) who may not write the database, or without the store's mark of that user`,
    );
  if (mark && mark.uid !== wal.uid)
    refuse(`belongs to another user than the store's mark beside it (uid ${wal.uid}, the mark's is ${mark.uid})`);
  if (await isDuckDBFile(walOf(file)).catch(() => false))
    throw new ValueError(
      `the store ${given} has a DuckDB database beside it named as its write-ahead log (${given}.wal): DuckDB would replay it into the store as a log: ` +
        "move or rename that database (nothing was opened)",
    );
  // a file at the mark's path that is not a mark was refused above
  if (!mark) refuse("fountframe did not leave (it leaves none but after a kill between a commit and its checkpoint)");
}

/**
 * Whether user `uid` (of group `gid`) may write the file `found` by its mode: its owner, or its
 * group or everyone given write. A store shared that way is written by several users, each
 * leaving logs of their own after a kill; a log of a user who could not write the file is a stranger's.
 */
function mayWrite(found: Stats, uid: number, gid: number): boolean {
  if (found.uid === uid) return (found.mode & 0o200) !== 0;
  if (found.gid === gid && (found.mode & 0o020) !== 0) return true;
  return (found.mode & 0o002) !== 0;
}

/**
 * Removes a mark that no log needs any more (its log was folded in). Only once the file is the
 * caller's (DuckDB's lock held): while another process runs a sync, the mark is that run's, and its
 * next commit's log would be taken for a stranger's after a kill.
 */
export async function clearStaleMark(file: string): Promise<void> {
  if ((await walBytes(file)) === 0 && (await isMark(markOf(file), await statOf(markOf(file))))) await rm(markOf(file), { force: true });
}

/** Whether the file at the mark's path (`found`: its lstat) is a mark (markCommitting's process id): anything else there is not the store's to remove. */
async function isMark(path: string, found: Stats | undefined): Promise<boolean> {
  if (!found?.isFile() || found.size > MARK_BYTES) return false;
  return MARK_TEXT.test(await readFile(path, "latin1").catch(() => ""));
}

/** The write-ahead log's size in bytes, 0 when there is none (DuckDB removes it at a checkpoint). */
export async function walBytes(file: string): Promise<number> {
  return (await statOf(walOf(file)))?.size ?? 0;
}

/** What a mark holds: the process id of the store that wrote it. */
const MARK_TEXT = /^\d+\n?$/;
const MARK_BYTES = 32;

/** Marks the span from a commit to its checkpoint (see checkWal). */
async function markCommitting(file: string): Promise<void> {
  await writeFile(markOf(file), `${process.pid}\n`).catch((error: unknown) => {
    throw markNotWritten(file, error);
  });
}

/**
 * Work on the store's file that may commit: marked as the store's own until the write-ahead log is
 * folded into the file, so a log left by a kill in between is known as the store's.
 */
export async function committing<T>(connection: DuckDBConnection, file: string, work: () => Promise<T>): Promise<T> {
  await markCommitting(file);
  try {
    return await work();
  } finally {
    await connection.run("CHECKPOINT").catch(() => undefined);
    // a log the checkpoint could not fold in keeps its mark: it is the store's, for the next open to replay
    await clearStaleMark(file);
  }
}
