import { CellConversion } from "./columnPlan";
import { parseNumericString } from "../table/numericText";
import { jsonText } from "../text/jsonText";

/**
 * A gathered column's cells converted in place as planned: the rules of finishCells, for a column
 * that is already one array (a hole, undefined and null are all missing).
 */
export function convertColumn(cells: unknown[], conversion: CellConversion): void {
  const count = cells.length;
  // one loop per conversion, unchanged values left untouched (see finishCells)
  switch (conversion) {
    case CellConversion.None:
      break;
    case CellConversion.MissingToNull:
      for (let row = 0; row < count; row++) if (cells[row] === undefined) cells[row] = null;
      break;
    case CellConversion.MissingToNaN:
      for (let row = 0; row < count; row++) {
        const value = cells[row];
        if (value === undefined || value === null) cells[row] = NaN;
      }
      break;
    case CellConversion.ToNumber:
      for (let row = 0; row < count; row++) {
        const value = cells[row];
        // the survey found every string of this column numeric
        if (typeof value === "string") cells[row] = parseNumericString(value);
        else if (typeof value !== "number") cells[row] = NaN;
      }
      break;
    default:
      for (let row = 0; row < count; row++) {
        const value = cells[row];
        if (typeof value === "string") continue;
        cells[row] = value === undefined || value === null ? null : typeof value === "object" ? (jsonText(value) ?? null) : String(value);
      }
  }
}
