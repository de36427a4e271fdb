/** The dtypes fountframe gives danfo; danfo keeps plain JS numbers for both numeric ones. */
export type ColumnDtype = "float32" | "int32" | "string" | "boolean";

/** Column-major table ready for a frame. */
export interface ColumnTable {
  /** column names, in first-appearance order */
  columns: string[];
  /** data[c][r]: the value of column c in row r */
  data: unknown[][];
  dtypes: ColumnDtype[];
  rowCount: number;
}
