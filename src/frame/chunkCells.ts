import { CellConversion } from "./columnPlan";
import { parseNumericString } from "../table/numericText";
import { jsonText } from "../text/jsonText";

/**
 * One chunk's cells of a column, converted as planned (the rules of finishCells) and written to the
 * frame's column at `offset`. `piece` is undefined when the chunk has no such column (every cell
 * missing); a Float64Array holds a number in every row.
 */
export function copyChunkCells(
  piece: Float64Array | readonly unknown[] | undefined,
  count: number,
  cells: unknown[],
  offset: number,
  conversion: CellConversion,
): void {
  if (piece instanceof Float64Array) {
    if (conversion === CellConversion.ToText) for (let row = 0; row < count; row++) cells[offset + row] = String(piece[row]);
    else for (let row = 0; row < count; row++) cells[offset + row] = piece[row];
    return;
  }
  // one loop per conversion, unchanged values passed through untouched (see finishCells)
  switch (conversion) {
    case CellConversion.None:
      if (piece) for (let row = 0; row < count; row++) cells[offset + row] = piece[row];
      break;
    case CellConversion.MissingToNull:
      for (let row = 0; row < count; row++) {
        const value = piece?.[row];
        cells[offset + row] = value === undefined ? null : value;
      }
      break;
    case CellConversion.MissingToNaN:
      for (let row = 0; row < count; row++) {
        const value = piece?.[row];
        cells[offset + row] = value === undefined || value === null ? NaN : value;
      }
      break;
    case CellConversion.ToNumber:
      for (let row = 0; row < count; row++) {
        const value = piece?.[row];
        // the survey found every string of this column numeric
        cells[offset + row] = typeof value === "number" ? value : typeof value === "string" ? parseNumericString(value) : NaN;
      }
      break;
    default:
      for (let row = 0; row < count; row++) {
        const value = piece?.[row];
        cells[offset + row] =
          typeof value === "string"
            ? value
            : value === undefined || value === null
              ? null
              : typeof value === "object"
                ? (jsonText(value) ?? null)
                : String(value);
      }
  }
}
