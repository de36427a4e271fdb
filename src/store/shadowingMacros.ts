import type { DuckDBConnection } from "@duckdb/node-api";
import { ValidationError } from "../errors";

/**
 * Refuses the store while its file or connection holds a macro named like one of DuckDB's own
 * functions, in any case (`CREATE MACRO lower(x) AS ...`, `STRFTIME`, a table macro
 * `duckdb_tables()`): the store's own SQL would call it instead (its tables' lookups, a widened
 * column's cells). Asked of DuckDB's own catalog by its full name, which no macro hides.
 */
export async function refuseShadowingMacros(connection: DuckDBConnection): Promise<void> {
  // DuckDB lists its thousands of functions for each duckdb_functions(): asked once when there is no macro (the usual store)
  const macros = await connection.runAndReadAll(
    `SELECT count(*) FROM system.main.duckdb_functions() WHERE NOT internal AND function_type IN ('macro', 'table_macro')`,
  );
  if (Number(macros.getRows()[0][0]) === 0) return;
  const reader = await connection.runAndReadAll(
    `SELECT DISTINCT database_name || '.' || schema_name || '.' || function_name FROM system.main.duckdb_functions()
     WHERE NOT internal AND function_type IN ('macro', 'table_macro')
       AND system.main.lower(function_name) IN (SELECT system.main.lower(function_name) FROM system.main.duckdb_functions() WHERE internal) ORDER BY 1`,
  );
  const names = reader.getRows().map(([name]) => String(name));
  if (names.length === 0) return;
  const [it, has] = names.length === 1 ? ["it", "has"] : ["them", "have"];
  throw new ValidationError(
    "store",
    `a store whose macros hide none of DuckDB's own functions: ${names.join(", ")} ${has} the name of a DuckDB function, which the store's own SQL calls; drop ${it} (store.query("DROP MACRO ${names[0]}"), DROP MACRO TABLE for a table macro; or with DuckDB itself) or name ${it} otherwise`,
  );
}
