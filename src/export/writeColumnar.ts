import type { ColumnarFileWriter, ColumnarOptions, ColumnarSchema } from "./columnarTypes";
import { withSink, type Sink } from "./sink";
import { TypedBatches } from "./typedBatches";
import type { ExportFormat, ExportSource, ExportSummary, ExportTarget } from "./types";

export type OpenColumnar = (sink: Sink, schema: ColumnarSchema) => Promise<ColumnarFileWriter>;

/** One columnar file from any source: typed batches in, written as they come (see TypedBatches for the schema rule). */
export async function writeColumnarFile(
  format: ExportFormat,
  open: OpenColumnar,
  source: ExportSource,
  target: ExportTarget,
  options: ColumnarOptions,
): Promise<ExportSummary> {
  const typed = new TypedBatches(source, options);
  const { path, rows } = await withSink(target, async (sink) => {
    let file: ColumnarFileWriter | undefined;
    let written = 0;
    for await (const batch of typed.batches()) {
      file ??= await open(sink, typed.schema!);
      await file.writeBatch(batch);
      written += batch.rows;
    }
    file ??= await open(sink, typed.schema!);
    await file.finish();
    return { path: sink.path, rows: written };
  });
  const droppedColumns = typed.finish();
  return { format, path, rows, columns: [...(typed.schema?.names ?? [])], droppedColumns };
}
