import { parseNumericString } from "../table/numericText";

/** What each column holds, counted over its non-null cells as the rows are gathered. */
export class ColumnStats {
  rowCount = 0;
  columnCount = 0;
  present = new Int32Array(INITIAL_COLUMNS);
  numbers = new Int32Array(INITIAL_COLUMNS);
  numericStrings = new Int32Array(INITIAL_COLUMNS);
  otherStrings = new Int32Array(INITIAL_COLUMNS);
  booleans = new Int32Array(INITIAL_COLUMNS);
  /** lists and objects */
  structured = new Int32Array(INITIAL_COLUMNS);
  /** 1 when some number (or numeric string) is not an integer in int32 range */
  notInt32 = new Uint8Array(INITIAL_COLUMNS);

  /** Makes room for column index `column`. */
  addColumn(column: number): void {
    if (column >= this.columnCount) this.columnCount = column + 1;
    if (column < this.present.length) return;
    const capacity = Math.max(this.present.length * 2, column + 1);
    this.present = grown(this.present, capacity);
    this.numbers = grown(this.numbers, capacity);
    this.numericStrings = grown(this.numericStrings, capacity);
    this.otherStrings = grown(this.otherStrings, capacity);
    this.booleans = grown(this.booleans, capacity);
    this.structured = grown(this.structured, capacity);
    this.notInt32 = grown(this.notInt32, capacity);
  }

  /** Counts one row's cells; read right after the row was filled, the row is still in the cache. */
  countRow(cells: readonly unknown[]): void {
    this.rowCount++;
    for (let column = 0; column < cells.length; column++) this.count(column, cells[column]);
  }

  private count(column: number, value: unknown): void {
    if (value === null || value === undefined) return;
    this.present[column]++;
    switch (typeof value) {
      case "number":
        this.numbers[column]++;
        if ((value | 0) !== value) this.notInt32[column] = 1;
        break;
      case "string":
        this.countString(column, value);
        break;
      case "boolean":
        this.booleans[column]++;
        break;
      default:
        this.structured[column]++;
    }
  }

  private countString(column: number, text: string): void {
    // once one string of a column is text the column is text: its other strings need no parsing
    if (this.otherStrings[column] > 0) {
      this.otherStrings[column]++;
      return;
    }
    const parsed = parseNumericString(text);
    if (parsed !== parsed) {
      this.otherStrings[column]++;
    } else {
      this.numericStrings[column]++;
      if ((parsed | 0) !== parsed) this.notInt32[column] = 1;
    }
  }
}

const INITIAL_COLUMNS = 64;

function grown<T extends Int32Array | Uint8Array>(array: T, capacity: number): T {
  const larger = new (array.constructor as new (length: number) => T)(capacity);
  larger.set(array);
  return larger;
}
