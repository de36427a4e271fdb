import type { DuckDBConnection } from "@duckdb/node-api";
import { ValidationError } from "../errors";
import type { DuckDB } from "./loadDuckDB";

/** The names of the store's own tables (the sync state, a sync's staging): DuckDB compares names case-insensitively. */
const OWN_TABLE = /fountframe_/i;

/**
 * User SQL that names one of the store's own tables (fountframe_sync, fountframe_staging) may only
 * read: a dropped or changed state table would leave every later sync failing, or every table
 * untracked. Each statement of such SQL is prepared (not run) to learn its kind; one that is not a
 * SELECT or EXPLAIN, or that cannot be prepared on its own (it reads a table an earlier statement
 * makes), is refused before any statement runs. SQL that names none runs as it is.
 */
export async function refuseChangesToOwnTables(duckdb: DuckDB, connection: DuckDBConnection, sql: string): Promise<void> {
  if (!OWN_TABLE.test(sql)) return;
  const reads = new Set<number>([duckdb.StatementType.SELECT, duckdb.StatementType.EXPLAIN]);
  // SQL that does not parse is left to fail as it runs, with DuckDB's own message
  const statements = await connection.extractStatements(sql).catch(() => undefined);
  for (let index = 0; index < (statements?.count ?? 0); index++) {
    const kind = await statements!.prepare(index).then(
      (statement) => statement.statementType as number,
      () => undefined,
    );
    if (kind !== undefined && reads.has(kind)) continue;
    const said = kind === undefined ? "a statement that cannot be checked on its own" : `a ${duckdb.StatementType[kind]} statement`;
    throw new ValidationError(
      "sql",
      `SQL that only reads the store's own tables (fountframe_sync, a sync's fountframe_staging): this SQL names one and holds ${said}, so none of it ran. A sync keeps them; read them with SELECT`,
    );
  }
}
