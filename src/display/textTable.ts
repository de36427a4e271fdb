import { columnFormatter, isNumericColumn, type CellFormat } from "./formatCell";
import { displayCharacters, displayWidth, terminalLine } from "../text/terminalText";
import type { TableData } from "./frameLike";

export const DEFAULT_TABLE_WIDTH = 100;
export const MAX_COLUMN_WIDTH = 30;
const GAP = "  ";

export interface TextTableOptions extends CellFormat {
  /** terminal columns a line may take (a CJK character or an emoji takes two): columns are kept left to right while they fit (at least one) */
  readonly width: number;
  /** widest a column (and the row labels) may be, in terminal columns, before it is cut with "…" (default 30) */
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

/** `text` cut to `width` terminal columns, ending in "…" when cut; never inside a character (an emoji, a letter and its accents). */
function cut(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  let kept = "";
  let used = 0;
  for (const { segment, width: next } of displayCharacters(text)) {
    if (used + next > width - 1) break;
    kept += segment;
    used += next;
  }
  return `${kept}…`;
}

/** `text` padded with spaces to `width` terminal columns, at its end or (`start`) its start. */
function pad(text: string, width: number, start = false): string {
  const room = " ".repeat(Math.max(0, width - displayWidth(text)));
  return start ? room + text : text + room;
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
    return values.map((value) => cut(terminalLine(format(value)), maxColumnWidth));
  });
  const headers = table.columns.map((column) => cut(terminalLine(column), maxColumnWidth));
  const widths = headers.map((header, position) => Math.max(displayWidth(header), ...texts[position].map(displayWidth)));

  const labels = table.index;
  const index = options.index ? table.rows.map((_, row) => cut(terminalLine(String(labels?.[row] ?? row)), maxColumnWidth)) : undefined;
  const textLabels = labels?.some((label) => typeof label === "string") ?? false;
  const indexWidth = index ? Math.max(0, ...index.map(displayWidth)) : 0;
  // the first column always shows: cut to the room a line leaves it
  const room = options.width - (index ? indexWidth + GAP.length : 0);
  if (widths.length > 0 && widths[0] > room && room >= 1) {
    headers[0] = cut(headers[0], room);
    texts[0] = texts[0].map((text) => cut(text, room));
    widths[0] = Math.max(displayWidth(headers[0]), ...texts[0].map(displayWidth));
  }
  let used = index ? indexWidth : 0;
  let shownColumns = 0;
  for (; shownColumns < table.columns.length; shownColumns++) {
    const needed = used + (used || shownColumns ? GAP.length : 0) + widths[shownColumns];
    if (needed > options.width && shownColumns > 0) break;
    used = needed;
  }

  const line = (row: number | undefined) => {
    const label = (text: string) => pad(text, indexWidth, !textLabels);
    const cells: string[] = index ? [row === undefined ? pad("", indexWidth) : label(index[row])] : [];
    for (let position = 0; position < shownColumns; position++) {
      const text = row === undefined ? headers[position] : texts[position][row];
      cells.push(pad(text, widths[position], numeric[position]));
    }
    return cells.join(GAP).trimEnd();
  };
  return { lines: [line(undefined), ...table.rows.map((_, row) => line(row))], shownColumns };
}
