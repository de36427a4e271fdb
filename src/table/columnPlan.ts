import type { ChunkStats, ColumnDtype } from "./types";
import { decideColumnType, parseNumericString, type ColumnType, type DeclaredType } from "./columnType";

/** How a column's cells are rewritten. */
export const CellConversion = {
  /** every cell is already final */
  None: 0,
  /** missing cells (null, undefined) become null */
  MissingToNull: 1,
  /** numbers already: missing cells become NaN */
  MissingToNaN: 2,
  /** numeric strings become numbers, missing cells NaN */
  ToNumber: 3,
  /** numbers and booleans become text, lists and objects JSON text, missing cells null */
  ToText: 4,
} as const;
export type CellConversion = (typeof CellConversion)[keyof typeof CellConversion];

/** What becomes of each gathered column: kept ones in order, with their dtype and conversion. */
export interface ColumnPlan {
  /** gathered column index of each kept column */
  kept: number[];
  dtypes: ColumnDtype[];
  conversions: CellConversion[];
}

/**
 * Each column's dtype, from the one column type decision (src/table/columnType.ts) over all of its
 * non-null cells (null, undefined and absent are all missing) and its declared type:
 *
 * - no value → the column is dropped;
 * - boolean → "boolean", missing cells null;
 * - int64 or double (numbers, numeric strings made numbers) → "int32" when every value is an
 *   integer in int32 range and no cell is missing, else "float32" with missing cells NaN. danfo
 *   keeps plain JS numbers for "float32" (no Float32Array), so ids above 2^24 stay exact;
 * - text (a documented string such as `code_numeric` "056", text, lists, objects, or a mix) →
 *   "string": numbers and booleans written as text (`12` → "12") so danfo's string methods work on
 *   every cell; a list or object (lists stay values when not stacked) written as JSON text
 *   (`["a","b"]`), because danfo cannot hold one in a cell: its Series turns ["a", "b"] into "a,b"
 *   and its CSV writer splits that into two fields. Missing cells null.
 */
export function planColumns(
  stats: ColumnStats,
  columnCount = stats.columnCount,
  declaredOf: (column: number) => DeclaredType | undefined = () => undefined,
): ColumnPlan {
  const plan: ColumnPlan = { kept: [], dtypes: [], conversions: [] };
  const { rowCount, present, numbers, numericStrings, booleans, structured, notInt32 } = stats;
  for (let column = 0; column < columnCount; column++) {
    const presentCells = present[column];
    // the frame tells no int64 from double beyond int32 range (float32 both): a chunk counts them as one
    const counts = {
      present: presentCells,
      numbers: numbers[column],
      numericStrings: numericStrings[column],
      booleans: booleans[column],
      fractions: notInt32[column] === 1,
    };
    const type = decideColumnType(counts, declaredOf(column));
    if (type === undefined) continue;
    const complete = presentCells === rowCount;
    const dtype = frameDtypeOf(type, complete);
    let conversion: CellConversion;
    if (dtype === "boolean") {
      conversion = complete ? CellConversion.None : CellConversion.MissingToNull;
    } else if (dtype !== "string") {
      if (numericStrings[column] > 0) conversion = CellConversion.ToNumber;
      else conversion = complete ? CellConversion.None : CellConversion.MissingToNaN;
    } else {
      const allText = numbers[column] === 0 && booleans[column] === 0 && structured[column] === 0;
      conversion = complete && allText ? CellConversion.None : CellConversion.ToText;
    }
    plan.kept.push(column);
    plan.dtypes.push(dtype);
    plan.conversions.push(conversion);
  }
  return plan;
}

/**
 * The one mapping of a column type (columnType.ts) to the frame's dtype: a whole-number column is
 * "int32" when every row holds one (the caller decides int64 only within int32 range), any other
 * number column "float32", where danfo keeps plain JS numbers, missing cells NaN; dates and
 * timestamps stay text in a frame, as pulled.
 */
export function frameDtypeOf(type: ColumnType, complete: boolean): ColumnDtype {
  switch (type) {
    case "boolean":
      return "boolean";
    case "int64":
      return complete ? "int32" : "float32";
    case "double":
      return "float32";
    case "utf8":
    case "date":
    case "timestamp":
      return "string";
  }
}

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
    for (let column = 0; column < cells.length; column++) countCell(this, column, cells[column]);
  }
}

/** Counts of rows given without them, of at least `width` columns (a row may be shorter, or longer). */
export function countedStats(rows: readonly (readonly unknown[])[], width = 0): ColumnStats {
  const stats = new ColumnStats();
  if (width > 0) stats.addColumn(width - 1);
  for (const row of rows) {
    if (row.length) stats.addColumn(row.length - 1);
    stats.countRow(row);
  }
  return stats;
}

/**
 * One cell counted into its column's counts (those of a ColumnStats, or of a page chunk's stats):
 * null and undefined are missing; a column's strings are parsed as numbers until one of them is text.
 */
export function countCell(counts: ChunkStats, column: number, value: unknown): void {
  if (value === null || value === undefined) return;
  counts.present[column]++;
  switch (typeof value) {
    case "number":
      counts.numbers[column]++;
      if ((value | 0) !== value) counts.notInt32[column] = 1;
      break;
    case "string":
      countString(counts, column, value);
      break;
    case "boolean":
      counts.booleans[column]++;
      break;
    default:
      counts.structured[column]++;
  }
}

function countString(counts: ChunkStats, column: number, text: string): void {
  // once one string of a column is text the column is text: its other strings need no parsing
  if (counts.otherStrings[column] > 0) {
    counts.otherStrings[column]++;
    return;
  }
  const parsed = parseNumericString(text);
  if (parsed !== parsed) {
    counts.otherStrings[column]++;
  } else {
    counts.numericStrings[column]++;
    if ((parsed | 0) !== parsed) counts.notInt32[column] = 1;
  }
}

const INITIAL_COLUMNS = 64;

function grown<T extends Int32Array | Uint8Array>(array: T, capacity: number): T {
  const larger = new (array.constructor as new (length: number) => T)(capacity);
  larger.set(array);
  return larger;
}
