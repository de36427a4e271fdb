/** The column counts of a chunk (each typed array one entry per column), as the frame's ColumnStats keeps them. */
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
 * One page's rows as columns, shaped by the frame's own gathering code: a column whose every cell
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
