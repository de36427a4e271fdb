import { divergingCss, sequentialCss } from "./colorScale";
import { isMissing } from "./formatCell";
import { frameToHtml, type CellContext, type FrameHtmlOptions } from "./frameToHtml";
import { toTable, type FrameLike } from "./frameLike";
import { ValidationError } from "../errors";
import { checkDisplayOptions } from "./displayOptions";

/** How a metric column is coloured: light→dark with the value, or red/white/green around zero. */
export type ColumnScale = "sequential" | "diverging";

export interface StyledTableOptions extends FrameHtmlOptions {
  /** columns coloured by value: a list (all sequential) or column → scale */
  readonly heat?: readonly string[] | Readonly<Record<string, ColumnScale>>;
}

interface ColumnRange {
  readonly scale: ColumnScale;
  readonly min: number;
  readonly max: number;
}

function heatScales(heat: StyledTableOptions["heat"]): Map<string, ColumnScale> {
  if (!heat) return new Map();
  if (Array.isArray(heat)) return new Map((heat as readonly string[]).map((column) => [column, "sequential" as const]));
  return new Map(Object.entries(heat as Readonly<Record<string, ColumnScale>>));
}

function columnRanges(frame: FrameLike, scales: Map<string, ColumnScale>): Map<string, ColumnRange> {
  const ranges = new Map<string, ColumnRange>();
  // every row is read only for a colour scale: a frame shown plainly is read no further than shown
  if (scales.size === 0) return ranges;
  const table = toTable(frame);
  for (const [column, scale] of scales) {
    const position = table.columns.indexOf(column);
    if (position < 0) throw new ValidationError("heat", `no column ${JSON.stringify(column)}; columns: ${table.columns.join(", ")}`);
    let min = Infinity;
    let max = -Infinity;
    for (const row of table.rows) {
      const value = row[position];
      // the range is the finite values'; ±Infinity takes the scale's end (heatCss)
      if (typeof value !== "number" || !Number.isFinite(value)) continue;
      if (value < min) min = value;
      if (value > max) max = value;
    }
    ranges.set(column, { scale, min, max });
  }
  return ranges;
}

function heatCss(range: ColumnRange, value: number): string {
  if (value === Infinity || value === -Infinity) {
    const end = value > 0 ? 1 : range.scale === "diverging" ? -1 : 0;
    return range.scale === "diverging" ? divergingCss(end) : sequentialCss(end);
  }
  if (range.scale === "diverging") {
    const largest = Math.max(Math.abs(range.min), Math.abs(range.max));
    return divergingCss(largest === 0 ? 0 : value / largest);
  }
  // halves: max - min of doubles near ±1e308 overflows to Infinity
  const span = range.max / 2 - range.min / 2;
  return sequentialCss(span === 0 ? 0.5 : (value / 2 - range.min / 2) / span);
}

/**
 * An HTML table with metric columns coloured by value (like a spreadsheet's colour scale), for
 * ranking tables in a notebook or a report. Colours are relative to each column's own range.
 */
export function styledTable(frame: FrameLike, options: StyledTableOptions = {}): string {
  return styledTableHtml(frame, checkDisplayOptions("styledTable", options));
}

/** styledTable of options checked already (show's, which hold the text table's widths too). */
export function styledTableHtml(frame: FrameLike, options: StyledTableOptions): string {
  const ranges = columnRanges(frame, heatScales(options.heat));
  const userCell = options.styles?.cell;
  const cell = (context: CellContext): string | undefined => {
    const range = ranges.get(context.column);
    const heat = range && typeof context.value === "number" && !isMissing(context.value) ? heatCss(range, context.value) : undefined;
    return [heat, userCell?.(context)].filter(Boolean).join(";") || undefined;
  };
  return frameToHtml(frame, { ...options, styles: { ...options.styles, cell } });
}
