import type { JsonRecord } from "../../records";
import { keysInOrder } from "../../export/exportHeader";
import { textTable } from "../../display/textTable";

export interface TableFooter {
  /** records the query matches, when the service said */
  total: number | undefined;
  /** rows read before the preview stopped */
  rowsRead: number;
  /** whether more rows were left unread */
  more: boolean;
}

/** The first rows as an aligned text table that fits `width` characters, then a line giving the shape. */
export function ttyTable(rows: readonly JsonRecord[], footer: TableFooter, width: number): string {
  const columns = keysInOrder(rows);
  const { lines, shownColumns } = textTable({ columns, rows: rows.map((row) => columns.map((column) => row[column])) }, { width });
  lines.push(shapeLine(rows.length, columns.length, shownColumns, footer));
  return `${lines.join("\n")}\n`;
}

function shapeLine(rowCount: number, columnCount: number, shown: number, footer: TableFooter): string {
  const of = footer.total !== undefined ? `${footer.total} records` : footer.more ? "more rows" : `${rowCount} rows`;
  const hiddenColumns = columnCount - shown;
  const columnsText = hiddenColumns > 0 ? `${shown} of ${columnCount} columns` : `${columnCount} columns`;
  const hint = footer.more || hiddenColumns > 0 ? "; --out FILE or a pipe gives everything" : "";
  return `[${rowCount} rows shown of ${of}, ${columnsText}${hint}]`;
}
