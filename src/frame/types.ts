/** One JSON object as the service sends it, or one flat row made from it. */
export type JsonRecord = Record<string, unknown>;

export interface ShapeOptions {
  /**
   * Nested lists become rows (the product of all lists in a record); otherwise a list stays one cell
   * value (in a table or frame, as JSON text).
   */
  stackData?: boolean;
  /**
   * The endpoint the records came from (`"brandscape-data"`, or a path such as `"studies/12/brands"`):
   * it decides column names (rowShape.ts). Pages from `client.pages` carry theirs.
   */
  endpoint?: string;
  /** @deprecated use `endpoint: "brandscape-data"`; true means brandscape-data's `global_` rule */
  globalPrefix?: boolean;
}

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
