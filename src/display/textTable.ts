import { columnFormatter, isNumericColumn, type CellFormat } from "./formatCell";
import type { TableData } from "./frameLike";

export const DEFAULT_TABLE_WIDTH = 100;
export const MAX_COLUMN_WIDTH = 30;
const GAP = "  ";

export interface TextTableOptions extends CellFormat {
  /** characters a line may take: columns are kept left to right while they fit (at least one) */
  readonly width: number;
  /** widest a column may be before its cells are cut with "…" (default 30) */
  readonly maxColumnWidth?: number;
  /** a first column of row labels (the table's index, else positions 0 up), which always stays */
  readonly index?: boolean;
}

export interface TextTable {
  /** the header line and one line per row, no footer */
  readonly lines: string[];
  /** how many of the table's columns fit */
  readonly shownColumns: number;
}

/** The width of the terminal `output` is (stdout by default), or 100 when it is none or says 0 (`script`, some CI terminals). */
export function terminalWidth(output: { readonly columns?: number } = process.stdout): number {
  return output.columns || DEFAULT_TABLE_WIDTH;
}

function cut(text: string, width: number): string {
  return text.length > width ? `${text.slice(0, Math.max(1, width - 1))}…` : text;
}

/**
 * Rows as an aligned text table that fits `width` characters, the one text renderer of the CLI's
 * preview and of `show` outside a notebook: numbers right-aligned with their header and with the
 * same decimals down a column, text left-aligned, every cell on one line.
 */
export function textTable(table: TableData, options: TextTableOptions): TextTable {
  const maxColumnWidth = options.maxColumnWidth ?? MAX_COLUMN_WIDTH;
  const columnValues = table.columns.map((_, position) => table.rows.map((row) => row[position]));
  const numeric = columnValues.map(isNumericColumn);
  const texts = columnValues.map((values) => {
    const format = columnFormatter(values, options);
    return values.map((value) => cut(format(value).replace(/\s+/g, " "), maxColumnWidth));
  });
  const headers = table.columns.map((column) => cut(column, maxColumnWidth));
  const widths = headers.map((header, position) => Math.max(header.length, ...texts[position].map((text) => text.length)));

  const labels = table.index;
  const index = options.index ? table.rows.map((_, row) => String(labels?.[row] ?? row)) : undefined;
  const textLabels = labels?.some((label) => typeof label === "string") ?? false;
  const indexWidth = index ? Math.max(0, ...index.map((text) => text.length)) : 0;
  let used = index ? indexWidth : 0;
  let shownColumns = 0;
  for (; shownColumns < table.columns.length; shownColumns++) {
    const needed = used + (used || shownColumns ? GAP.length : 0) + widths[shownColumns];
    if (needed > options.width && shownColumns > 0) break;
    used = needed;
  }

  const line = (row: number | undefined) => {
    const label = (text: string) => (textLabels ? text.padEnd(indexWidth) : text.padStart(indexWidth));
    const cells: string[] = index ? [row === undefined ? "".padEnd(indexWidth) : label(index[row])] : [];
    for (let position = 0; position < shownColumns; position++) {
      const text = row === undefined ? headers[position] : texts[position][row];
      cells.push(numeric[position] ? text.padStart(widths[position]) : text.padEnd(widths[position]));
    }
    return cells.join(GAP).trimEnd();
  };
  return { lines: [line(undefined), ...table.rows.map((_, row) => line(row))], shownColumns };
}
