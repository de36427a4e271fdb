import type { DataFrame } from "danfojs-node";
import type { ColumnTable, JsonRecord } from "../table/types";
import { gatherRows } from "../table/flatten";
import { chunkOfRows } from "../table/pageChunk";
import { AssembledTable } from "./assembledTable";
import { frameFromCells } from "./danfo";

// A finished table as a danfo frame; flat rows as a finished table.

/**
 * Flat rows as a column-major table: columns in first-appearance order, columns null in every row
 * dropped, numeric-string columns made numbers, one dtype per column (rules in columnPlan.ts).
 */
export function toColumnTable(rows: readonly JsonRecord[]): ColumnTable {
  const table = new AssembledTable();
  table.add(chunkOfRows(gatherRows(rows)));
  return table.finish();
}

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
    undefined,
    data.map((cells) => cells.slice(0, rowCount)),
  );
}

/**
 * A frame over cells the caller hands over: `rows` and `columns` hold the same cells (rows[r][c] ===
 * columns[c][r]) and become the frame's own storage.
 */
export function frameFromTableCells(table: ColumnTable, rows: unknown[][] | undefined, columns: unknown[][]): Promise<DataFrame> {
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
