import { homedir } from "node:os";
import { basename, resolve } from "node:path";
import { ValidationError } from "../errors";
import { isOpenHere, openFilePaths } from "./openFiles";
import type { ReadSql } from "./sqlLexer";

/**
 * SQL that attaches a file a store of this process has open (this store's or another's, or a file
 * another store attached) is refused before it runs: DuckDB's file lock is the process's, so it
 * would let a second handle on the file in, and two handles diverge and lose committed tables. Any
 * SQL that says "attach" or "import" has each of its string literals and text parameters read as a
 * path as DuckDB reads it (from the working folder; `~` the home folder; a `duckdb:` or `file://`
 * prefix dropped), and one that is such a file, or has such a file's name, is refused. The store
 * checks what its connection holds attached after the SQL too (DuckDBStore's #holdAttachedFiles).
 */
export async function refuseAttachingOpenStores(sql: string, read: ReadSql, params: unknown): Promise<void> {
  if (!/attach|import/i.test(sql)) return;
  const values = Array.isArray(params) ? params : typeof params === "object" && params !== null ? Object.values(params) : [];
  const texts = [...read.texts, ...values.filter((value): value is string => typeof value === "string")];
  const openNames = new Set(openFilePaths().map((path) => basename(path)));
  for (const text of texts) {
    const path = text
      .replace(/^duckdb:/i, "")
      .replace(/^file:(?:\/\/(?:localhost)?)?/i, "")
      .replace(/^~(?=\/|$)/, homedir());
    if (path === "" || path === ":memory:") continue;
    if (openNames.has(basename(path)) || (await isOpenHere(resolve(path))))
      throw attachingOpenFile(JSON.stringify(text), "none of this SQL ran");
  }
}

/** The refusal of SQL that attached (or would attach) `file`, a file open in this process. */
export function attachingOpenFile(file: string, outcome: string): ValidationError {
  return new ValidationError(
    "sql",
    `SQL that attaches no open store: ${file} is a store this process has open (or a file of the same name), and a second handle on its file would lose committed tables; ${outcome}. Query that store itself (its query method), or close it first`,
  );
}

/**
 * SQL that locks the connection's configuration (`SET lock_configuration = true`) is refused before
 * it runs: a sync sets its own settings (memory, threads, checkpoints) on the connection, and a lock
 * nothing can lift again would fail every later sync until the store is opened anew.
 */
export function refuseLockingConfiguration(read: ReadSql): void {
  if (/\block_configuration\b/i.test(read.code))
    throw new ValidationError(
      "sql",
      "SQL that leaves the store's configuration open: lock_configuration would keep every later sync from setting its own, until the store is opened again; none of this SQL ran",
    );
}
