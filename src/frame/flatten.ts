import { hasNestedValues, isNestedObject } from "./nestedObject";
import type { JsonRecord } from "../records";
import { topLevelName } from "./rowShape";

/**
 * One record as one flat row: nested objects become `parent_child` columns, recursively; lists stay
 * as cell values. A record that is already flat is returned as is (never modified), which keeps the
 * common wide-and-flat page free of copies; a flattened record is a new object.
 */
export function flattenRecord(record: JsonRecord, globalIncludes: ReadonlySet<string>): JsonRecord {
  if (!hasNestedValues(record, false)) return record;
  const row: JsonRecord = {};
  for (const key in record) {
    const value = record[key];
    if (isNestedObject(value)) flattenObjectInto(row, value, topLevelName(key, value, globalIncludes));
    else row[key] = value;
  }
  return row;
}

function flattenObjectInto(row: JsonRecord, object: Record<string, unknown>, prefix: string): void {
  for (const key in object) {
    const value = object[key];
    const name = `${prefix}_${key}`;
    if (isNestedObject(value)) flattenObjectInto(row, value, name);
    else row[name] = value;
  }
}
