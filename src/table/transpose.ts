/* Blocks of rows, for the cache: see finishCells. */
const ROWS_PER_BLOCK = 256;

/** rows[r][c] from columns[c][r]; every column has at least `rowCount` cells. */
export function columnsToRows(columns: readonly unknown[][], rowCount: number): unknown[][] {
  return rowsOfColumns(columns, 0, rowCount);
}

/** The rows `from` ≤ r < `to` of the columns: rows[r - from][c] = columns[c][r]. */
export function rowsOfColumns(columns: readonly unknown[][], from: number, to: number): unknown[][] {
  const rows: unknown[][] = [];
  const columnCount = columns.length;
  for (let blockStart = from; blockStart < to; blockStart += ROWS_PER_BLOCK) {
    const blockEnd = Math.min(to, blockStart + ROWS_PER_BLOCK);
    for (let row = blockStart; row < blockEnd; row++) rows.push(new Array<unknown>(columnCount));
    for (let column = 0; column < columnCount; column++) {
      const cells = columns[column];
      for (let row = blockStart; row < blockEnd; row++) rows[row - from][column] = cells[row];
    }
  }
  return rows;
}
