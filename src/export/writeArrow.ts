import { openArrow } from "./arrowFile";
import type { ColumnarOptions } from "./columnarTypes";
import type { ExportSource, ExportSummary, ExportTarget } from "./types";
import { writeColumnarFile } from "./writeColumnar";
import { writeResumable } from "./resumableExport";
import { ValidationError } from "../errors";
import { checkWriterOptions } from "./writerOptions";

/**
 * Writes a frame, records or a pull's pages as an Arrow IPC file (Feather v2, what
 * `pyarrow.feather.read_table` and `pandas.read_feather` read), one record batch per batch. Types
 * and the streaming schema rule are those of writeParquet (docs/parquet.md).
 */
export async function writeArrow(source: ExportSource, target: ExportTarget, given?: ColumnarOptions): Promise<ExportSummary> {
  const options = checkWriterOptions("arrow", given);
  if (options.partitionBy?.length)
    throw new ValidationError("partitionBy", "only Parquet is written as a partitioned folder; use writeParquet");
  if (options.resume) return writeResumable("arrow", openArrow, source, target, options);
  return writeColumnarFile("arrow", openArrow, source, target, options);
}
