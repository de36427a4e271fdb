import type { ColumnTable } from "../table/types";
import { isMissingCell, typeOfCell, widen, type SeenType } from "../table/columnType";

/** The column types of a store's tables: the table model's ints, doubles, booleans, dates, timestamps and strings. */
export type SqlType = "BIGINT" | "DOUBLE" | "BOOLEAN" | "DATE" | "TIMESTAMP" | "VARCHAR";

/** A name as a DuckDB identifier. */
export const quoted = (name: string): string => `"${name.replace(/"/g, '""')}"`;

const SQL_OF_SEEN: Readonly<Record<Exclude<SeenType, "none">, SqlType>> = {
  int64: "BIGINT",
  double: "DOUBLE",
  boolean: "BOOLEAN",
  date: "DATE",
  timestamp: "TIMESTAMP",
  utf8: "VARCHAR",
};
const SEEN_OF_SQL = Object.fromEntries(Object.entries(SQL_OF_SEEN).map(([seen, sql]) => [sql, seen])) as Record<SqlType, SeenType>;

/** Two types a column has held, as one, by the table model's rule (widen): BIGINT and DOUBLE make DOUBLE, DATE and TIMESTAMP make TIMESTAMP, any other mix VARCHAR. */
export function widenSql(a: SqlType, b: SqlType): SqlType {
  return SQL_OF_SEEN[widen(SEEN_OF_SQL[a], SEEN_OF_SQL[b]) as Exclude<SeenType, "none">];
}

/**
 * A pulled column's type: the pull's dtype decides numbers and booleans (a column's type is decided
 * once per pull); a text column whose every value is an ISO date is a DATE, an ISO timestamp (or a
 * mix of both) a TIMESTAMP.
 */
export function sqlTypeOf(table: ColumnTable, column: number): SqlType | undefined {
  const values = table.data[column];
  switch (table.dtypes[column]) {
    case "int32":
      return "BIGINT";
    case "float32":
      return "DOUBLE";
    case "boolean":
      return "BOOLEAN";
  }
  let seen: SeenType = "none";
  for (let row = 0; row < table.rowCount && seen !== "utf8"; row++) {
    if (!isMissingCell(values[row])) seen = widen(seen, typeOfCell(values[row]));
  }
  if (seen === "none") return undefined;
  return SQL_OF_SEEN[seen];
}
