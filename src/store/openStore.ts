import { FountError, ValueError } from "../errors";
import { loadDuckDB } from "./loadDuckDB";
import { claimFile, claimMadeFile, releaseFile } from "./openFiles";
import { ensureStateTable } from "./stateTable";
import { DuckDBStore } from "./store";
import { attachStatement, checkStoreFile, STORE_CATALOG } from "./storeFile";
import type { Store } from "./types";
import { checkWal, clearStaleMark, markCommitting } from "./walGuard";

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
  const file = await checkStoreFile(path, options.create ?? true);
  if (!(await claimFile(file.resolved))) {
    throw new StoreBusyError(`the store ${path} is already open in this process: use the store openStore gave (or close it first)`);
  }
  let instance: Awaited<ReturnType<(typeof import("@duckdb/node-api"))["DuckDBInstance"]["create"]>> | undefined;
  let connection: Awaited<ReturnType<NonNullable<typeof instance>["connect"]>> | undefined;
  try {
    await checkWal(file.resolved, path, file.exists);
    const duckdb = await loadDuckDB();
    // the file is attached, not opened as the instance's database (see attachStatement)
    instance = await duckdb.DuckDBInstance.create(":memory:");
    connection = await instance.connect();
    try {
      await connection.run(attachStatement(file.resolved, file.exists));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (/lock/i.test(message)) {
        throw new StoreBusyError(
          `the store ${path} is in use by another process (a sync running?): wait for it to finish. DuckDB: ${message}`,
          { cause: error },
        );
      }
      throw error;
    }
    await clearStaleMark(file.resolved);
    if (!file.exists) await claimMadeFile(file.resolved);
    await connection.run(`USE ${STORE_CATALOG}`);
    // the state table made (or its columns added) and folded into the file under the store's mark: a
    // log of it left by a kill here is known as the store's (walGuard.ts)
    await markCommitting(file.resolved);
    await ensureStateTable(connection, path);
    await connection.run("CHECKPOINT");
    await clearStaleMark(file.resolved);
    return new DuckDBStore(path, file.resolved, duckdb, instance, connection);
  } catch (error) {
    connection?.closeSync();
    instance?.closeSync();
    releaseFile(file.resolved);
    throw deniedAs(error, path) ?? error;
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
