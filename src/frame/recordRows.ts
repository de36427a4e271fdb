import type { JsonRecord } from "../records";
import { isNestedObject } from "./nestedObject";
import { topLevelName } from "./topLevelName";

/**
 * One record as flat rows (objects): nested objects become `parent_child` columns, recursively.
 * With `stackLists`, the rows are the product of all its nested lists (itertools.product order: the
 * first list varies slowest), parent fields repeated on every row: a list of objects flattens each
 * element under the list's name (`categories_id`), a list of scalars gives one row per scalar under
 * the list's name, lists inside elements stack too, and an empty list multiplies by one (the record
 * keeps its row, without the list's columns, so a record is never lost to an empty relation).
 * Without it, a list is one cell value and the record makes one row.
 */
export function recordRows(record: JsonRecord, globalIncludes: ReadonlySet<string>, stackLists: boolean): JsonRecord[] {
  let rows: JsonRecord[] = [{}];
  for (const key in record) {
    const value = record[key];
    rows = appendValue(rows, value, topLevelName(key, value, globalIncludes), stackLists);
  }
  return rows;
}

/** Adds `value` under `name` to every row; the rows are fresh objects of this record, so they are filled in place. */
function appendValue(rows: JsonRecord[], value: unknown, name: string, stackLists: boolean): JsonRecord[] {
  if (stackLists && Array.isArray(value)) return appendList(rows, value, name);
  if (isNestedObject(value)) {
    for (const key in value) rows = appendValue(rows, value[key], `${name}_${key}`, stackLists);
    return rows;
  }
  for (const row of rows) row[name] = value;
  return rows;
}

function appendList(rows: JsonRecord[], list: readonly unknown[], name: string): JsonRecord[] {
  if (list.length === 0) return rows;
  const product: JsonRecord[] = [];
  for (const row of rows) {
    for (const element of list) {
      for (const stacked of appendValue([{ ...row }], element, name, true)) product.push(stacked);
    }
  }
  return product;
}
