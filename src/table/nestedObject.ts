/** A JSON object nested in a record (not a list, not null): its fields become `parent_child` columns. */
export function isNestedObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Whether a record holds any nested object, or with `withLists` any list: if not, it is already a flat row. */
export function hasNestedValues(record: Record<string, unknown>, withLists: boolean): boolean {
  for (const key in record) {
    const value = record[key];
    if (typeof value === "object" && value !== null && (withLists || !Array.isArray(value))) return true;
  }
  return false;
}
