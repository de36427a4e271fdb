import { planColumns } from "./columnPlan";
import { finishCells } from "./finishCells";
import { gatherRecords, gatherRows, type GatheredRows } from "./gatherRows";
import type { ColumnTable, JsonRecord, ShapeOptions } from "./types";

/** A finished table together with the same cells row by row (a danfo frame keeps both). */
export interface TableWithRows {
  table: ColumnTable;
  rows: unknown[][];
}

/**
 * Flat rows as a column-major table: columns in first-appearance order, columns null in every row
 * dropped, numeric-string columns made numbers, one dtype per column (rules in columnPlan.ts).
 */
export function toColumnTable(rows: readonly JsonRecord[]): ColumnTable {
  return finishTable(gatherRows(rows)).table;
}

/** toColumnTable(flattenRecords(records, options)) in one pass over the records, rows included. */
export function recordsToTable(records: readonly JsonRecord[], options: ShapeOptions): TableWithRows {
  return finishTable(gatherRecords(records, options));
}

/** Gathered rows as the finished table (see toColumnTable). */
export function finishTable({ names, rows, stats }: GatheredRows): TableWithRows {
  const plan = planColumns(stats, names.length);
  const data = finishCells(rows, names.length, plan);
  const columns = plan.kept.map((column) => names[column]);
  return { table: { columns, data, dtypes: plan.dtypes, rowCount: rows.length }, rows };
}
