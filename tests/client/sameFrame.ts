import type { DataFrame } from "danfojs-node";

/** The two frames hold the same columns, dtypes and cells (NaN equal to NaN). */
export function expectSameFrame(actual: DataFrame, expected: DataFrame): void {
  expect(actual.columns).toEqual(expected.columns);
  expect(actual.dtypes).toEqual(expected.dtypes);
  expect(actual.shape).toEqual(expected.shape);
  expect(actual.values).toEqual(expected.values);
}
