/* Blocks of rows, for the cache: see finishCells. */
const ROWS_PER_BLOCK = 256;

/** rows[r][c] from columns[c][r]; every column has at least `rowCount` cells. */
export function columnsToRows(columns: readonly unknown[][], rowCount: number): unknown[][] {
  const columnCount = columns.length;
  const rows: unknown[][] = [];
  for (let row = 0; row < rowCount; row++) rows.push(new Array<unknown>(columnCount));
  for (let blockStart = 0; blockStart < rowCount; blockStart += ROWS_PER_BLOCK) {
    const blockEnd = Math.min(rowCount, blockStart + ROWS_PER_BLOCK);
    for (let column = 0; column < columnCount; column++) {
      const cells = columns[column];
      for (let row = blockStart; row < blockEnd; row++) rows[row][column] = cells[row];
    }
  }
  return rows;
}
