/* Blocks of rows, for the cache: see finishCells. */
const ROWS_PER_BLOCK = 256;

/** rows[r][c] from columns[c][r]; every column has at least `rowCount` cells. */
export function columnsToRows(columns: readonly unknown[][], rowCount: number): unknown[][] {
  return appendRowsOfColumns([], columns, 0, rowCount);
}

/** rows[r][c] = columns[c][r] for rows `from` ≤ r < `to`, pushed onto `rows` (which holds `from` rows). */
export function appendRowsOfColumns(rows: unknown[][], columns: readonly unknown[][], from: number, to: number): unknown[][] {
  const columnCount = columns.length;
  for (let blockStart = from; blockStart < to; blockStart += ROWS_PER_BLOCK) {
    const blockEnd = Math.min(to, blockStart + ROWS_PER_BLOCK);
    for (let row = blockStart; row < blockEnd; row++) rows.push(new Array<unknown>(columnCount));
    for (let column = 0; column < columnCount; column++) {
      const cells = columns[column];
      for (let row = blockStart; row < blockEnd; row++) rows[row][column] = cells[row];
    }
  }
  return rows;
}
