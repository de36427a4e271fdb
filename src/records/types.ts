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
