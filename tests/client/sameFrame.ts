import type { DataFrame } from "danfojs-node";

/**
 * The two frames hold the same columns, dtypes and cells (NaN equal to NaN), read both ways danfo
 * keeps them: as rows (`values`) and column by column (`column(name)`, its own storage).
 */
export function expectSameFrame(actual: DataFrame, expected: DataFrame): void {
  expect(actual.columns).toEqual(expected.columns);
  expect(actual.dtypes).toEqual(expected.dtypes);
  expect(actual.shape).toEqual(expected.shape);
  expect(actual.values).toEqual(expected.values);
  for (const name of expected.columns) expect([name, actual.column(name).values]).toEqual([name, expected.column(name).values]);
}
