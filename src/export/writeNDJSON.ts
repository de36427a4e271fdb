import { bigintAsText } from "./cellText";
import { objectRows } from "./objectRows";
import { openSink } from "./sink";
import type { ExportOptions, ExportSource, ExportSummary, ExportTarget } from "./types";

/**
 * Writes one JSON object per line (NDJSON), page by page. Missing values are null; a row keeps every
 * key it has, so later pages may bring keys earlier lines lack. `flatten: false` writes records as
 * the service sent them.
 */
export async function writeNDJSON(source: ExportSource, target: ExportTarget, options: ExportOptions = {}): Promise<ExportSummary> {
  const sink = await openSink(target);
  const seen = new Set<string>();
  let rows = 0;
  try {
    for await (const batch of objectRows(source, options, seen)) {
      let text = "";
      for (const row of batch) text += `${JSON.stringify(row, bigintAsText)}\n`;
      await sink.write(text);
      rows += batch.length;
    }
    await sink.close();
  } catch (error) {
    await sink.abort();
    throw error;
  }
  return { format: "ndjson", path: sink.path, rows, columns: [...seen], droppedColumns: [] };
}
