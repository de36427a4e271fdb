import type { DataFrame } from "../../danfo";
import { loadDataFrameClass } from "./loadDanfo";

/**
 * The danfo internals (NDframe in danfojs-node 1.2.0, the version package.json pins) that hold a
 * frame's cells column by column.
 */
interface FrameStorage {
  $dataIncolumnFormat?: unknown;
  $data?: unknown;
  shape?: unknown;
  config?: { setIsLowMemoryMode?: (lowMemoryMode: boolean) => void; isLowMemoryMode?: unknown };
  /** danfo's public column API: the frame's cells column by column (outside low-memory mode, its own columns) */
  getColumnData?: unknown;
  columns?: unknown;
}

/** What a frame is made of: its column names and dtypes, and its cells column by column (and maybe row by row). */
export interface FrameCells {
  columns: readonly string[];
  dtypes: readonly string[];
  /**
   * rows[r][c] === cellsByColumn[c][r] when given; both become the frame's own storage. Without
   * them the frame makes its rows from its columns the first time anything reads them.
   */
  rows?: unknown[][];
  cellsByColumn: unknown[][];
}

/**
 * The frame danfo's public constructor builds from `rows` (`new DataFrame(rows, { columns, dtypes })`),
 * without its transposing the rows again, and without the rows until they are read.
 */
export async function frameFromCells({ columns, dtypes, rows, cellsByColumn }: FrameCells): Promise<DataFrame> {
  const DataFrameClass = await loadDataFrameClass();
  const names = [...columns];
  const types = [...dtypes];
  if (names.length === 0) return new DataFrameClass([]);
  const rowCount = rows?.length ?? cellsByColumn[0]?.length ?? 0;
  if (rowCount === 0) return new DataFrameClass([], { columns: names, dtypes: types });

  // danfo keeps a frame twice, as rows and as columns, and makes the columns by transposing the rows
  // cell by cell (0.07 µs/cell). The columns exist already: build in low-memory mode (rows only), then
  // give the frame the columns and switch it to normal mode: the frame danfo itself would have built.
  // Without rows, danfo is given a stand-in that has the first row and the row count: what its
  // constructor reads of them.
  const given = rows ?? standInRows(cellsByColumn, rowCount);
  const frame = new DataFrameClass(given, { columns: names, dtypes: types, config: { lowMemoryMode: true } });
  // the one cast the linter allows: danfo's types do not declare the storage fields it has
  // eslint-disable-next-line no-restricted-syntax
  const storage = frame as unknown as FrameStorage;
  if (Array.isArray(storage.$dataIncolumnFormat) && typeof storage.config?.setIsLowMemoryMode === "function") {
    storage.$dataIncolumnFormat = cellsByColumn;
    storage.config.setIsLowMemoryMode(false);
    if (!rows) rowsWhenRead(storage, rowCount, names.length);
    return frame;
  }
  // a danfo whose internals differ: its public, slower way
  return new DataFrameClass(rows ?? columnsToRows(cellsByColumn, rowCount), { columns: names, dtypes: types });
}

/** An array of `rowCount` holes but the first row: enough for danfo's constructor, which reads its length and first row. */
function standInRows(cellsByColumn: readonly unknown[][], rowCount: number): unknown[][] {
  const standIn = new Array<unknown[]>(rowCount);
  standIn[0] = cellsByColumn.map((cells) => cells[0]);
  return standIn;
}

/** Frames whose rows are not made yet (rowsWhenRead). */
const rowsToMake = new WeakSet<object>();

/**
 * Rows `from` ≤ r < `to` of a frame whose rows are not made yet, read from its columns (the frame's
 * rows stay unmade); undefined for any other frame, whose `values` are there to read.
 */
export function rowsNotMade(frame: object, from: number, to: number): unknown[][] | undefined {
  if (!rowsToMake.has(frame)) return undefined;
  const columns = (frame as FrameStorage).$dataIncolumnFormat as unknown[][];
  return rowsOfColumns(columns, from, Math.min(to, columns[0]?.length ?? 0));
}

/**
 * Rows `from` ≤ r < `to` of a danfo frame's columns, each column's cells sliced, its rows never
 * read or made: a fountframe frame's own columns (its rows made or not), any other danfo frame's
 * through danfo's public `getColumnData`. Undefined when the frame holds no columns to read: an
 * object only shaped like a frame, a frame in danfo's low-memory mode (rows only), or columns that
 * are not one array of every row per column name (danfo stores a Series assigned to a column as
 * it is); its `values` are read then.
 */
export function frameColumnSlice(frame: object, from: number, to: number): unknown[][] | undefined {
  const storage = frame as FrameStorage;
  if (storage.config?.isLowMemoryMode !== false || !Array.isArray(storage.columns) || !Array.isArray(storage.shape)) return undefined;
  const columns: unknown = storage.getColumnData;
  const rowCount: unknown = storage.shape[0];
  if (!Array.isArray(columns) || columns.length !== storage.columns.length) return undefined;
  if (!columns.every((cells) => Array.isArray(cells) && cells.length === rowCount)) return undefined;
  return (columns as unknown[][]).map((cells) => cells.slice(from, to));
}

/**
 * Makes the frame's rows (`$data`, which danfo's `values` and every row operation read) from its
 * columns the first time they are read, as danfo would have made them at once: a frame only
 * measured (`shape`), read by column (`frame.column`, `frame["x"]`), shown by fountframe's display or
 * written by its writers (rowsNotMade) never pays for them (2.5 s of CPU and ~580 MiB at 100,000 ×
 * 372). Until then `shape` is answered from the columns. The first read or write of `$data` puts
 * plain properties back, so the frame is danfo's own from then on.
 */
function rowsWhenRead(storage: FrameStorage, rowCount: number, columnCount: number): void {
  const settle = (rows: unknown): void => {
    rowsToMake.delete(storage);
    delete storage.shape;
    Object.defineProperty(storage, "$data", { value: rows, writable: true, enumerable: true, configurable: true });
  };
  Object.defineProperty(storage, "$data", {
    configurable: true,
    enumerable: true,
    get(): unknown[][] {
      const rows = columnsToRows(storage.$dataIncolumnFormat as unknown[][], rowCount);
      settle(rows);
      return rows;
    },
    set: settle,
  });
  Object.defineProperty(storage, "shape", { configurable: true, get: () => [rowCount, columnCount] });
  rowsToMake.add(storage);
}

/* Blocks of rows, for the cache: see finishCells. */
const ROWS_PER_BLOCK = 256;

/** rows[r][c] from columns[c][r]; every column has at least `rowCount` cells. */
export function columnsToRows(columns: readonly unknown[][], rowCount: number): unknown[][] {
  return rowsOfColumns(columns, 0, rowCount);
}

/** The rows `from` ≤ r < `to` of the columns: rows[r - from][c] = columns[c][r]. */
export function rowsOfColumns(columns: readonly unknown[][], from: number, to: number): unknown[][] {
  const rows: unknown[][] = [];
  const columnCount = columns.length;
  for (let blockStart = from; blockStart < to; blockStart += ROWS_PER_BLOCK) {
    const blockEnd = Math.min(to, blockStart + ROWS_PER_BLOCK);
    for (let row = blockStart; row < blockEnd; row++) rows.push(new Array<unknown>(columnCount));
    for (let column = 0; column < columnCount; column++) {
      const cells = columns[column];
      for (let row = blockStart; row < blockEnd; row++) rows[row - from][column] = cells[row];
    }
  }
  return rows;
}
