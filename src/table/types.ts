/** The dtypes fountframe gives danfo; danfo keeps plain JS numbers for both numeric ones. */
export type ColumnDtype = "float32" | "int32" | "string" | "boolean";

/** The one column store: a column-major table that frames, exports, the cache and the store take. */
export interface ColumnTable {
  /** column names, in first-appearance order */
  columns: string[];
  /** data[c][r]: the value of column c in row r */
  data: unknown[][];
  dtypes: ColumnDtype[];
  rowCount: number;
}
