import { CellConversion, type ColumnPlan } from "./columnPlan";

const ROWS_PER_BLOCK = 256;

/**
 * The finished cells, both ways: the gathered rows rewritten in place (kept columns only, in plan
 * order, every row full width, each cell converted as planned) and the same cells as columns.
 *
 * One pass does the conversion and the transpose. It walks blocks of rows, column by column inside
 * a block: a plain transpose touches a different long column array on every cell and misses the
 * cache (and the TLB) each time, while a block keeps its stretch of every column hot. Measured at
 * 100k × 350: about 0.02 µs/cell blocked against 0.05–0.09 plain.
 */
export function finishCells(rows: unknown[][], gatheredColumnCount: number, plan: ColumnPlan): unknown[][] {
  const { kept } = plan;
  const width = kept.length;
  const rowCount = rows.length;
  const conversions = Uint8Array.from(plan.conversions);
  const compacting = width !== gatheredColumnCount;
  const columns: unknown[][] = [];
  for (let column = 0; column < width; column++) columns.push(new Array<unknown>(rowCount));

  for (let blockStart = 0; blockStart < rowCount; blockStart += ROWS_PER_BLOCK) {
    const blockEnd = Math.min(rowCount, blockStart + ROWS_PER_BLOCK);
    // columns in ascending order: a short row grows by appends, never by holes, and compacting
    // (kept[column] >= column) never overwrites a cell still to be read
    for (let column = 0; column < width; column++) {
      const cells = columns[column];
      const source = kept[column];
      const conversion = conversions[column];
      if (conversion === CellConversion.None && !compacting) {
        for (let row = blockStart; row < blockEnd; row++) cells[row] = rows[row][column];
        continue;
      }
      for (let row = blockStart; row < blockEnd; row++) {
        const cellsOfRow = rows[row];
        const value = cellsOfRow[source];
        const finished = conversion === CellConversion.None ? value : convertCell(value, conversion);
        if (compacting || finished !== value) cellsOfRow[column] = finished;
        cells[row] = finished;
      }
    }
    if (compacting) {
      for (let row = blockStart; row < blockEnd; row++) rows[row].length = width;
    }
  }
  return columns;
}

function convertCell(value: unknown, conversion: number): unknown {
  switch (conversion) {
    case CellConversion.MissingToNull:
      return value === undefined ? null : value;
    case CellConversion.ToNumber:
      if (typeof value === "number") return value;
      return typeof value === "string" ? Number(value) : NaN;
    default:
      if (value === undefined || value === null) return null;
      if (typeof value === "string") return value;
      return typeof value === "object" ? JSON.stringify(value) : String(value);
  }
}
