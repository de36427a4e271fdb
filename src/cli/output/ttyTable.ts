import { formatCell } from "../../display/formatCell";
import type { JsonRecord } from "../../frame";
import { keysInOrder } from "../../export/columnPlan";

const MAX_COLUMN_WIDTH = 30;
const GAP = "  ";

export interface TableFooter {
  /** records the query matches, when the service said */
  total: number | undefined;
  /** rows read before the preview stopped */
  rowsRead: number;
  /** whether more rows were left unread */
  more: boolean;
}

/**
 * The first rows as an aligned text table that fits `width` characters: columns are taken left to
 * right while they fit, each cut at 30 characters, numbers right-aligned; a last line gives the shape.
 */
export function ttyTable(rows: readonly JsonRecord[], footer: TableFooter, width: number): string {
  const columns = keysInOrder(rows);
  const cells = rows.map((row) => columns.map((column) => cut(formatCell(row[column]).replace(/\s+/g, " "))));
  const widths = columns.map((column, position) => Math.max(cut(column).length, ...cells.map((line) => line[position].length)));
  const numeric = columns.map((column) => rows.every((row) => row[column] == null || typeof row[column] === "number"));
  let shown = 0;
  for (let used = 0; shown < columns.length; shown++) {
    const needed = used + (shown ? GAP.length : 0) + widths[shown];
    if (needed > width && shown > 0) break;
    used = needed;
  }
  const line = (texts: string[], header: boolean) =>
    texts
      .slice(0, shown)
      .map((text, position) => (numeric[position] && !header ? text.padStart(widths[position]) : text.padEnd(widths[position])))
      .join(GAP)
      .trimEnd();
  const lines = [line(columns.map(cut), true), ...cells.map((texts) => line(texts, false))];
  lines.push(shapeLine(rows.length, columns.length, shown, footer));
  return `${lines.join("\n")}\n`;
}

function shapeLine(rowCount: number, columnCount: number, shown: number, footer: TableFooter): string {
  const of = footer.total !== undefined ? `${footer.total} records` : footer.more ? "more rows" : `${rowCount} rows`;
  const hiddenColumns = columnCount - shown;
  const columnsText = hiddenColumns > 0 ? `${shown} of ${columnCount} columns` : `${columnCount} columns`;
  const hint = footer.more || hiddenColumns > 0 ? "; --out FILE or a pipe gives everything" : "";
  return `[${rowCount} rows shown of ${of}, ${columnsText}${hint}]`;
}

function cut(text: string): string {
  return text.length > MAX_COLUMN_WIDTH ? `${text.slice(0, MAX_COLUMN_WIDTH - 1)}…` : text;
}
