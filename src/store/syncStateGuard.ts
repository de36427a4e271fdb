import type { DuckDBConnection } from "@duckdb/node-api";
import { ValidationError } from "../errors";
import type { DuckDB } from "./loadDuckDB";
import type { ReadSql } from "./sqlLexer";

/**
 * The store's own table in its file, the sync state, in any case (DuckDB compares names
 * case-insensitively). A sync's staging tables are temporary ones of its own transaction, gone when
 * the user's SQL runs: a table of theirs named so is the user's to rename (a sync refuses it until then).
 */
const STATE_TABLE_NAMED = /fountframe_sync\b/i;

/**
 * User SQL that names the sync state (fountframe_sync) may only read it: a dropped or changed state
 * table would leave every later sync failing, or every table untracked. Each statement of such SQL is prepared (not run) to learn its kind; one that is not a
 * SELECT or EXPLAIN, or that cannot be prepared on its own (it reads a table an earlier statement
 * makes), is refused before any statement runs. SQL that names none runs as it is.
 */
export async function refuseChangesToSyncState(duckdb: DuckDB, connection: DuckDBConnection, sql: string, read: ReadSql): Promise<void> {
  if (!STATE_TABLE_NAMED.test(read.code)) return;
  // EXPLAIN ANALYZE runs the statement it explains
  const explainRuns = /\bexplain\s+analy[sz]e\b/i.test(read.code);
  const reads = new Set<number>(explainRuns ? [duckdb.StatementType.SELECT] : [duckdb.StatementType.SELECT, duckdb.StatementType.EXPLAIN]);
  // SQL that does not parse is left to fail as it runs, with DuckDB's own message
  const statements = await connection.extractStatements(sql).catch(() => undefined);
  for (let index = 0; index < (statements?.count ?? 0); index++) {
    let unprepared: unknown;
    const kind = await statements!.prepare(index).then(
      (statement) => statement.statementType as number,
      (error: unknown) => void (unprepared = error),
    );
    if (kind !== undefined && reads.has(kind)) continue;
    // one statement alone that DuckDB cannot prepare is an error of its own (a typo): DuckDB's words
    if (kind === undefined && statements!.count === 1) throw unprepared;
    const said =
      kind === undefined
        ? `a statement that cannot be checked on its own (DuckDB: ${(unprepared as Error | undefined)?.message ?? String(unprepared)})`
        : `a ${duckdb.StatementType[kind]} statement`;
    throw new ValidationError(
      "sql",
      `SQL that only reads the store's sync state (fountframe_sync): this SQL names it and holds ${said}, so none of it ran. A sync keeps it; read it with SELECT`,
    );
  }
}
