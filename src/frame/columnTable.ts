import { planColumns } from "./columnPlan";
import { finishCells } from "./finishCells";
import { gatherRows, type GatheredRows } from "./gatherRows";
import type { JsonRecord } from "../records";
import type { ColumnTable } from "./types";
import type { DeclaredType } from "../table/columnType";

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

/** Gathered rows as the finished table (see toColumnTable). */
export function finishTable({ names, rows, stats }: GatheredRows, declaredTypes?: ReadonlyMap<string, DeclaredType>): TableWithRows {
  const plan = planColumns(stats, names.length, declaredTypes ? (column) => declaredTypes.get(names[column]) : undefined);
  const data = finishCells(rows, names.length, plan);
  const columns = plan.kept.map((column) => names[column]);
  return { table: { columns, data, dtypes: plan.dtypes, rowCount: rows.length }, rows };
}
