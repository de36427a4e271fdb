import type { ColumnStats } from "./columnStats";
import type { ColumnDtype } from "./types";
import { decideColumnType, type DeclaredType } from "../table/columnType";

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
    // the frame tells no int64 from double beyond int32 range: both are float32 there
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
    let dtype: ColumnDtype;
    let conversion: CellConversion;
    if (type === "boolean") {
      dtype = "boolean";
      conversion = complete ? CellConversion.None : CellConversion.MissingToNull;
    } else if (type === "int64" || type === "double") {
      dtype = complete && type === "int64" ? "int32" : "float32";
      if (numericStrings[column] > 0) conversion = CellConversion.ToNumber;
      else conversion = complete ? CellConversion.None : CellConversion.MissingToNaN;
    } else {
      dtype = "string";
      const allText = numbers[column] === 0 && booleans[column] === 0 && structured[column] === 0;
      conversion = complete && allText ? CellConversion.None : CellConversion.ToText;
    }
    plan.kept.push(column);
    plan.dtypes.push(dtype);
    plan.conversions.push(conversion);
  }
  return plan;
}
