import { FountError } from "../errors";

/**
 * The store's file failed under an open store: removed or replaced by another file (what is written
 * through the store would be lost with it), or a COMMIT or checkpoint that could not write it (a full
 * disk, a file size limit), after which DuckDB lets go of the file. The store is then of no more use:
 * close it, and open it again once the file can be written.
 */
export class StoreFileError extends FountError {
  static override readonly kind: string = "StoreFileError";
}

/** The file at the store's path is not the one it opened. */
export function fileNotOpened(path: string): StoreFileError {
  return new StoreFileError(
    `the store's file ${path} was removed, or another file put in its place, while this store had it open: the call was ` +
      "refused (a run's transaction in hand rolled back), as what it wrote would not be in the file at that path. Close the " +
      "store (what it committed before is in the file it opened, gone with it if it was removed) and open the path again",
  );
}

/** A COMMIT that could not write the file (DuckDB's words in `cause`). */
export function commitNotWritten(path: string, cause: unknown): StoreFileError {
  return new StoreFileError(
    `the store's file ${path} could not be written as a transaction committed (${(cause as Error)?.message ?? String(cause)}): ` +
      "that transaction was rolled back, and what the transactions before it committed stays in the file. DuckDB lets go of a " +
      "file it failed to write, so this store can do nothing more: close it, make room (disk space, a file size limit), and open it again",
    { cause },
  );
}

/** A store whose COMMIT or checkpoint could not write the file before: refused at once, not with DuckDB's "invalidated" error. */
export function storeUnusable(path: string, cause: unknown): StoreFileError {
  return new StoreFileError(
    `the store ${path} can do nothing more since its file could not be written (${(cause as Error)?.message ?? String(cause)}): close it and open it again`,
    { cause },
  );
}
