import type { ColumnTable } from "../table/types";

/** A column's cells, or none when the table lacks it. */
export function columnOf(table: ColumnTable | undefined, name: string): readonly unknown[] {
  if (!table) return [];
  const at = table.columns.indexOf(name);
  return at < 0 ? [] : table.data[at].slice(0, table.rowCount);
}
