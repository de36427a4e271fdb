import type { RowChanges } from "./types";

/** A run's changes before any write. */
export const NO_CHANGES: RowChanges = { added: 0, updated: 0, removed: 0, rows: 0, addedColumns: [], widenedColumns: [] };

/** `changes` with `rows` more removed: the rows of a table the run replaced whole. */
export const withRemoved = (changes: RowChanges, rows: number): RowChanges =>
  rows === 0 ? changes : { ...changes, removed: changes.removed + rows };

/** Two writes of one run in order: counts add up, `rows` is the later table's. */
export const sumChanges = (a: RowChanges, b: RowChanges): RowChanges => ({
  added: a.added + b.added,
  updated: a.updated + b.updated,
  removed: a.removed + b.removed,
  rows: b.rows,
  addedColumns: [...a.addedColumns, ...b.addedColumns.filter((name) => !a.addedColumns.includes(name))],
  widenedColumns: [...a.widenedColumns, ...b.widenedColumns],
});
