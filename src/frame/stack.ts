import { isNestedObject } from "./nestedObject";
import { topLevelName } from "./rowShape";
import type { JsonRecord } from "../records";

/**
 * One record as the rows of the product of all its nested lists (itertools.product order: the first
 * list varies slowest), parent fields repeated on every row. A list of objects flattens each element
 * under the list's name (`categories_id`); a list of scalars gives one row per scalar under the list's
 * name; lists inside elements stack too. An empty list multiplies by one: the record keeps its row,
 * without the list's columns, so a record is never lost to an empty relation.
 */
export function stackRecord(record: JsonRecord, globalIncludes: ReadonlySet<string> = new Set()): JsonRecord[] {
  let rows: JsonRecord[] = [{}];
  for (const key in record) {
    const value = record[key];
    rows = appendValue(rows, value, topLevelName(key, value, globalIncludes));
  }
  return rows;
}

/** Adds `value` under `name` to every row; the rows are fresh objects of this record, so they are filled in place. */
function appendValue(rows: JsonRecord[], value: unknown, name: string): JsonRecord[] {
  if (Array.isArray(value)) return appendList(rows, value, name);
  if (isNestedObject(value)) {
    for (const key in value) rows = appendValue(rows, value[key], `${name}_${key}`);
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
      for (const stacked of appendValue([{ ...row }], element, name)) product.push(stacked);
    }
  }
  return product;
}
