import { parseNumericString } from "./numeric";

/** What each column holds, counted over its non-null cells. */
export interface ColumnSurvey {
  rowCount: number;
  present: Int32Array;
  numbers: Int32Array;
  numericStrings: Int32Array;
  otherStrings: Int32Array;
  booleans: Int32Array;
  /** lists and objects */
  structured: Int32Array;
  /** 1 when some number (or numeric string) is not an integer in int32 range */
  notInt32: Uint8Array;
}

/** One pass over the rows, row by row (the order they lie in memory), counting per column. */
export function surveyColumns(rows: readonly unknown[][], columnCount: number): ColumnSurvey {
  const survey: ColumnSurvey = {
    rowCount: rows.length,
    present: new Int32Array(columnCount),
    numbers: new Int32Array(columnCount),
    numericStrings: new Int32Array(columnCount),
    otherStrings: new Int32Array(columnCount),
    booleans: new Int32Array(columnCount),
    structured: new Int32Array(columnCount),
    notInt32: new Uint8Array(columnCount),
  };
  const { present, numbers, numericStrings, otherStrings, booleans, structured, notInt32 } = survey;
  for (let row = 0; row < rows.length; row++) {
    const cells = rows[row];
    for (let column = 0; column < cells.length; column++) {
      const value = cells[column];
      if (value === null || value === undefined) continue;
      present[column]++;
      switch (typeof value) {
        case "number":
          numbers[column]++;
          if ((value | 0) !== value) notInt32[column] = 1;
          break;
        case "string":
          // once one string of a column is text the column is text: its other strings need no parsing
          if (otherStrings[column] > 0) {
            otherStrings[column]++;
          } else {
            const parsed = parseNumericString(value);
            if (parsed !== parsed) {
              otherStrings[column]++;
            } else {
              numericStrings[column]++;
              if ((parsed | 0) !== parsed) notInt32[column] = 1;
            }
          }
          break;
        case "boolean":
          booleans[column]++;
          break;
        default:
          structured[column]++;
      }
    }
  }
  return survey;
}
