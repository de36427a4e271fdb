import { jsonText } from "../text/jsonText";
import { keysWritten, objectRows, warnOfInfinite } from "./objectRows";
import { ColumnCounts } from "../table/columnCounts";
import { StreamedColumns } from "./streamedColumns";
import { mayRewrite, ndjsonRewrite, rewriteTurnedColumns } from "./turnedColumns";
import { withFileOutput } from "./output";
import { checkWriterOptions } from "./writerOptions";
import type { ExportOptions, ExportSource, ExportSummary, ExportTarget } from "./types";

/**
 * Writes one JSON object per line (NDJSON), page by page. A frame's empty cells are null; a record's
 * line holds the keys the record has, so later pages may bring keys earlier lines lack.
 * `flatten: false` writes records as the service sent them.
 */
export async function writeNDJSON(source: ExportSource, target: ExportTarget, given?: ExportOptions): Promise<ExportSummary> {
  const options = checkWriterOptions("ndjson", given);
  const seen = new Set<string>();
  const streamed = new StreamedColumns("typed", mayRewrite(source, target));
  const infinite = new ColumnCounts();
  const { path, rows } = await withFileOutput(target, async (sink) => {
    let written = 0;
    for await (const batch of objectRows(source, options, seen, streamed, infinite)) {
      let text = "";
      for (const row of batch) text += `${jsonText(row)}\n`;
      await sink.write(text);
      written += batch.length;
    }
    await rewriteTurnedColumns(sink, streamed, ndjsonRewrite);
    return { path: sink.path, rows: written };
  }).finally(() => streamed.discard());
  streamed.finish();
  warnOfInfinite(infinite, streamed);
  return { format: "ndjson", path, rows, ...keysWritten(seen, options.columns) };
}
