import type { DataFrame } from "danfojs-node";
import { loadDataFrameClass } from "./loadDanfo";
import { columnsToRows } from "./transpose";
import type { ColumnTable } from "./types";

/** The danfo internals (NDframe, danfo 1.2) that hold a frame's cells column by column. */
interface FrameStorage {
  $dataIncolumnFormat?: unknown;
  config?: { setIsLowMemoryMode?: (lowMemoryMode: boolean) => void };
}

/**
 * A danfo DataFrame of the table, with the table's columns and dtypes as given (never inferred, and
 * never built from row objects, which danfo reads by position). The frame gets its own copies of the
 * table's arrays, so the table stays the caller's.
 */
export async function tableToFrame(table: ColumnTable): Promise<DataFrame> {
  checkTable(table);
  const { data, rowCount } = table;
  return frameFromCells(
    table,
    columnsToRows(data, rowCount),
    data.map((cells) => cells.slice(0, rowCount)),
  );
}

/**
 * A frame over cells the caller hands over: `rows` and `columns` hold the same cells (rows[r][c] ===
 * columns[c][r]) and become the frame's own storage.
 */
export async function frameFromCells(table: ColumnTable, rows: unknown[][], columns: unknown[][]): Promise<DataFrame> {
  const DataFrameClass = await loadDataFrameClass();
  const names = [...table.columns];
  const dtypes = [...table.dtypes];
  if (names.length === 0) return new DataFrameClass([]);
  if (table.rowCount === 0) return new DataFrameClass([], { columns: names, dtypes });

  // danfo keeps a frame twice, as rows and as columns, and makes the columns by transposing the rows
  // cell by cell (0.07 µs/cell). The columns exist already: build in low-memory mode (rows only), then
  // give the frame the columns and switch it to normal mode: the frame danfo itself would have built.
  const frame = new DataFrameClass(rows, { columns: names, dtypes, config: { lowMemoryMode: true } });
  // the one cast the linter allows: danfo's types do not declare the storage fields it has
  // eslint-disable-next-line no-restricted-syntax
  const storage = frame as unknown as FrameStorage;
  if (Array.isArray(storage.$dataIncolumnFormat) && typeof storage.config?.setIsLowMemoryMode === "function") {
    storage.$dataIncolumnFormat = columns;
    storage.config.setIsLowMemoryMode(false);
    return frame;
  }
  // a danfo whose internals differ: its public, slower way
  return new DataFrameClass(rows, { columns: names, dtypes });
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
