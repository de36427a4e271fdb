import type { JsonRecord, RowShape } from "../records";
import { hasNestedValues } from "./nestedObject";
import { recordRows } from "./recordRows";

/**
 * One record as one flat row: nested objects become `parent_child` columns, recursively; lists stay
 * as cell values. A record that is already flat is returned as is (never modified), which keeps the
 * common wide-and-flat page free of copies; a flattened record is a new object.
 */
export function flattenRecord(record: JsonRecord, globalIncludes: ReadonlySet<string>): JsonRecord {
  return hasNestedValues(record, false) ? recordRows(record, globalIncludes, false)[0] : record;
}

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
  for (const record of records) {
    if (!hasNestedValues(record, stackData)) rows.push(record);
    else for (const row of recordRows(record, globalIncludes, stackData)) rows.push(row);
  }
  return rows;
}
