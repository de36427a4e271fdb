import type { JsonRecord, RowShape } from "./types";
import { Flattener } from "./flatten";

/**
 * One record as one flat row: nested objects become `parent_child` columns, recursively; lists stay
 * as cell values. A record that is already flat is returned as is (never modified), which keeps the
 * common wide-and-flat page free of copies; a flattened record is a new object.
 */
export function flattenRecord(record: JsonRecord, globalIncludes: ReadonlySet<string>): JsonRecord {
  return hasNestedValues(record, false) ? flattenRecords([record], { globalIncludes })[0] : record;
}

/**
 * Records as flat rows, in record order: one row per record, or with `stackData` one row per
 * combination of the record's nested lists. Pure: the records are never modified, and a record that
 * is already flat comes back as the same object. A row is made from the one flattener's cells, its
 * keys in the order the record gave its fields (a key named `__proto__` an own field).
 */
export function flattenRecords(
  records: readonly JsonRecord[],
  { stackData = false, globalIncludes = new Set() }: Partial<RowShape> = {},
): JsonRecord[] {
  const rows: JsonRecord[] = [];
  const flattener = new Flattener({ globalIncludes, stackLists: stackData }, (cells, order, length) => {
    const row: JsonRecord = {};
    for (let index = 0; index < length; index++) setField(row, names[order[index]], cells[order[index]]);
    rows.push(row);
  });
  const names = flattener.names;
  for (const record of records) {
    if (!hasNestedValues(record, stackData)) rows.push(record);
    else flattener.add(record);
  }
  return rows;
}

/** Whether a record holds any nested object, or with `withLists` any list: if not, it is already a flat row. */
export function hasNestedValues(record: Record<string, unknown>, withLists: boolean): boolean {
  for (const key in record) {
    const value = record[key];
    if (typeof value === "object" && value !== null && (withLists || !Array.isArray(value))) return true;
  }
  return false;
}

/**
 * `row[key] = value`, except that a key named `__proto__` becomes an own field, as JSON.parse makes
 * it, where an assignment would set the object's prototype and the field would be lost.
 */
export function setField(row: JsonRecord, key: string, value: unknown): void {
  if (key === "__proto__") Object.defineProperty(row, key, { value, enumerable: true, writable: true, configurable: true });
  else row[key] = value;
}
