/** One JSON object as the service sends it, or one flat row made from it. */
export type JsonRecord = Record<string, unknown>;

/**
 * How records become rows, once the endpoint's rule is looked up (src/rows/rowShape.ts): the one
 * rule behind frames, exports, the CLI preview and the decode workers.
 */
export interface RowShape {
  /** nested lists become rows (the product of all lists in a record) */
  readonly stackData: boolean;
  /** included objects whose columns are prefixed `global_` (the endpoint table's `globalIncludes`) */
  readonly globalIncludes: ReadonlySet<string>;
  /**
   * The types the service's docs give the columns these records flatten to, by column name
   * (src/endpoints/declaredColumns.ts); a column not named here takes the type of its values.
   */
  readonly declaredTypes?: ReadonlyMap<string, "string" | "integer" | "number" | "boolean">;
}

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
  /** the columns two fields of one record flattened to with different values, and in how many rows (GatheredRows.clashes) */
  clashes?: ReadonlyMap<string, number>;
}

export interface ShapeOptions {
  /**
   * Nested lists become rows (the product of all lists in a record); otherwise a list stays one cell
   * value (in a table or frame, as JSON text).
   */
  stackData?: boolean;
  /**
   * The endpoint the records came from (`"brandscape-data"`, or a path such as `"studies/12/brands"`):
   * it decides column names (src/rows/rowShape.ts). Pages from `client.pages` carry theirs.
   */
  endpoint?: string;
  /** @deprecated use `endpoint: "brandscape-data"`; true means brandscape-data's `global_` rule */
  globalPrefix?: boolean;
}
