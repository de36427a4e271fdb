import type { ColumnarFileWriter, ColumnarSchema, StoredCell } from "./columnarTypes";
import type { ColumnType } from "../table/columnType";
import type { Sink } from "./output";

import type { ColumnSource, SchemaElement } from "hyparquet-writer";

type HyparquetWriter = typeof import("hyparquet-writer");

/** hyparquet-writer is ESM-only and only needed here: loaded on the first Parquet write. */
let loading: Promise<HyparquetWriter> | undefined;
function loadHyparquetWriter(): Promise<HyparquetWriter> {
  loading ??= import("hyparquet-writer");
  return loading;
}

const ELEMENT: Record<ColumnType, Omit<SchemaElement, "name">> = {
  int64: { type: "INT64", repetition_type: "OPTIONAL" },
  double: { type: "DOUBLE", repetition_type: "OPTIONAL" },
  boolean: { type: "BOOLEAN", repetition_type: "OPTIONAL" },
  utf8: { type: "BYTE_ARRAY", converted_type: "UTF8", repetition_type: "OPTIONAL" },
  date: { type: "INT32", converted_type: "DATE", repetition_type: "OPTIONAL" },
  timestamp: {
    type: "INT64",
    converted_type: "TIMESTAMP_MICROS",
    logical_type: { type: "TIMESTAMP", isAdjustedToUTC: true, unit: "MICROS" },
    repetition_type: "OPTIONAL",
  },
};

/**
 * A Parquet file written to a sink one row group per batch (hyparquet-writer, Snappy): each row
 * group's bytes go to the sink, waiting for the disk, before the next is encoded, so memory holds
 * one batch; the footer (schema, row-group index) is written by `finish`.
 */
export async function openParquet(sink: Pick<Sink, "write">, schema: ColumnarSchema): Promise<ColumnarFileWriter> {
  const { ByteWriter, ParquetWriter } = await loadHyparquetWriter();
  const bytes = new ByteWriter();
  const flush = async () => {
    if (bytes.index === 0) return;
    const chunk = new Uint8Array(bytes.buffer, 0, bytes.index).slice();
    bytes.index = 0;
    await sink.write(chunk);
  };
  Object.assign(bytes, { flush, finish: flush });
  const elements: SchemaElement[] = [
    { name: "root", num_children: schema.names.length },
    ...schema.names.map((name, position) => ({ name, ...ELEMENT[schema.types[position]] }) as SchemaElement),
  ];
  const writer = new ParquetWriter({ writer: bytes, schema: elements, createdBy: "fountframe (hyparquet-writer)" });
  return {
    async writeBatch(batch) {
      if (batch.rows === 0) return;
      const columnData: ColumnSource[] = schema.names.map((name, position) =>
        schema.types[position] === "int64"
          ? int64Column(name, batch.columns[position] as readonly StoredCell[])
          : { name, data: batch.columns[position] as StoredCell[] | Float64Array },
      );
      await writer.write({ columnData, rowGroupSize: batch.rows });
    },
    async finish() {
      await writer.finish();
    },
  };
}

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

/**
 * An int64 column chunk (cells numbers or bigints, as TypedBatches stores them) as hyparquet-writer
 * takes it. When every cell fits in 32 bits (counts, ranks, ids below 2^31): numbers, delta-packed
 * (DELTA_BINARY_PACKED, the library's number path), which spares a bigint per cell and the
 * dictionary trial over them (a Map of every value), and is as small here; else bigints, the
 * library's own choice of encoding. The decision is made on the cells, so the same cells make the
 * same file whichever source sent them.
 */
function int64Column(name: string, cells: readonly StoredCell[]): ColumnSource {
  let small = true;
  let bigints = 0;
  for (const cell of cells as readonly (number | bigint | null)[]) {
    if (cell === null) continue;
    if (typeof cell === "bigint") bigints++;
    if (small && !(cell >= INT32_MIN && cell <= INT32_MAX)) small = false;
  }
  if (small) {
    const data = bigints ? cells.map((cell) => (cell === null ? null : Number(cell))) : cells;
    return { name, data: data as StoredCell[], encoding: "DELTA_BINARY_PACKED" };
  }
  const numbers = cells.some((cell) => typeof cell === "number");
  return { name, data: numbers ? cells.map((cell) => (typeof cell === "number" ? BigInt(cell) : cell)) : (cells as StoredCell[]) };
}
