import type { ColumnBatch, ColumnarFileWriter, ColumnarSchema } from "./columnarTypes";
import type { Sink } from "./output";
import {
  loadArrow,
  openArrowFileStream,
  readArrowFile,
  recordBatchOf,
  schemaOf,
  typedCells,
  typedColumn,
  typedFields,
} from "../arrow/arrowCodec";

/**
 * An Arrow IPC file (Feather v2) written to a sink one record batch per batch (the one Arrow codec,
 * src/arrow: apache-arrow, no compression). Fixed-width columns are built straight into typed
 * arrays (int64 and timestamps exact as bigint), text through arrow's own builder.
 */
export async function openArrow(sink: Sink, schema: ColumnarSchema): Promise<ColumnarFileWriter> {
  const arrow = await loadArrow();
  const arrowSchema = schemaOf(arrow, typedFields(arrow, schema.names, schema.types));
  const file = openArrowFileStream(arrow, arrowSchema, (bytes) => sink.write(bytes));
  return {
    async writeBatch(batch) {
      const children = schema.types.map((type, position) => typedColumn(arrow, type, batch.columns[position], batch.rows));
      await file.write(recordBatchOf(arrow, arrowSchema, children, batch.rows));
    },
    finish: () => file.close(),
  };
}

/**
 * An Arrow IPC file's record batches as stored cells (what openArrow wrote, back exactly: int64 and
 * timestamps as bigint, dates as days), columns in `schema`'s order.
 */
export async function* readArrowBatches(bytes: Uint8Array, schema: ColumnarSchema): AsyncGenerator<ColumnBatch, void> {
  const arrow = await loadArrow();
  for (const batch of readArrowFile(arrow, bytes).batches) {
    const columns = schema.types.map((type, position) => typedCells(type, batch.data.children[position], batch.numRows, arrow));
    yield { rows: batch.numRows, columns };
  }
}
