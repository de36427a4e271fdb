import type { DuckDBConnection } from "@duckdb/node-api";
import { ValidationError } from "../errors";
import type { DuckDB } from "./loadDuckDB";

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
export async function refuseChangesToSyncState(duckdb: DuckDB, connection: DuckDBConnection, sql: string): Promise<void> {
  if (!STATE_TABLE_NAMED.test(withoutTextAndComments(sql))) return;
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
      `SQL that only reads the store's sync state (fountframe_sync): this SQL names it and holds ${said}, so none of it ran. A sync keeps it; read it with SELECT`,
    );
  }
}

/**
 * SQL's string literals ('…', E'…' with its backslash escapes, $tag$…$tag$) and comments cut out,
 * quoted names ("…") kept: what remains names the tables. Read as DuckDB reads SQL, or reading
 * less as text than it does (a text it would not parse never runs).
 */
export function withoutTextAndComments(sql: string): string {
  return sql.replace(SQL_TEXT_OR_COMMENT, (found) => (found.startsWith('"') ? found : " "));
}

/** The string literals of SQL, as text ('it''s' is `it's`; an E'…' literal's backslash escapes kept as written). */
export function textsOf(sql: string): string[] {
  const texts: string[] = [];
  for (const [found, dollarTag] of sql.matchAll(SQL_TEXT_OR_COMMENT)) {
    if (dollarTag !== undefined) texts.push(found.slice(dollarTag.length, found.endsWith(dollarTag) ? -dollarTag.length : undefined));
    else if (/^[Ee]?'/.test(found)) texts.push(found.replace(/^[Ee]?'|'$/g, "").replace(/''/g, "'"));
  }
  return texts;
}

const SQL_TEXT_OR_COMMENT =
  /"(?:[^"]|"")*"?|(?<![\w$])[Ee]'(?:[^'\\]|\\[\s\S]|'')*'?|'(?:[^']|'')*'?|(?<![\w$])(\$[A-Za-z_]*\$)[\s\S]*?(?:\1|$)|--[^\n]*|\/\*[\s\S]*?(?:\*\/|$)/g;
