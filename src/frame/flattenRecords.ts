import { flattenRecord } from "./flatten";
import { hasNestedValues } from "./nestedObject";
import { stackRecord } from "./stack";
import type { JsonRecord, ShapeOptions } from "./types";

/**
 * Records as flat rows, in record order: one row per record, or with `stackData` one row per
 * combination of the record's nested lists. Pure: the records are never modified, and a record that
 * is already flat comes back as the same object.
 */
export function flattenRecords(records: readonly JsonRecord[], options: ShapeOptions = {}): JsonRecord[] {
  const globalPrefix = options.globalPrefix === true;
  const rows: JsonRecord[] = [];
  if (options.stackData !== true) {
    for (const record of records) rows.push(flattenRecord(record, globalPrefix));
    return rows;
  }
  for (const record of records) {
    if (!hasNestedValues(record, true)) rows.push(record);
    else for (const row of stackRecord(record, globalPrefix)) rows.push(row);
  }
  return rows;
}
