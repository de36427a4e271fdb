import type { DataFrame } from "../../../src/danfo";

/** What a frame shows through danfo's public API. */
export function publicView(frame: DataFrame) {
  return {
    shape: frame.shape,
    columns: frame.columns,
    dtypes: frame.dtypes,
    index: frame.index,
    values: frame.values,
    byColumn: frame.columns.map((name) => frame.column(name).values),
    json: JSON.stringify(frame.values),
  };
}
