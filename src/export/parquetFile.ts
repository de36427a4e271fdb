import type { ColumnarFileWriter, ColumnarSchema, StoredColumn } from "./columnarTypes";
import type { Sink } from "./output";
import { arrowStreamBytes, loadArrow, recordBatchOf, schemaOf, typedColumn, typedFields } from "../arrow/arrowCodec";

type ParquetWasm = typeof import("parquet-wasm");
type WasmRecordBatch = import("parquet-wasm").RecordBatch;

/** parquet-wasm compiles its WebAssembly when loaded (~0.1 s): loaded on the first Parquet write. */
let loading: Promise<ParquetWasm> | undefined;
function loadParquetWasm(): Promise<ParquetWasm> {
  loading ??= import("parquet-wasm");
  return loading;
}

/**
 * What encodes a Parquet file: each row group arrives as one Arrow IPC stream (a schema and one
 * record batch, see `parquetBatchBytes`), the file's bytes leave for a sink. On this thread
 * (`openParquetEncoder`) or on a thread of its own (parquetThread.ts): the same bytes either way.
 */
export interface ParquetEncoder {
  /** settles once the encoder has taken the row group (it encodes one while the next is made) */
  write(batch: Uint8Array): Promise<void>;
  /** writes the footer; every byte is at the sink when it settles */
  finish(): Promise<void>;
  abort(): Promise<void>;
}

/**
 * A Parquet file written to a sink one row group per IPC stream (parquet-wasm, the Rust `parquet`
 * crate compiled to WebAssembly; Snappy, statistics per column chunk, a dictionary while a column
 * chunk's values fit one). The writer asks for the next row group only when it has encoded this
 * one, its bytes going to the sink as they are made: memory holds about one row group.
 */
export async function openParquetEncoder(sink: Pick<Sink, "write">): Promise<ParquetEncoder> {
  const parquet = await loadParquetWasm();
  const batches = new TransformStream<WasmRecordBatch, WasmRecordBatch>(undefined, { highWaterMark: 1 }, { highWaterMark: 0 });
  const feed = batches.writable.getWriter();
  const properties = new parquet.WriterPropertiesBuilder()
    .setCompression(parquet.Compression.SNAPPY)
    .setStatisticsEnabled(parquet.EnabledStatistics.Chunk)
    // a row group ends with each batch written (any byte count passes 1), none is cut short by rows
    .setMaxRowGroupBytes(1)
    .setMaxRowGroupSize(2 ** 31 - 1)
    .setCreatedBy("fountframe (parquet-wasm)")
    .build();
  // the writer reads the first batch (for the file's schema) before it answers with its stream of bytes
  const written = (async () => {
    const bytes = await parquet.transformParquetStream(batches.readable, properties);
    const reader = bytes.getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) await sink.write(next.value as Uint8Array);
  })();
  // a failure in the writer ends `written` while a batch may wait for it to be taken: each step is raced with it
  const failed = written.then(() => new Promise<never>(() => undefined));
  failed.catch(() => undefined);
  const fed = (step: Promise<void>) => Promise.race([step, failed]);
  return {
    async write(batch) {
      const table = parquet.Table.fromIPCStream(batch);
      const recordBatch = table.recordBatch(0)!;
      table.free();
      await fed(feed.write(recordBatch));
    },
    async finish() {
      await fed(feed.close());
      await written;
    },
    async abort() {
      await feed.abort().catch(() => undefined);
      await written.catch(() => undefined);
    },
  };
}

/** A schema's row groups as the Arrow IPC streams a ParquetEncoder takes (the one Arrow codec, src/arrow). */
export async function parquetBatchBytes(schema: ColumnarSchema): Promise<(columns: readonly StoredColumn[], rows: number) => Uint8Array> {
  const arrow = await loadArrow();
  const arrowSchema = schemaOf(arrow, typedFields(arrow, schema.names, schema.types));
  return (columns, rows) => {
    const children = schema.types.map((type, position) => typedColumn(arrow, type, columns[position], rows));
    return arrowStreamBytes(arrow, recordBatchOf(arrow, arrowSchema, children, rows));
  };
}

/** A Parquet file of `schema` through an encoder: each non-empty batch a row group. */
export async function parquetFileOver(schema: ColumnarSchema, encoder: ParquetEncoder): Promise<ColumnarFileWriter> {
  const bytesOf = await parquetBatchBytes(schema);
  let rowsWritten = 0;
  return {
    async writeBatch(batch) {
      if (batch.rows === 0) return;
      let bytes: Uint8Array;
      try {
        bytes = bytesOf(batch.columns, batch.rows);
      } catch (error) {
        // a batch that cannot be made ends the file here, so no encoder (or thread) is left waiting
        await encoder.abort();
        throw error;
      }
      await encoder.write(bytes);
      rowsWritten += batch.rows;
    },
    async finish() {
      if (rowsWritten === 0) {
        // a file with no rows still has its schema, which the writer takes from a batch
        const emptyColumns = schema.types.map(() => []);
        await encoder.write(bytesOf(emptyColumns, 0));
      }
      await encoder.finish();
    },
    abort: () => encoder.abort(),
  };
}

/** A Parquet file written on this thread. */
export async function openParquet(sink: Pick<Sink, "write">, schema: ColumnarSchema): Promise<ColumnarFileWriter> {
  return parquetFileOver(schema, await openParquetEncoder(sink));
}
