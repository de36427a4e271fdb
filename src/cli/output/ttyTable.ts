import type { TableData } from "../../display/frameLike";
import { textTable } from "../../display/textTable";
import type { GatheredRows } from "../../table/flatten";
import { counted } from "../../text/counted";
import { foldedToWidth } from "../../text/terminalText";

export interface TableFooter {
  /** records the query matches, when the service said */
  total: number | undefined;
  /** rows read before the preview stopped */
  rowsRead: number;
  /** whether more rows were left unread */
  more: boolean;
}

/** The first rows as an aligned text table that fits `width` characters, then a line (or more, folded to `width`) giving the shape. */
export function ttyTable(table: TableData, footer: TableFooter, width: number): string {
  const { lines, shownColumns } = textTable(table, { width });
  lines.push(foldedToWidth(shapeLine(table.rows.length, table.columns.length, shownColumns, footer), width));
  return `${lines.join("\n")}\n`;
}

/** The first `count` gathered rows, with the columns one of them holds a value (or null) in. */
export function firstRows({ names, rows }: Pick<GatheredRows, "names" | "rows">, count: number): TableData {
  const shown = rows.slice(0, count);
  const kept = names.map((_, column) => column).filter((column) => shown.some((row) => row[column] !== undefined));
  return { columns: kept.map((column) => names[column]), rows: shown.map((row) => kept.map((column) => row[column])) };
}

function shapeLine(rowCount: number, columnCount: number, shown: number, footer: TableFooter): string {
  const of = footer.total !== undefined ? counted(footer.total, "record") : footer.more ? "more rows" : counted(rowCount, "row");
  const hiddenColumns = columnCount - shown;
  const columnsText = hiddenColumns > 0 ? `${shown} of ${counted(columnCount, "column")}` : counted(columnCount, "column");
  const hint = footer.more || hiddenColumns > 0 ? "; --out FILE or a pipe gives everything" : "";
  return `[${counted(rowCount, "row")} shown of ${of}, ${columnsText}${hint}]`;
}
