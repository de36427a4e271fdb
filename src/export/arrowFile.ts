import type { ColumnBatch, ColumnarFileWriter, ColumnarSchema, StoredCell } from "./columnarTypes";
import type { ColumnType } from "../table/columnType";
import type { Sink } from "./output";

type Arrow = typeof import("apache-arrow");

/** apache-arrow takes ~0.1 s to load: loaded on the first Arrow write, never at require("fountframe"). */
let loading: Promise<Arrow> | undefined;
export function loadArrow(): Promise<Arrow> {
  loading ??= import("apache-arrow");
  return loading;
}

function arrowType(arrow: Arrow, type: ColumnType) {
  switch (type) {
    case "int64":
      return new arrow.Int64();
    case "double":
      return new arrow.Float64();
    case "boolean":
      return new arrow.Bool();
    case "utf8":
      return new arrow.Utf8();
    case "date":
      return new arrow.DateDay();
    case "timestamp":
      return new arrow.TimestampMicrosecond("UTC");
  }
}

/**
 * An Arrow IPC file (Feather v2) written to a sink one record batch per batch (apache-arrow, no
 * compression). Fixed-width columns are built straight from typed arrays (int64 and timestamps
 * exact as bigint), text through arrow's own builder.
 */
export async function openArrow(sink: Sink, schema: ColumnarSchema): Promise<ColumnarFileWriter> {
  const arrow = await loadArrow();
  const fields = schema.names.map((name, position) => new arrow.Field(name, arrowType(arrow, schema.types[position]), true));
  const arrowSchema = new arrow.Schema(fields);
  const writer = new arrow.RecordBatchFileWriter();
  // the writer queues its bytes; this drains them to the sink as they come, in order
  const drained = (async () => {
    for await (const chunk of writer) await sink.write(chunk);
  })();
  drained.catch(() => {}); // awaited in finish; a failure also stops the next write
  let failed: unknown;
  drained.catch((error: unknown) => (failed = error));
  writer.reset(undefined, arrowSchema);
  return {
    async writeBatch(batch) {
      if (failed) throw failed;
      const children = schema.types.map((type, position) => columnData(arrow, type, batch.columns[position], batch.rows));
      const data = arrow.makeData({ type: new arrow.Struct(fields), length: batch.rows, nullCount: 0, children });
      writer.write(new arrow.RecordBatch(arrowSchema, data));
      await new Promise<void>((resolve) => setImmediate(resolve));
    },
    async finish() {
      if (failed) throw failed;
      writer.close();
      await drained;
    },
  };
}

function columnData(arrow: Arrow, kind: ColumnType, cells: readonly StoredCell[], rows: number) {
  const nullBitmap = new Uint8Array(Math.ceil(rows / 8));
  let nullCount = 0;
  for (let index = 0; index < rows; index++) {
    if (cells[index] === null) nullCount++;
    else nullBitmap[index >> 3] |= 1 << (index & 7);
  }
  const present = { length: rows, nullCount, nullBitmap };
  const bigints = () => BigInt64Array.from(cells, (cell) => (cell === null ? 0n : (cell as bigint)));
  switch (kind) {
    case "int64":
      return arrow.makeData({ type: new arrow.Int64(), ...present, data: bigints() });
    case "timestamp":
      return arrow.makeData({ type: new arrow.TimestampMicrosecond("UTC"), ...present, data: bigints() });
    case "double":
      return arrow.makeData({
        type: new arrow.Float64(),
        ...present,
        data: Float64Array.from(cells, (cell) => (cell === null ? 0 : (cell as number))),
      });
    case "date":
      return arrow.makeData({
        type: new arrow.DateDay(),
        ...present,
        data: Int32Array.from(cells, (cell) => (cell === null ? 0 : (cell as number))),
      });
    case "boolean": {
      const bits = new Uint8Array(Math.ceil(rows / 8));
      cells.forEach((cell, index) => {
        if (cell === true) bits[index >> 3] |= 1 << (index & 7);
      });
      return arrow.makeData({ type: new arrow.Bool(), ...present, data: bits });
    }
    case "utf8":
      return arrow.vectorFromArray(cells as (string | null)[], new arrow.Utf8()).data[0];
  }
}

/**
 * An Arrow IPC file's record batches as stored cells (what openArrow wrote, back exactly: int64 and
 * timestamps as bigint, dates as days), columns in `schema`'s order.
 */
export async function* readArrowBatches(bytes: Uint8Array, schema: ColumnarSchema): AsyncGenerator<ColumnBatch, void> {
  const arrow = await loadArrow();
  for (const batch of arrow.RecordBatchReader.from(bytes)) {
    const columns = schema.types.map((type, position) => cellsOf(type, batch.getChildAt(position)!, batch.numRows));
    yield { rows: batch.numRows, columns };
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
