import { readFile } from "node:fs/promises";
import { loadArrow, openArrow } from "./arrowFile";
import type { ColumnBatch, ColumnarSchema, StoredCell } from "./columnarTypes";
import type { ColumnType } from "./columnTypes";
import { withSink } from "./sink";
import type { TypedBatches } from "./typedBatches";
import { writeBatches } from "./writeColumnar";

/**
 * A segment of a resumable export: an Arrow IPC file holding a run of whole pages, written beside
 * its name and renamed when complete, so a segment that exists is whole and never changes. Arrow
 * because it is quick to write and reads back to exactly the values written (int64 and timestamps
 * as bigint, dates as days), whatever the final format.
 */
export function writeSegment(path: string, typed: TypedBatches): Promise<number> {
  return withSink(path, (sink) => writeBatches(sink, typed, openArrow));
}

/** The segments' rows again, batch by batch, as the columnar writers take them. */
export async function* segmentBatches(paths: readonly string[], schema: ColumnarSchema): AsyncGenerator<ColumnBatch, void> {
  const arrow = await loadArrow();
  for (const path of paths) {
    const reader = arrow.RecordBatchReader.from(await readFile(path));
    for (const batch of reader) {
      const columns = schema.types.map((type, position) => cellsOf(type, batch.getChildAt(position)!, batch.numRows));
      yield { rows: batch.numRows, columns };
    }
  }
}

interface ArrowColumn {
  get(index: number): unknown;
  isValid(index: number): boolean;
  readonly data: readonly { readonly values: ArrayLike<unknown> }[];
}

/** One column of a record batch as stored cells: the typed array's own values for the fixed-width types. */
function cellsOf(type: ColumnType, column: ArrowColumn, rows: number): StoredCell[] {
  const cells = new Array<StoredCell>(rows);
  const raw = type === "int64" || type === "timestamp" || type === "date" || type === "double";
  const values = column.data[0]?.values;
  for (let index = 0; index < rows; index++) {
    if (!column.isValid(index)) cells[index] = null;
    else cells[index] = (raw ? values[index] : column.get(index)) as StoredCell;
  }
  return cells;
}
