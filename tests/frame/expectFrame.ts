import type { DataFrame } from "danfojs-node";

/**
 * Asserts a frame's columns (names and order), cells and, when given, dtypes, written as data:
 * expectFrame(df, { id: [1, 2], name: ["a", "b"] }, { id: "int32", name: "string" }).
 * Both danfo views of the cells are checked: the rows (df.values) and each column.
 */
export function expectFrame(frame: DataFrame, columns: Record<string, unknown[]>, dtypes?: Record<string, string>): void {
  const names = Object.keys(columns);
  const rowCount = names.length === 0 ? 0 : columns[names[0]].length;
  expect(frame.columns).toEqual(names);
  expect(frame.shape).toEqual([rowCount, names.length]);
  for (const name of names) expect([name, frame.column(name).values]).toEqual([name, columns[name]]);
  const rows = Array.from({ length: rowCount }, (_, row) => names.map((name) => columns[name][row]));
  expect(frame.values).toEqual(rows);
  if (dtypes !== undefined) expect(Object.fromEntries(names.map((name, c) => [name, frame.dtypes[c]]))).toEqual(dtypes);
}
