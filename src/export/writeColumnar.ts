import type { ColumnarFileWriter, ColumnarOptions, ColumnarSchema } from "./columnarTypes";
import { ExportError } from "./exportError";
import { withFileOutput, type Sink } from "./output";
import { TypedBatches } from "./typedBatches";
import type { ExportFormat, ExportSource, ExportSummary, ExportTarget } from "./types";
import { warnOfLoneSurrogateNames } from "./columnCounts";

export type OpenColumnar = (sink: Sink, schema: ColumnarSchema) => Promise<ColumnarFileWriter>;

/**
 * One columnar file from any source: typed batches in, written as they come (see TypedBatches for
 * the schema rule), each of a batch's rows or `minBatchRows` (a Parquet row group's, longer than
 * the batch the types are decided on), unless `batchRows` says.
 */
export async function writeColumnarFile(
  format: ExportFormat,
  open: OpenColumnar,
  source: ExportSource,
  target: ExportTarget,
  options: ColumnarOptions,
  minBatchRows?: number,
): Promise<ExportSummary> {
  const typed = new TypedBatches(source, options, {}, undefined, minBatchRows);
  const { path, rows } = await withFileOutput(target, async (sink) => {
    const written = await writeBatches(sink, typed, open, () => {
      if (!typed.schema!.names.length)
        throw new ExportError(
          `nothing to write to ${sink.path ?? "the output"}: no rows and no columns, and a ${format} file needs at least one column (readers refuse one without); pass \`columns\` (and \`types\`) to write an empty table`,
        );
    });
    return { path: sink.path, rows: written };
  });
  const droppedColumns = typed.finish();
  warnOfLoneSurrogateNames(typed.schema?.names ?? []);
  return { format, path, rows, columns: [...(typed.schema?.names ?? [])], droppedColumns };
}

/**
 * Typed batches into one columnar file on `sink`, opened once the first batch has fixed the schema
 * (`beforeEmpty` runs when no batch came, before an empty file is opened), then finished; the rows written.
 */
export async function writeBatches(sink: Sink, typed: TypedBatches, open: OpenColumnar, beforeEmpty?: () => void): Promise<number> {
  let file: ColumnarFileWriter | undefined;
  let rows = 0;
  try {
    for await (const batch of typed.batches()) {
      file ??= await open(sink, typed.schema!);
      await file.writeBatch(batch);
      rows += batch.rows;
    }
    if (!file) beforeEmpty?.();
    file ??= await open(sink, typed.schema!);
    await file.finish();
  } catch (error) {
    await file?.abort?.();
    throw error;
  }
  return rows;
}
