import { parseNumericString } from "../table/columnType";
import type { ChunkStats } from "../records";

/**
 * One column as the page scanner fills it, a row at a time: a Float64Array while every row so far
 * holds a number, then (from the first other value or missing row on) an array of cells, undefined
 * where a row has none — the two forms gatherPageChunk gives a column.
 */
export class ScannedColumn {
  numbers: Float64Array | null;
  cells: unknown[] | null = null;
  /** rows written so far, missing ones included */
  length = 0;
  /** the last record that wrote this column, 1-based: a second write in one record is a name clash */
  stamp = 0;
  /** the last unescaped string read for this column, and where its bytes are */
  text = "";
  textStart = 0;
  textLength = -1;

  constructor(
    readonly name: string,
    capacity: number,
  ) {
    this.numbers = capacity > 0 ? new Float64Array(capacity) : null;
  }

  putNumber(row: number, value: number): void {
    const numbers = this.numbers;
    if (numbers !== null && this.length === row) {
      if (row === numbers.length) this.numbers = grown(numbers, row * 2);
      this.numbers![row] = value;
      this.length = row + 1;
    } else {
      this.putCell(row, value);
    }
  }

  putCell(row: number, value: unknown): void {
    const cells = this.cells ?? this.#cellsOfNumbers();
    while (cells.length < row) cells.push(undefined);
    cells.push(value);
    this.length = row + 1;
  }

  /** Room for `rows` numbers, asked once the first record tells how many a page holds. */
  reserve(rows: number): void {
    if (this.numbers !== null && this.numbers.length < rows) this.numbers = grown(this.numbers, rows);
  }

  /** The column of `rowCount` rows, each typed array with a buffer of its own (a worker hands buffers over). */
  finish(rowCount: number): Float64Array | unknown[] {
    if (this.numbers !== null && this.length === rowCount) {
      return this.numbers.length === rowCount ? this.numbers : this.numbers.slice(0, rowCount);
    }
    const cells = this.cells ?? this.#cellsOfNumbers();
    while (cells.length < rowCount) cells.push(undefined);
    return cells;
  }

  #cellsOfNumbers(): unknown[] {
    const cells = new Array<unknown>(this.length);
    for (let row = 0; row < this.length; row++) cells[row] = this.numbers![row];
    this.cells = cells;
    this.numbers = null;
    return cells;
  }
}

function grown(numbers: Float64Array, capacity: number): Float64Array {
  const larger = new Float64Array(Math.max(capacity, 16));
  larger.set(numbers);
  return larger;
}

/**
 * A page's columns counted as ColumnStats.countRow counts them row by row (src/table/columnPlan.ts):
 * each column's counts depend only on its own cells in row order, so counting column by column
 * gives the same numbers, and a Float64Array column needs no look at its type per cell.
 */
export function countColumns(columns: ReadonlyArray<Float64Array | unknown[]>): ChunkStats {
  const width = columns.length;
  const stats: ChunkStats = {
    present: new Int32Array(width),
    numbers: new Int32Array(width),
    numericStrings: new Int32Array(width),
    otherStrings: new Int32Array(width),
    booleans: new Int32Array(width),
    structured: new Int32Array(width),
    notInt32: new Uint8Array(width),
  };
  for (let column = 0; column < width; column++) {
    const cells = columns[column];
    if (cells instanceof Float64Array) countNumbers(stats, column, cells);
    else countCells(stats, column, cells);
  }
  return stats;
}

function countNumbers(stats: ChunkStats, column: number, numbers: Float64Array): void {
  stats.present[column] = numbers.length;
  stats.numbers[column] = numbers.length;
  for (let row = 0; row < numbers.length; row++) {
    const value = numbers[row];
    if ((value | 0) !== value) {
      stats.notInt32[column] = 1;
      return;
    }
  }
}

/** ColumnStats.count and countString, for one column's cells in row order. */
function countCells(stats: ChunkStats, column: number, cells: readonly unknown[]): void {
  for (let row = 0; row < cells.length; row++) {
    const value = cells[row];
    if (value === null || value === undefined) continue;
    stats.present[column]++;
    switch (typeof value) {
      case "number":
        stats.numbers[column]++;
        if ((value | 0) !== value) stats.notInt32[column] = 1;
        break;
      case "string":
        countString(stats, column, value);
        break;
      case "boolean":
        stats.booleans[column]++;
        break;
      default:
        stats.structured[column]++;
    }
  }
}

function countString(stats: ChunkStats, column: number, text: string): void {
  // as ColumnStats: once one string of a column is text, its later strings count as text unparsed
  if (stats.otherStrings[column] > 0) {
    stats.otherStrings[column]++;
    return;
  }
  const parsed = parseNumericString(text);
  if (parsed !== parsed) {
    stats.otherStrings[column]++;
  } else {
    stats.numericStrings[column]++;
    if ((parsed | 0) !== parsed) stats.notInt32[column] = 1;
  }
}
