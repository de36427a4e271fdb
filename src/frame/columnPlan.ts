import type { ColumnStats } from "./columnStats";
import type { ColumnDtype } from "./types";

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
 * Dtype rules, per column, over its non-null cells (null, undefined and absent are all missing):
 *
 * - none → the column is dropped;
 * - only booleans → "boolean", missing cells null;
 * - only numbers and numeric strings (see parseNumericString) → numbers: "int32" when every value is
 *   an integer in int32 range and no cell is missing, else "float32" with missing cells NaN. danfo
 *   keeps plain JS numbers for "float32" (no Float32Array), so ids above 2^24 stay exact;
 * - anything else (text, lists, objects, or a mix) → "string": numbers and booleans written as text
 *   (`12` → "12") so danfo's string methods work on every cell; a list or object (lists stay values
 *   when not stacked) written as JSON text (`["a","b"]`), because danfo cannot hold one in a cell:
 *   its Series turns ["a", "b"] into "a,b" and its CSV writer splits that into two fields. Missing
 *   cells null.
 */
export function planColumns(stats: ColumnStats, columnCount = stats.columnCount): ColumnPlan {
  const plan: ColumnPlan = { kept: [], dtypes: [], conversions: [] };
  const { rowCount, present, numbers, numericStrings, booleans, structured, notInt32 } = stats;
  for (let column = 0; column < columnCount; column++) {
    const presentCells = present[column];
    if (presentCells === 0) continue;
    const complete = presentCells === rowCount;
    let dtype: ColumnDtype;
    let conversion: CellConversion;
    if (booleans[column] === presentCells) {
      dtype = "boolean";
      conversion = complete ? CellConversion.None : CellConversion.MissingToNull;
    } else if (numbers[column] + numericStrings[column] === presentCells) {
      dtype = complete && notInt32[column] === 0 ? "int32" : "float32";
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
