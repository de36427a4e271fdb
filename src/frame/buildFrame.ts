import type { DataFrame } from "danfojs-node";
import { frameFromCells } from "./danfo";
import { columnsToRows } from "./transpose";
import type { ColumnTable } from "./types";

/**
 * A danfo DataFrame of the table, with the table's columns and dtypes as given (never inferred, and
 * never built from row objects, which danfo reads by position). The frame gets its own copies of the
 * table's arrays, so the table stays the caller's.
 */
export async function tableToFrame(table: ColumnTable): Promise<DataFrame> {
  checkTable(table);
  const { data, rowCount } = table;
  return frameFromTableCells(
    table,
    columnsToRows(data, rowCount),
    data.map((cells) => cells.slice(0, rowCount)),
  );
}

/**
 * A frame over cells the caller hands over: `rows` and `columns` hold the same cells (rows[r][c] ===
 * columns[c][r]) and become the frame's own storage.
 */
export function frameFromTableCells(table: ColumnTable, rows: unknown[][], columns: unknown[][]): Promise<DataFrame> {
  return frameFromCells({ columns: table.columns, dtypes: table.dtypes, rows, cellsByColumn: columns });
}

function checkTable({ columns, data, dtypes, rowCount }: ColumnTable): void {
  if (data.length !== columns.length || dtypes.length !== columns.length) {
    throw new RangeError(`ColumnTable: ${columns.length} columns, ${data.length} data arrays, ${dtypes.length} dtypes`);
  }
  const short = data.findIndex((cells) => cells.length < rowCount);
  if (short >= 0) {
    throw new RangeError(`ColumnTable: column "${columns[short]}" has ${data[short].length} of ${rowCount} rows`);
  }
}
