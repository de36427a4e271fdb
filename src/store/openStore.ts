import { access, constants, rm } from "node:fs/promises";
import { basename, dirname } from "node:path";
import type { DuckDBConnection } from "@duckdb/node-api";
import { foldedSql } from "./sqlTypes";
import { FountError, ValueError } from "../errors";
import { StoreFileError } from "./storeFileError";
import { loadDuckDB } from "./loadDuckDB";
import { claimFile, claimMadeFile, releaseFile } from "./openFiles";
import { ensureStateTable, ownStateColumns, STATE_TABLE } from "./stateTable";
import { DuckDBStore } from "./store";
import { refuseShadowingMacros } from "./shadowingMacros";
import { pinMeaningSettings } from "./sessionPins";
import {
  attachStatement,
  checkStoreFile,
  IN_STORE,
  readOnlyAttachStatement,
  refuseOtherThanDuckDB,
  spillFolder,
  STORE_CATALOG,
  USE_STORE,
  type StoreFile,
} from "./storeFile";
import type { Store } from "./types";
import type { TrackedTable } from "../sync/types";
import { checkWal, clearStaleMark, committing, markOf, walOf } from "./walGuard";
import { fileMarkOf } from "./fileMark";

/** The store file is open elsewhere: in another process (DuckDB lets one process write a database at a time), or already in this one. */
export class StoreBusyError extends FountError {
  static override readonly kind: string = "StoreBusyError";
}

export interface OpenStoreOptions {
  /** make the file when it is absent (default true); false: a missing file is an error, and nothing is created */
  create?: boolean;
}

/**
 * Opens (or creates) the DuckDB store at `path` for `client.sync`; `await using store = await
 * openStore(...)` closes it. Only a DuckDB database file (or none yet) is opened; one store per file
 * per process (a second open of the same file, by any path, is refused until the first is closed).
 */
export async function openStore(path: string, options: OpenStoreOptions = {}): Promise<Store> {
  return (await open(path, { create: options.create ?? true }))!;
}

/**
 * The store at `path` for a re-run of what it tracks (`sync --store FILE`): the file must exist, and
 * a DuckDB file that holds no sync state (another program's database, say) gives undefined, left as
 * it was: only read (attached read-only), no state table made, nothing checkpointed.
 */
export async function openTrackingStore(path: string): Promise<Store | undefined> {
  return open(path, { create: false, tracked: "to sync" });
}

/**
 * What the store at `path` tracks (`sync --store FILE --status`), read from the file attached
 * read-only: nothing is written, not even a log folded in, so a store the user may only read is read
 * too. Undefined for a DuckDB file that holds no sync state; a missing file is an error, as for
 * openTrackingStore.
 */
export async function readTrackedTables(path: string): Promise<TrackedTable[] | undefined> {
  const store = await open(path, { create: false, tracked: "to read" });
  if (store === undefined) return undefined;
  try {
    return await store.tables();
  } finally {
    await store.close();
  }
}

interface OpenWay {
  /** make the file when it is absent */
  create: boolean;
  /**
   * Opened for what it tracks: undefined for a DuckDB file without the sync state, which is left as
   * it was; "to read" attaches it read-only (its state table as it is, no mark cleared).
   */
  tracked?: "to sync" | "to read";
}

async function open(path: string, { create, tracked }: OpenWay): Promise<Store | undefined> {
  const readOnly = tracked === "to read";
  const file = await checkStoreFile(path, create);
  if (!(await claimFile(file.resolved))) {
    throw new StoreBusyError(`the store ${path} is already open in this process: use the store openStore gave (or close it first)`);
  }
  let instance: Awaited<ReturnType<(typeof import("@duckdb/node-api"))["DuckDBInstance"]["create"]>> | undefined;
  let connection: Awaited<ReturnType<NonNullable<typeof instance>["connect"]>> | undefined;
  let opened = false;
  try {
    await refuseOtherThanDuckDB(file);
    await checkWal(file.resolved, path, file.exists);
    if (!readOnly) await refuseUnwritable(file);
    const duckdb = await loadDuckDB();
    // the file is attached, not opened as the instance's database (see attachStatement)
    instance = await duckdb.DuckDBInstance.create(":memory:", { temp_directory: spillFolder(file.resolved) });
    connection = await instance.connect();
    await pinMeaningSettings(connection);
    if (tracked && !(await holdsSyncState(connection, file.resolved, path, readOnly))) return undefined;
    if (readOnly) {
      await connection.run(USE_STORE);
      await refuseShadowingMacros(connection);
      await ownStateColumns(connection, path);
    } else {
      try {
        await connection.run(attachStatement(file.resolved, file.exists));
      } catch (error) {
        const failure = attachFailure(error, path, file.exists);
        // a file begun here that DuckDB could not finish (a full disk) is no database: it would refuse every later open
        if (!file.exists && !(failure instanceof StoreBusyError)) await removeBegun(file.resolved);
        throw failure;
      }
      await clearStaleMark(file.resolved);
      if (!file.exists) await claimMadeFile(file.resolved);
      await connection.run(USE_STORE);
      await refuseShadowingMacros(connection);
      // the state table made (or its columns added) under the store's mark: a log of it left by a kill here is the store's
      const own = connection;
      await committing(own, file.resolved, () => ensureStateTable(own, path, !file.exists));
    }
    const store = new DuckDBStore(path, file.resolved, duckdb, instance, connection, await fileMarkOf(file.resolved));
    opened = true;
    return store;
  } catch (error) {
    throw deniedAs(error, path) ?? error;
  } finally {
    if (!opened) {
      connection?.closeSync();
      instance?.closeSync();
      releaseFile(file.resolved);
    }
  }
}

/**
 * Whether the file holds a table or view named as the sync state (any case; openStore then checks
 * that it is the store's): asked of the file attached read-only, and detached again unless `keep`.
 */
async function holdsSyncState(connection: DuckDBConnection, resolved: string, path: string, keep: boolean): Promise<boolean> {
  try {
    await connection.run(readOnlyAttachStatement(resolved));
  } catch (error) {
    throw attachFailure(error, path, true);
  }
  const reader = await connection.runAndReadAll(
    `SELECT count(*) FROM (SELECT table_name AS name FROM duckdb_tables() WHERE ${IN_STORE} ` +
      `UNION ALL SELECT view_name FROM duckdb_views() WHERE ${IN_STORE}) WHERE ${foldedSql("name")} = '${STATE_TABLE}'`,
  );
  const holds = Number(reader.getRows()[0][0]) > 0;
  if (!(keep && holds)) await connection.run(`DETACH ${STORE_CATALOG}`);
  return holds;
}

/**
 * DuckDB's words for a file another process holds (its lock is taken on open: "Could not set lock on
 * file ...: Conflicting lock is held in ..."); a corrupt file's "checksum ... in block at location"
 * is no such thing.
 */
const LOCK_CONFLICT = /could not set lock on file|conflicting lock/i;

/**
 * Why DuckDB did not attach the store's file: another process holding it (StoreBusyError), a file
 * or folder the user may not write (deniedAs), or a file DuckDB cannot read as a database (damaged,
 * cut short, of a storage version this DuckDB does not read): a ValueError with DuckDB's reason.
 */
function attachFailure(error: unknown, path: string, exists: boolean): unknown {
  // DuckDB's errors are Errors of the realm its binding was loaded in: read the message whatever the realm
  const said = (error as { message?: unknown } | null)?.message;
  const message = typeof said === "string" ? said : String(error);
  if (LOCK_CONFLICT.test(message)) {
    return new StoreBusyError(
      `the store ${path} is in use by another process (a sync running?): wait for it to finish. DuckDB: ${message}`,
      { cause: error },
    );
  }
  if (deniedAs(error, path)) return error;
  if (NOT_WRITTEN.test(message))
    return new StoreFileError(
      exists
        ? `the store ${path} could not be opened: its file could not be written (DuckDB: ${message}): make room (disk space, a file size limit) and open it again`
        : `the store ${path} could not be made: its file could not be written (DuckDB: ${message}), and what was begun of it was removed: make room (disk space, a file size limit) and run again`,
      { cause: error },
    );
  return new ValueError(
    exists
      ? `the store ${path} could not be opened as a DuckDB database (damaged, cut short, or written by a DuckDB this one cannot read; nothing was written): DuckDB: ${message}`
      : `the store ${path} could not be made as a DuckDB database (nothing was written): DuckDB: ${message}`,
    { cause: error },
  );
}

/** DuckDB's words for a write the system refused: a full disk, a file size limit, a quota, a failing device. */
const NOT_WRITTEN = /no space left on device|file too large|disk quota exceeded|input\/output error/i;

/** Removes a store file (and its log) that this open began and DuckDB could not make. */
async function removeBegun(resolved: string): Promise<void> {
  await rm(resolved, { force: true }).catch(() => undefined);
  await rm(walOf(resolved), { force: true }).catch(() => undefined);
}

/**
 * A store opened to be written needs its folder (DuckDB makes and removes its log there), its file
 * and a log and mark a killed run left beside it, all writable by this user; asked before DuckDB
 * opens the file, which would fold such a log into the file and only then fail to remove it.
 */
async function refuseUnwritable(file: StoreFile): Promise<void> {
  const folder = dirname(file.resolved);
  for (const place of [folder, file.resolved, walOf(file.resolved), markOf(file.resolved)]) {
    const denied = await access(place, constants.W_OK).then(
      () => undefined,
      (error: NodeJS.ErrnoException) => (error.code === "ENOENT" ? undefined : error),
    );
    if (denied === undefined) continue;
    const what = place === folder ? `its folder ${folder}` : place === file.resolved ? "its file" : `${basename(place)} beside it`;
    throw new ValueError(
      `the store ${file.given} cannot be written: a store needs its file, its folder (for DuckDB's log beside the file) and a log a killed run left there writable by you, and ${what} is not (${denied.code ?? denied.message}); nothing was opened`,
      { cause: denied },
    );
  }
}

/**
 * A store is written in place: DuckDB writes the file and a log beside it, and so does the store's
 * mark of that log. A file or folder the user may not write is told as such, by the store's path,
 * not as DuckDB's I/O error or the mark file's EACCES.
 */
function deniedAs(error: unknown, path: string): ValueError | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : "";
  if (code !== "EACCES" && code !== "EPERM" && code !== "EROFS" && !/permission denied|read-only file system/i.test(message))
    return undefined;
  return new ValueError(
    `the store ${path} cannot be written: a store needs its file, and its folder (for DuckDB's log beside the file), writable by you (${typeof code === "string" ? code : message.split("\n")[0]})`,
    { cause: error },
  );
}
