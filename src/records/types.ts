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
   * it decides column names (src/rows/rowShape.ts). Pages from `client.pages` carry theirs.
   */
  endpoint?: string;
  /** @deprecated use `endpoint: "brandscape-data"`; true means brandscape-data's `global_` rule */
  globalPrefix?: boolean;
}

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
