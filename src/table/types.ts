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

/** The column counts of a chunk (each typed array one entry per column), as ColumnStats (columnPlan.ts) keeps them. */
export interface ChunkStats {
  present: Int32Array;
  numbers: Int32Array;
  numericStrings: Int32Array;
  otherStrings: Int32Array;
  booleans: Int32Array;
  structured: Int32Array;
  notInt32: Uint8Array;
}

/**
 * One page's rows as columns, shaped by the one flattener (gatherPageChunk, src/table/pageChunk.ts): a column whose every cell
 * is a number travels as a Float64Array, any other as an array of cells (undefined where a row has
 * none). Holds no object per record, so it crosses threads as a few buffers and arrays.
 */
export interface PageChunk {
  names: string[];
  columns: Array<Float64Array | unknown[]>;
  rowCount: number;
  stats: ChunkStats;
  /** stacked pages only: the row after each record's last (a record may make several rows, or none) */
  recordEnds?: Int32Array;
}
