import type { DuckDBConnection } from "@duckdb/node-api";
import type { ColumnType, DeclaredType } from "../table/columnType";
import { quoted } from "./sqlTypes";

/*
 * A documented boolean that a store made before such fields were read as booleans holds as numbers
 * (0/1, as the service may send it) or as text ("0", "1", "true", "false": 0/1 beside true/false
 * widened): a run whose pull brings the field as booleans makes the stored column BOOLEAN when
 * every stored value is such a flag, as a fresh pull's frame reads them, instead of widening the
 * column to text.
 */

/** The names of a page's columns the docs type as boolean, added to `names`. */
export function addDocumentedBooleans(
  names: Set<string>,
  pageNames: readonly string[],
  declaredTypes: ReadonlyMap<string, DeclaredType> | undefined,
): void {
  if (declaredTypes === undefined) return;
  for (const name of pageNames) if (declaredTypes.get(name) === "boolean") names.add(name);
}

const FLAG_TEXTS = "('0', '1', 'true', 'false')";

/** Whether the stored column (numbers or text) can be read as booleans: every value a flag. */
export async function holdsOnlyFlags(connection: DuckDBConnection, table: string, column: string, type: ColumnType): Promise<boolean> {
  if (type !== "int64" && type !== "double" && type !== "utf8") return false;
  const name = quoted(column);
  const flags = type === "utf8" ? FLAG_TEXTS : "(0, 1)";
  const reader = await connection.runAndReadAll(`SELECT count(*) FROM ${table} WHERE ${name} IS NOT NULL AND ${name} NOT IN ${flags}`);
  return Number(reader.getRows()[0][0]) === 0;
}

/** The statement making a column of flags (holdsOnlyFlags) BOOLEAN in place. */
export function flagsToBooleanSql(table: string, column: string, type: ColumnType): string {
  const name = quoted(column);
  const using = type === "utf8" ? `${name} IN ('1', 'true')` : `${name} = 1`;
  return `ALTER TABLE ${table} ALTER COLUMN ${name} TYPE BOOLEAN USING ${using}`;
}
