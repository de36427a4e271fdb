import { jsonText } from "../text/jsonText";
import { keysWritten, objectRows, warnOfInfinite } from "./objectRows";
import { ColumnCounts } from "../table/columnCounts";
import { StreamedColumns } from "./streamedColumns";
import { jsonRewrite, mayRewrite, rewriteTurnedColumns } from "./turnedColumns";
import { withFileOutput } from "./output";
import { checkWriterOptions } from "./writerOptions";
import type { ExportSource, ExportSummary, ExportTarget, JsonOptions } from "./types";

/**
 * Writes a JSON array of row objects, streamed: `[`, one record per line, `]`. A frame's empty cells
 * are null; a record's line holds the keys the record has. An empty source gives `[]`. Nothing is
 * written before the first rows are in hand, and an export that stops after that closes the array,
 * so a stream never holds a broken document (the error still tells that it is incomplete).
 */
export async function writeJSON(source: ExportSource, target: ExportTarget, given?: JsonOptions): Promise<ExportSummary> {
  const options = checkWriterOptions("json", given);
  const seen = new Set<string>();
  const indent = options.indent;
  const streamed = new StreamedColumns("typed", mayRewrite(source, target));
  const infinite = new ColumnCounts();
  const { path, rows } = await withFileOutput(target, async (sink) => {
    let written = 0;
    for await (const batch of objectRows(source, options, seen, streamed, infinite)) {
      if (!batch.length) continue;
      let text = written === 0 ? "[" : "";
      for (const row of batch) {
        text += `${written === 0 ? "\n" : ",\n"}${jsonText(row, indent)}`;
        written++;
      }
      sink.setCloser("\n]\n");
      await sink.write(text);
    }
    sink.setCloser(undefined);
    await sink.write(written ? "\n]\n" : "[]\n");
    await rewriteTurnedColumns(sink, streamed, jsonRewrite(indent));
    return { path: sink.path, rows: written };
  }).finally(() => streamed.discard());
  streamed.finish();
  warnOfInfinite(infinite, streamed);
  return { format: "json", path, rows, ...keysWritten(seen, options.columns) };
}
