import { bigintAsText } from "./cellText";
import { objectRows } from "./objectRows";
import { openSink } from "./sink";
import type { ExportSource, ExportSummary, ExportTarget, JsonOptions } from "./types";

/**
 * Writes a JSON array of row objects, streamed: `[`, one record per line, `]`. Missing values are
 * null. An empty source gives `[]`.
 */
export async function writeJSON(source: ExportSource, target: ExportTarget, options: JsonOptions = {}): Promise<ExportSummary> {
  const sink = await openSink(target);
  const seen = new Set<string>();
  const indent = options.indent;
  let rows = 0;
  try {
    await sink.write("[");
    for await (const batch of objectRows(source, options, seen)) {
      let text = "";
      for (const row of batch) {
        text += `${rows === 0 ? "\n" : ",\n"}${JSON.stringify(row, bigintAsText, indent)}`;
        rows++;
      }
      await sink.write(text);
    }
    await sink.write(rows ? "\n]\n" : "]\n");
    await sink.close();
  } catch (error) {
    await sink.abort();
    throw error;
  }
  return { format: "json", path: sink.path, rows, columns: [...seen], droppedColumns: [] };
}
