import type { DataFrame } from "../../danfo";
import { loadDataFrameClass } from "./loadDanfo";

/**
 * The danfo internals (NDframe in danfojs-node 1.2.0, the version package.json pins) that hold a
 * frame's cells column by column.
 */
interface FrameStorage {
  $dataIncolumnFormat?: unknown;
  config?: { setIsLowMemoryMode?: (lowMemoryMode: boolean) => void };
}

/** What a frame is made of: its column names and dtypes, and its cells both ways. */
export interface FrameCells {
  columns: readonly string[];
  dtypes: readonly string[];
  /** rows[r][c] === columns[c][r]; both become the frame's own storage */
  rows: unknown[][];
  cellsByColumn: unknown[][];
}

/**
 * The frame danfo's public constructor builds from `rows` (`new DataFrame(rows, { columns, dtypes })`),
 * without its transposing the rows again.
 */
export async function frameFromCells({ columns, dtypes, rows, cellsByColumn }: FrameCells): Promise<DataFrame> {
  const DataFrameClass = await loadDataFrameClass();
  const names = [...columns];
  const types = [...dtypes];
  if (names.length === 0) return new DataFrameClass([]);
  if (rows.length === 0) return new DataFrameClass([], { columns: names, dtypes: types });

  // danfo keeps a frame twice, as rows and as columns, and makes the columns by transposing the rows
  // cell by cell (0.07 µs/cell). The columns exist already: build in low-memory mode (rows only), then
  // give the frame the columns and switch it to normal mode: the frame danfo itself would have built.
  const frame = new DataFrameClass(rows, { columns: names, dtypes: types, config: { lowMemoryMode: true } });
  // the one cast the linter allows: danfo's types do not declare the storage fields it has
  // eslint-disable-next-line no-restricted-syntax
  const storage = frame as unknown as FrameStorage;
  if (Array.isArray(storage.$dataIncolumnFormat) && typeof storage.config?.setIsLowMemoryMode === "function") {
    storage.$dataIncolumnFormat = cellsByColumn;
    storage.config.setIsLowMemoryMode(false);
    return frame;
  }
  // a danfo whose internals differ: its public, slower way
  return new DataFrameClass(rows, { columns: names, dtypes: types });
}
