import { escapeHtml } from "./escapeHtml";
import { columnFormatter, isNumericColumn, type CellFormat } from "./formatCell";
import { headTable, selectColumns, type FrameLike } from "./frameLike";
import { ValidationError } from "../errors";
import { counted } from "../text/counted";

/** Where a cell sits, handed to a cell style function. */
export interface CellContext {
  readonly column: string;
  readonly value: unknown;
  /** position in the frame, from 0 */
  readonly row: number;
}

/** Inline CSS (inline so it survives notebook viewers that drop <style> blocks). */
export interface TableStyles {
  readonly table?: string;
  readonly header?: string;
  /** CSS for one body cell, or undefined for none */
  readonly cell?: (cell: CellContext) => string | undefined;
}

export interface FrameHtmlOptions extends CellFormat {
  /** most rows shown, from the top (default 20; Infinity for all) */
  readonly rows?: number;
  /** columns shown, in this order (default all) */
  readonly columns?: readonly string[];
  readonly caption?: string;
  /** show the row labels as a first column (default true): the frame's index when it is not 0, 1, 2, …, else the positions */
  readonly index?: boolean;
  readonly styles?: TableStyles;
}

export const DEFAULT_ROWS = 20;

const TABLE_CSS = "border-collapse:collapse;font-size:12px;font-family:system-ui,-apple-system,'Segoe UI',Helvetica,Arial,sans-serif";
const HEADER_CSS = "padding:4px 8px;border-bottom:1px solid #888;text-align:left;white-space:nowrap";
const CELL_CSS = "padding:3px 8px;border-bottom:1px solid #e4e4e4";
const NUMBER_CSS = "text-align:right;font-variant-numeric:tabular-nums";
// Jupyter's stylesheets right-align every cell; text is set left explicitly, as pandas does.
const TEXT_CSS = "text-align:left";
const NOTE_CSS = "font-size:11px;color:#666;margin:2px 0 8px";

function styleAttribute(...parts: (string | undefined)[]): string {
  const css = parts.filter((part) => part).join(";");
  return css ? ` style="${escapeHtml(css)}"` : "";
}

/**
 * A frame (or records) as an HTML table: every value escaped, number columns right-aligned with
 * the same decimals down a column, missing values blank. Pure: no notebook needed.
 */
export function frameToHtml(frame: FrameLike, options: FrameHtmlOptions = {}): string {
  const limit = options.rows ?? DEFAULT_ROWS;
  if (!(limit >= 0)) throw new ValidationError("rows", `a number of rows, 0 or more, got ${limit}`);
  const table = selectColumns(headTable(frame, limit), options.columns);
  const shownRows = table.rows;
  const withIndex = options.index ?? true;
  const styles = options.styles ?? {};

  const columnValues = table.columns.map((_, position) => shownRows.map((row) => row[position]));
  const formatters = columnValues.map((values) => columnFormatter(values, options));
  const numeric = columnValues.map(isNumericColumn);

  const headerCells = table.columns.map(
    (column, position) =>
      `<th${styleAttribute(HEADER_CSS, numeric[position] ? "text-align:right" : undefined, styles.header)}>${escapeHtml(column)}</th>`,
  );
  if (withIndex) headerCells.unshift(`<th${styleAttribute(HEADER_CSS, styles.header)}></th>`);

  const bodyRows = shownRows.map((row, rowNumber) => {
    const cells = table.columns.map((column, position) => {
      const value = row[position];
      const css = styleAttribute(CELL_CSS, numeric[position] ? NUMBER_CSS : TEXT_CSS, styles.cell?.({ column, value, row: rowNumber }));
      return `<td${css}>${escapeHtml(formatters[position](value))}</td>`;
    });
    if (withIndex) {
      const label = escapeHtml(String(table.index?.[rowNumber] ?? rowNumber));
      const align = typeof table.index?.[rowNumber] === "string" ? "text-align:left" : "text-align:right";
      cells.unshift(`<th${styleAttribute(CELL_CSS, "color:#666;font-weight:normal", align)}>${label}</th>`);
    }
    return `<tr>${cells.join("")}</tr>`;
  });

  const caption =
    options.caption === undefined
      ? ""
      : `<caption style="caption-side:top;text-align:left;font-weight:600;padding:4px 0">${escapeHtml(options.caption)}</caption>`;
  const hidden = table.rowCount - shownRows.length;
  const shape = `${counted(table.rowCount, "row")} × ${counted(table.columns.length, "column")}${hidden > 0 ? ` (first ${shownRows.length} shown)` : ""}`;
  return [
    `<table${styleAttribute(TABLE_CSS, styles.table)}>${caption}`,
    `<thead><tr>${headerCells.join("")}</tr></thead>`,
    `<tbody>${bodyRows.join("")}</tbody>`,
    `</table>`,
    `<p${styleAttribute(NOTE_CSS)}>${shape}</p>`,
  ].join("\n");
}
