import { FountError } from "../errors";

/**
 * The store's file failed under an open store: removed or replaced by another file (what is written
 * through the store would be lost with it), or a COMMIT or checkpoint that could not write it (a full
 * disk, a file size limit), after which DuckDB lets go of the file; or DuckDB failed a COMMIT or
 * invalidated the database. The store is then of no more use: close it, and open it again.
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

/** The file at the store's path is the one it opened, but another program wrote it (copied a database over it, cut it short). */
export function fileWrittenElsewhere(path: string): StoreFileError {
  return new StoreFileError(
    `the store's file ${path} was written by another program while this store had it open (its size or modification time ` +
      "moved since the store's last call): the call was refused, and this store writes nothing more to the file, not even as it " +
      "closes, so as not to mix its pages into what that program put there. Close the store and open the path again",
  );
}

/** The store's mark beside its file (walGuard.ts) could not be written: its folder refuses writes now. */
export function markNotWritten(path: string, cause: unknown): StoreFileError {
  return new StoreFileError(
    `the store ${path} cannot write beside its file (${(cause as Error)?.message ?? String(cause)}): it keeps a mark there ` +
      "while it writes, so nothing was run and nothing committed. Give the folder write permission again (or room), then call again",
    { cause },
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

/** DuckDB's message without the advice it adds on later lines ("Possible solutions: ..."). */
const firstLine = (error: unknown): string => ((error as Error)?.message ?? String(error)).split("\n")[0];

/** What left a store of no more use: its file could not be written or another program wrote it, DuckDB failed a COMMIT, or DuckDB invalidated the database. */
export interface Unusable {
  readonly error: unknown;
  readonly why: "unwritable" | "writtenElsewhere" | "failedCommit" | "invalidated";
}

const UNUSABLE_BECAUSE: Record<Unusable["why"], string> = {
  unwritable: "its file could not be written",
  writtenElsewhere: "another program wrote its file",
  failedCommit: "DuckDB failed a COMMIT, after which its picture of the database in memory may be wrong",
  invalidated: "DuckDB invalidated its database",
};

/** A store left of no more use: refused at once, not with DuckDB's "invalidated" error or a wrong answer. */
export function storeUnusable(path: string, { error, why }: Unusable): StoreFileError {
  return new StoreFileError(
    `the store ${path} can do nothing more since ${UNUSABLE_BECAUSE[why]} (${firstLine(error)}): ` +
      "close it and open it again (the file keeps every commit made before)",
    { cause: error },
  );
}
