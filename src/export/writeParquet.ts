import type { ColumnarOptions } from "./columnarTypes";
import { openParquet } from "./parquetFile";
import { writePartitioned } from "./partitioned";
import type { ExportSource, ExportSummary, ExportTarget } from "./types";
import { writeColumnarFile } from "./writeColumnar";
import { openParquetFile } from "./parquetThread";
import { writeResumable } from "./resumableExport";
import { ValidationError } from "../errors";
import { checkWriterOptions } from "./writerOptions";
import { MIN_ROW_GROUP_ROWS } from "./typedBatches";

/**
 * Writes a frame, records or a pull's pages as Parquet (parquet-wasm, Snappy), one row group per
 * batch (at least 4,096 rows; `batchRows` when given), so a pull of any size runs in the memory of
 * a row group. Types are kept: whole numbers int64,
 * fractions double, booleans, text utf8, ISO dates and timestamps as DATE and TIMESTAMP(UTC, µs),
 * missing values null. A streamed pull's schema is inferred from its first batch (docs/parquet.md).
 * `partitionBy: ["study_id"]` writes a Hive-style folder instead of one file.
 */
export async function writeParquet(source: ExportSource, target: ExportTarget, given?: ColumnarOptions): Promise<ExportSummary> {
  const options = checkWriterOptions("parquet", given);
  if (options.resume) return writeResumable("parquet", openParquet, source, target, options);
  if (options.partitionBy?.length) {
    if (typeof target !== "string")
      throw new ValidationError("partitionBy", "writes a folder: give a folder path as the target, not a stream");
    return writePartitioned(openParquet, source, target, options);
  }
  return writeColumnarFile("parquet", openParquetFile, source, target, options, MIN_ROW_GROUP_ROWS);
}
