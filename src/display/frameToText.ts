import { columnFormatter, isNumericColumn, type CellFormat } from "./formatCell";
import { selectColumns, toTable, type FrameLike } from "./frameLike";

export interface FrameTextOptions extends CellFormat {
  /** most rows shown, from the top (default 20) */
  readonly rows?: number;
  readonly columns?: readonly string[];
  /** widest a column may be, in characters, before it is cut with "…" (default 24) */
  readonly maxWidth?: number;
}

function fit(text: string, width: number): string {
  return text.length > width ? `${text.slice(0, Math.max(1, width - 1))}…` : text;
}

/** A frame as a plain aligned text table, for a terminal or a log: the outside-a-notebook form of `show`. */
export function frameToText(frame: FrameLike, options: FrameTextOptions = {}): string {
  const table = selectColumns(toTable(frame), options.columns);
  const limit = options.rows ?? 20;
  const maxWidth = options.maxWidth ?? 24;
  const shown = table.rows.slice(0, limit);
  const columnValues = table.columns.map((_, position) => shown.map((row) => row[position]));
  const formatters = columnValues.map((values) => columnFormatter(values, options));
  const numeric = columnValues.map(isNumericColumn);
  const grid = [
    ["", ...table.columns.map((column) => fit(column, maxWidth))],
    ...shown.map((row, rowNumber) => [String(rowNumber), ...row.map((value, position) => fit(formatters[position](value).replace(/\s+/g, " "), maxWidth))]),
  ];
  const widths = grid[0].map((_, position) => Math.max(...grid.map((line) => line[position].length)));
  const lines = grid.map((line) =>
    line
      .map((cell, position) => (position === 0 || numeric[position - 1] ? cell.padStart(widths[position]) : cell.padEnd(widths[position])))
      .join("  ")
      .trimEnd(),
  );
  const hidden = table.rows.length - shown.length;
  lines.push(`[${table.rows.length} rows × ${table.columns.length} columns${hidden > 0 ? `, first ${shown.length} shown` : ""}]`);
  return lines.join("\n");
}
