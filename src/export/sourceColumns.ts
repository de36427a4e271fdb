import { gatherRows } from "../table/flatten";
import { gatherPageChunk, pageColumnsOf } from "../table/pageChunk";
import { frameRowSlices, isFrameShape, type FrameShape } from "../frame/frameShape";
import { pageRowShape } from "../rows/rowShape";
import type { DeclaredType } from "../table/columnType";
import { frameDeclaredTypes, recordBatches, SLICE_ROWS } from "./sourceBatches";
import type { ExportOptions, ExportSource } from "./types";

/** One column's cells: a Float64Array holds only numbers (a page chunk's), an array any cell (undefined or null where missing). */
export type ColumnCells = Float64Array | readonly unknown[];

/** A batch of rows as columns under their names, as the one gatherer cuts a page into a chunk (PageChunk). */
export interface CellColumns {
  readonly names: readonly string[];
  readonly columns: readonly ColumnCells[];
  readonly rowCount: number;
  /** what the columns are declared to hold (the docs' types, or a frame's text columns), by name */
  readonly declaredTypes?: ReadonlyMap<string, DeclaredType>;
}

/**
 * Any export source as batches of columns (the columnar writers' input): a page of client.pages
 * whose pull decoded it gives its chunk as it is; records (and pages whose records were read) are
 * cut into a chunk by the one gatherer (gatherPageChunk), so both take one path; a frame's rows and
 * unflattened records are turned into columns a slice at a time.
 */
export async function* sourceColumns(source: ExportSource, options: ExportOptions): AsyncGenerator<CellColumns, void> {
  if (isFrameShape(source)) {
    yield* frameColumns(source);
    return;
  }
  const shapeOptions = { stackData: options.stackData, endpoint: options.endpoint, globalPrefix: options.globalPrefix };
  for await (const batch of recordBatches(source)) {
    if (options.flatten === false) {
      const { names, rows } = gatherRows(batch.records);
      yield { names, columns: columnsOfRows(rows, names.length), rowCount: rows.length };
      continue;
    }
    const shape = pageRowShape(batch, shapeOptions);
    const chunk = pageColumnsOf(batch.page, shape)?.chunk ?? gatherPageChunk(batch.records, shape);
    yield { names: chunk.names, columns: chunk.columns, rowCount: chunk.rowCount, declaredTypes: shape.declaredTypes };
  }
}

function* frameColumns(frame: FrameShape): Generator<CellColumns> {
  const declaredTypes = frameDeclaredTypes(frame);
  const names = frame.columns;
  for (const rows of frameRowSlices(frame, SLICE_ROWS))
    yield { names, columns: columnsOfRows(rows, names.length), rowCount: rows.length, declaredTypes };
}

/** Rows of cells (a row may be shorter than `width`) as `width` columns. */
function columnsOfRows(rows: readonly (readonly unknown[])[], width: number): unknown[][] {
  const columns: unknown[][] = [];
  for (let column = 0; column < width; column++) {
    const cells = new Array<unknown>(rows.length);
    for (let row = 0; row < rows.length; row++) cells[row] = rows[row][column];
    columns.push(cells);
  }
  return columns;
}
