import type { PageChunk, RowShape } from "../table/types";
import {
  decideColumnType,
  isMissingCell,
  parseNumericString,
  typeOfCell,
  widen,
  type CellCounts,
  type ColumnType,
} from "../table/columnType";

/*
 * A store's columns have the table model's types (ColumnType), decided by decideColumnType and
 * widened by widen, with two rules of the store's own, since store.query must give every cell back
 * as it was pulled:
 * - a timestamp only in the service's form (`2020-03-02T10:05:01.000000Z`, the form a stored
 *   timestamp is given back in); any other spelling (`2024-01-31 12:00:00`, an offset) is text;
 * - a date beside a timestamp is text: stored as a timestamp, the date would come back as midnight.
 * SQL types are written from these only where a statement or the appender needs them (sqlTypes.ts).
 */

/** The service's timestamp: the only one the store keeps as a timestamp. */
const WIRE_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

const isDateOrTimestamp = (type: ColumnType) => type === "date" || type === "timestamp";

/** Two types a column has held, as one: the table model's rule (widen), but a date beside a timestamp is text. */
export function widenStored(a: ColumnType, b: ColumnType): ColumnType {
  if (a !== b && isDateOrTimestamp(a) && isDateOrTimestamp(b)) return "utf8";
  return widen(a, b) as ColumnType;
}

/**
 * A page's column types (undefined: no value in this page), decided by the table model from the
 * chunk's counts and the column's documented type, as Parquet and Arrow write them (whole numbers
 * int64, ids above 2^31 and a column with nulls alike), with the store's rules on dates and timestamps.
 */
export function chunkColumnTypes(chunk: PageChunk, declaredTypes: RowShape["declaredTypes"]): (ColumnType | undefined)[] {
  const { present, numbers, numericStrings, booleans, structured, notInt32 } = chunk.stats;
  return chunk.names.map((name, column) => {
    const numeric = numbers[column] + numericStrings[column] === present[column];
    const onlyText = numbers[column] === 0 && booleans[column] === 0 && structured[column] === 0;
    const counts: CellCounts = {
      present: present[column],
      numbers: numbers[column],
      numericStrings: numericStrings[column],
      booleans: booleans[column],
      // the chunk counts numbers beyond int32 with fractions: only a fraction makes a double
      fractions: numeric && notInt32[column] === 1 && hasFraction(chunk.columns[column], chunk.rowCount),
      ...(onlyText ? datesAndTimestamps(chunk.columns[column], chunk.rowCount) : { dates: 0, timestamps: 0 }),
    };
    const type = decideColumnType(counts, declaredTypes?.get(name));
    return type === "timestamp" && counts.dates! > 0 ? widenStored("date", "timestamp") : type;
  });
}

/** A text column's ISO dates and timestamps in the service's form, counted until a cell is neither (then the column is text). */
function datesAndTimestamps(cells: ArrayLike<unknown>, rowCount: number): { dates: number; timestamps: number } {
  let dates = 0;
  let timestamps = 0;
  for (let row = 0; row < rowCount; row++) {
    const cell = cells[row];
    if (isMissingCell(cell)) continue;
    const type = typeOfCell(cell);
    if (type === "date") dates++;
    else if (type === "timestamp" && WIRE_TIMESTAMP.test(cell as string)) timestamps++;
    else break;
  }
  return { dates, timestamps };
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
