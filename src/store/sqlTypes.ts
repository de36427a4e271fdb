import type { PageChunk, RowShape } from "../table/types";
import {
  decideColumnType,
  isMissingCell,
  parseNumericString,
  typeOfCell,
  widen,
  type ColumnType,
  type SeenType,
} from "../table/columnType";

/** The column types of a store's tables: the table model's ints, doubles, booleans, dates, timestamps and strings. */
export type SqlType = "BIGINT" | "DOUBLE" | "BOOLEAN" | "DATE" | "TIMESTAMP" | "VARCHAR";

/** A name as a DuckDB identifier. */
export const quoted = (name: string): string => `"${name.replace(/"/g, '""')}"`;

const SQL_OF_TYPE: Readonly<Record<ColumnType, SqlType>> = {
  int64: "BIGINT",
  double: "DOUBLE",
  boolean: "BOOLEAN",
  date: "DATE",
  timestamp: "TIMESTAMP",
  utf8: "VARCHAR",
};
const TYPE_OF_SQL = Object.fromEntries(Object.entries(SQL_OF_TYPE).map(([type, sql]) => [sql, type])) as Record<SqlType, ColumnType>;

/** Two types a column has held, as one, by the table model's rule (widen): BIGINT and DOUBLE make DOUBLE, DATE and TIMESTAMP make TIMESTAMP, any other mix VARCHAR. */
export function widenSql(a: SqlType, b: SqlType): SqlType {
  return SQL_OF_TYPE[widen(TYPE_OF_SQL[a], TYPE_OF_SQL[b]) as ColumnType];
}

/**
 * A page's column types in SQL (undefined: no value in this page), decided by the table model
 * (decideColumnType) from the chunk's counts and the column's documented type, as Parquet and Arrow
 * write them: whole numbers BIGINT (ids above 2^31, a column with nulls alike), other numbers
 * DOUBLE; a text column whose every value is an ISO date is a DATE, an ISO timestamp (or a mix of
 * both) a TIMESTAMP.
 */
export function chunkSqlTypes(chunk: PageChunk, declaredTypes: RowShape["declaredTypes"]): (SqlType | undefined)[] {
  const { present, numbers, numericStrings, booleans, structured, notInt32 } = chunk.stats;
  return chunk.names.map((name, column) => {
    const numeric = numbers[column] + numericStrings[column] === present[column];
    const counts = {
      present: present[column],
      numbers: numbers[column],
      numericStrings: numericStrings[column],
      booleans: booleans[column],
      // the chunk counts numbers beyond int32 with fractions: only a fraction makes a double
      fractions: numeric && notInt32[column] === 1 && hasFraction(chunk.columns[column], chunk.rowCount),
    };
    const type = decideColumnType(counts, declaredTypes?.get(name));
    switch (type) {
      case undefined:
        return undefined;
      case "utf8": {
        const onlyText = counts.numbers === 0 && counts.booleans === 0 && structured[column] === 0;
        return onlyText ? textSqlType(chunk.columns[column], chunk.rowCount) : "VARCHAR";
      }
      default:
        return SQL_OF_TYPE[type];
    }
  });
}

/** A text column's type: DATE or TIMESTAMP when every value is an ISO date or timestamp, else VARCHAR. */
function textSqlType(cells: ArrayLike<unknown>, rowCount: number): SqlType {
  let seen: SeenType = "none";
  for (let row = 0; row < rowCount && seen !== "utf8"; row++) {
    if (!isMissingCell(cells[row])) seen = widen(seen, typeOfCell(cells[row]));
  }
  return seen === "none" ? "VARCHAR" : SQL_OF_TYPE[seen];
}

/** Whether some number (or numeric string) of the column is not a whole number an int64 holds. */
function hasFraction(cells: ArrayLike<unknown>, rowCount: number): boolean {
  for (let row = 0; row < rowCount; row++) {
    const cell = cells[row];
    const number = typeof cell === "string" ? parseNumericString(cell) : cell;
    if (typeof number === "number" && number === number && typeOfCell(number) !== "int64") return true;
  }
  return false;
}
