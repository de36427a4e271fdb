import { hasNestedValues } from "./nestedObject";
import { shapeRecord } from "./shapeRecord";
import type { JsonRecord, ShapeOptions } from "./types";

/**
 * Records as flat rows, in record order: one row per record, or with `stackData` one row per
 * combination of the record's nested lists. Pure: the records are never modified, and a record that
 * is already flat comes back as the same object.
 */
export function flattenRecords(records: readonly JsonRecord[], options: ShapeOptions = {}): JsonRecord[] {
  const stackLists = options.stackData === true;
  const rows: JsonRecord[] = [];
  for (const record of records) {
    if (!hasNestedValues(record, stackLists)) rows.push(record);
    else for (const row of shapeRecord(record, options)) rows.push(row);
  }
  return rows;
}
