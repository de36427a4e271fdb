import type { ColumnType } from "../table/columnType";

/*
 * SQL types at the store's boundary with DuckDB: written from a column's ColumnType into a CREATE
 * or ALTER statement, and read back from DuckDB's catalog as a ColumnType (one mapping each way).
 */

const SQL_OF_TYPE: Readonly<Record<ColumnType, string>> = {
  int64: "BIGINT",
  double: "DOUBLE",
  boolean: "BOOLEAN",
  date: "DATE",
  timestamp: "TIMESTAMP",
  utf8: "VARCHAR",
};

const TYPE_OF_SQL = new Map(Object.entries(SQL_OF_TYPE).map(([type, sql]) => [sql, type as ColumnType]));

/** A name as a DuckDB identifier. */
export const quoted = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/**
 * A name as DuckDB compares names: ASCII letters in either case alike (`a` and `A` are one name),
 * every other character as it is (`é` and `É`, `ω` and `Ω`, `k` and the Kelvin sign are two).
 */
export const foldedName = (name: string): string => name.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());

/** SQL folding a name as foldedName does (DuckDB's lower() folds every letter: the Kelvin sign is its k). */
export const foldedSql = (expression: string): string =>
  `translate(${expression}, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')`;

/** A text as an SQL string literal (a path, a setting's value). */
export const sqlText = (text: string): string => `'${text.replace(/'/g, "''")}'`;

/** The SQL type a column of this type is stored as. */
export const sqlTypeOf = (type: ColumnType): string => SQL_OF_TYPE[type];

/** A type of DuckDB's catalog or of a query's result as the table model names it: whole numbers int64, other numbers double, DATE and TIMESTAMP as such, anything else text. */
export function columnTypeOfSql(sql: string): ColumnType {
  const exact = TYPE_OF_SQL.get(sql);
  if (exact !== undefined) return exact;
  if (/^(U?(TINY|SMALL)?INT(EGER)?|U?BIGINT|U?HUGEINT)$/.test(sql)) return "int64";
  if (/^(DOUBLE|FLOAT|REAL|DECIMAL)/.test(sql)) return "double";
  return "utf8";
}

/** The service's timestamp as DuckDB's strftime writes it. */
const WIRE_TIMESTAMP_FORMAT = "%Y-%m-%dT%H:%M:%S.%fZ";

/** A column's type changed to `widened` in place; a timestamp made text keeps the service's form, as store.query gives it. */
export function alterTypeSql(table: string, column: string, before: ColumnType, widened: ColumnType): string {
  const name = quoted(column);
  const using = before === "timestamp" && widened === "utf8" ? ` USING strftime(${name}, '${WIRE_TIMESTAMP_FORMAT}')` : "";
  return `ALTER TABLE ${table} ALTER COLUMN ${name} TYPE ${sqlTypeOf(widened)}${using}`;
}
