import { ColumnStats } from "./columnStats";

/**
 * Column statistics of rows gathered elsewhere (rows[r][c], ragged allowed). The library's own paths
 * count while gathering (gatherRows.ts); this is for cells that arrive as rows already.
 */
export function surveyColumns(rows: readonly unknown[][], columnCount: number): ColumnStats {
  const stats = new ColumnStats();
  if (columnCount > 0) stats.addColumn(columnCount - 1);
  for (const cells of rows) stats.countRow(cells);
  return stats;
}
