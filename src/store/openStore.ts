import { FountError, ValidationError } from "../errors";
import { loadDuckDB } from "./loadDuckDB";
import { CREATE_STATE_TABLE } from "./stateTable";
import { DuckDBStore } from "./store";
import type { Store } from "./types";

/** The store file is open in another process: DuckDB lets one process write a database at a time. */
export class StoreBusyError extends FountError {
  static override readonly kind: string = "StoreBusyError";
}

/** Opens (or creates) a DuckDB store at `path` for `client.sync`; `await using store = await openStore(...)` closes it. */
export async function openStore(path: string): Promise<Store> {
  if (typeof path !== "string" || path.trim() === "")
    throw new ValidationError("path", "the store's file name (created if absent), e.g. fount.duckdb");
  const duckdb = await loadDuckDB();
  let instance;
  try {
    instance = await duckdb.DuckDBInstance.create(path);
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
  const connection = await instance.connect();
  await connection.run(CREATE_STATE_TABLE);
  return new DuckDBStore(path, duckdb, instance, connection);
}
