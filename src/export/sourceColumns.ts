import { gatherRows } from "../table/flatten";
import { countedStats } from "../table/columnPlan";
import { chunkOfRows, gatherPageChunk, isOwnRecords, pageColumnsOf } from "../table/pageChunk";
import { frameColumnSlice } from "../frame/danfo";
import { frameRowCount, frameRowSlices, isFrameShape, type FrameShape } from "../frame/frameShape";
import { pageRowShape } from "../rows/rowShape";
import type { DeclaredType } from "../table/columnType";
import { frameDeclaredTypes, recordBatches, SLICE_ROWS } from "./sourceBatches";
import { FieldClashes } from "../table/fieldClashes";
import { ExportError } from "./exportError";
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
 * cut into a chunk by the one gatherer (gatherPageChunk), unflattened records by the same transpose
 * (chunkOfRows); a danfo frame gives its own columns a slice at a time, no rows made.
 */
export async function* sourceColumns(source: ExportSource, options: ExportOptions): AsyncGenerator<CellColumns, void> {
  if (isFrameShape(source)) {
    yield* frameColumns(source);
    return;
  }
  const shapeOptions = { stackData: options.stackData, endpoint: options.endpoint, globalPrefix: options.globalPrefix };
  const clashes = new FieldClashes();
  for await (const batch of recordBatches(source)) {
    if (options.flatten === false) {
      const { names, columns, rowCount } = chunkOfRows(gatherRows(batch.records));
      yield { names, columns, rowCount };
      continue;
    }
    const shape = pageRowShape(batch, shapeOptions);
    const chunk = pageColumnsOf(batch.page, shape)?.chunk ?? gatherPageChunk(batch.records, shape);
    if (isOwnRecords(batch.page)) clashes.add(chunk.clashes);
    yield { names: chunk.names, columns: chunk.columns, rowCount: chunk.rowCount, declaredTypes: shape.declaredTypes };
  }
  clashes.warn(options.endpoint ?? "records");
}

function* frameColumns(frame: FrameShape): Generator<CellColumns> {
  const declaredTypes = frameDeclaredTypes(frame);
  const names = frame.columns;
  if (!frameColumnSlice(frame, 0, 0)) {
    yield* frameRowColumns(frame, declaredTypes);
    return;
  }
  const rowCount = frameRowCount(frame);
  for (let start = 0; start < rowCount; start += SLICE_ROWS) {
    const columns = frameColumnSlice(frame, start, start + SLICE_ROWS);
    if (!columns) throw new ExportError("the frame's columns changed while it was being written: write it again once it is not changed");
    yield { names, columns, rowCount: Math.min(SLICE_ROWS, rowCount - start), declaredTypes };
  }
}

/** A frame without columns to read (an object shaped like one, a danfo frame in low-memory mode): its rows, cut into columns by the one transpose. */
function* frameRowColumns(frame: FrameShape, declaredTypes: ReadonlyMap<string, DeclaredType>): Generator<CellColumns> {
  const names = [...frame.columns];
  for (const rows of frameRowSlices(frame, SLICE_ROWS)) {
    const { columns, rowCount } = chunkOfRows({ names, rows, stats: countedStats(rows, names.length) });
    yield { names, columns, rowCount, declaredTypes };
  }
}
