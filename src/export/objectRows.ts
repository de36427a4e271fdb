import type { JsonRecord } from "../records";
import { ExportHeader } from "./exportHeader";
import { sourceBatches } from "./sourceBatches";
import type { ExportOptions, ExportSource } from "./types";

/**
 * Rows as objects, for the writers without a header (NDJSON, JSON): every key is kept. Numeric-text
 * columns of the first batch become numbers, as in CSV and Excel; a frame's missing cells (NaN,
 * undefined) become null.
 */
export async function* objectRows(
  source: ExportSource,
  options: ExportOptions,
  seen: Set<string>,
): AsyncGenerator<readonly JsonRecord[], void> {
  let plan: ExportHeader | undefined;
  for await (const batch of sourceBatches(source, options)) {
    if (batch.kind === "frame") {
      const { columns } = batch;
      for (const column of columns) seen.add(column);
      yield batch.rows.map((cells) => {
        const row: JsonRecord = {};
        for (let position = 0; position < columns.length; position++) row[columns[position]] = cells[position] ?? null;
        return row;
      });
      continue;
    }
    if (options.flatten === false) {
      for (const row of batch.rows) for (const key in row) seen.add(key);
      yield batch.rows;
      continue;
    }
    plan ??= new ExportHeader(batch.rows);
    const rows = batch.rows.map((row) => plan!.normalise(row));
    for (const row of rows) for (const key in row) seen.add(key);
    yield rows;
  }
}
