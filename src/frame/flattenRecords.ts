import type { JsonRecord, RowShape } from "../records";
import { flattenRecord } from "./flatten";
import { hasNestedValues } from "./nestedObject";
import { stackRecord } from "./stack";

/**
 * Records as flat rows, in record order: one row per record, or with `stackData` one row per
 * combination of the record's nested lists. Pure: the records are never modified, and a record that
 * is already flat comes back as the same object.
 */
export function flattenRecords(
  records: readonly JsonRecord[],
  { stackData = false, globalIncludes = new Set() }: Partial<RowShape> = {},
): JsonRecord[] {
  const rows: JsonRecord[] = [];
  if (!stackData) {
    for (const record of records) rows.push(flattenRecord(record, globalIncludes));
    return rows;
  }
  for (const record of records) {
    if (!hasNestedValues(record, true)) rows.push(record);
    else for (const row of stackRecord(record, globalIncludes)) rows.push(row);
  }
  return rows;
}
