import { homedir } from "node:os";
import { resolve } from "node:path";
import { ValidationError } from "../errors";
import { isOpenHere } from "./openFiles";
import { textsOf, withoutTextAndComments } from "./syncStateGuard";

/**
 * SQL that attaches a file a store of this process has open (this store's or another's) is refused
 * before it runs: DuckDB's file lock is the process's, so it would let a second handle on the file
 * in, and two handles diverge and lose committed tables. The file is looked for among the SQL's
 * string literals and its text parameters, read as paths as DuckDB reads them (from the working
 * folder, `~` the home folder, a `duckdb:` prefix dropped).
 */
export async function refuseAttachingOpenStores(sql: string, params: unknown): Promise<void> {
  if (!/\battach\b/i.test(withoutTextAndComments(sql))) return;
  const values = Array.isArray(params) ? params : typeof params === "object" && params !== null ? Object.values(params) : [];
  const texts = [...textsOf(sql), ...values.filter((value): value is string => typeof value === "string")];
  for (const text of texts) {
    const path = text.replace(/^duckdb:/i, "").replace(/^~(?=\/|$)/, homedir());
    if (path === "" || path === ":memory:") continue;
    if (await isOpenHere(resolve(path)))
      throw new ValidationError(
        "sql",
        `SQL that attaches no open store: ${JSON.stringify(text)} is a store this process has open, and a second handle on its file would lose committed tables; none of this SQL ran. Query that store itself (its query method), or close it first`,
      );
  }
}

/**
 * SQL that locks the connection's configuration (`SET lock_configuration = true`) is refused before
 * it runs: a sync sets its own settings (memory, threads, checkpoints) on the connection, and a lock
 * nothing can lift again would fail every later sync until the store is opened anew.
 */
export function refuseLockingConfiguration(sql: string): void {
  if (/\block_configuration\b/i.test(withoutTextAndComments(sql)))
    throw new ValidationError(
      "sql",
      "SQL that leaves the store's configuration open: lock_configuration would keep every later sync from setting its own, until the store is opened again; none of this SQL ran",
    );
}
