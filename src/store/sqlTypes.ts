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

/**
 * Two types a column has held, as one, by the table model's rule (widen): BIGINT and DOUBLE make
 * DOUBLE, any other mix VARCHAR; DATE and TIMESTAMP make VARCHAR too, where the table model has a
 * timestamp: a date would come back as a midnight timestamp, not as pulled.
 */
export function widenSql(a: SqlType, b: SqlType): SqlType {
  if (a !== b && (a === "DATE" || a === "TIMESTAMP") && (b === "DATE" || b === "TIMESTAMP")) return "VARCHAR";
  return SQL_OF_TYPE[widen(TYPE_OF_SQL[a], TYPE_OF_SQL[b]) as ColumnType];
}

/** A column's type changed to `widened` in place; a timestamp made text keeps the service's form, as store.query gives it. */
export function alterTypeSql(table: string, column: string, before: SqlType, widened: SqlType): string {
  const name = quoted(column);
  const using = before === "TIMESTAMP" && widened === "VARCHAR" ? ` USING strftime(${name}, '${WIRE_TIMESTAMP_FORMAT}')` : "";
  return `ALTER TABLE ${table} ALTER COLUMN ${name} TYPE ${widened}${using}`;
}

/**
 * A page's column types in SQL (undefined: no value in this page), decided by the table model
 * (decideColumnType) from the chunk's counts and the column's documented type, as Parquet and Arrow
 * write them: whole numbers BIGINT (ids above 2^31, a column with nulls alike), other numbers
 * DOUBLE; a text column whose every value is an ISO date is a DATE, whose every value is a
 * timestamp in the service's form a TIMESTAMP (textSqlType).
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

/** The service's timestamp, `2020-03-02T10:05:01.000000Z`: the form store.query gives a TIMESTAMP back in. */
const WIRE_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const WIRE_TIMESTAMP_FORMAT = "%Y-%m-%dT%H:%M:%S.%fZ";

/**
 * A text column's type: DATE when every value is an ISO date, TIMESTAMP when every value is a
 * timestamp in the service's form, else VARCHAR. A cell is typed only when store.query gives it
 * back as it was pulled: `2024-01-31 12:00:00`, an offset, or dates beside timestamps stay text.
 */
function textSqlType(cells: ArrayLike<unknown>, rowCount: number): SqlType {
  let seen: SeenType = "none";
  for (let row = 0; row < rowCount && seen !== "utf8"; row++) {
    const cell = cells[row];
    if (isMissingCell(cell)) continue;
    const type = typeOfCell(cell);
    seen = type === "timestamp" && !WIRE_TIMESTAMP.test(cell as string) ? "utf8" : seen === "none" || seen === type ? type : "utf8";
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
