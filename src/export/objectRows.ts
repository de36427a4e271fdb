import type { JsonRecord } from "../table/types";
import { isFrameShape } from "../frame/frameShape";
import { ExportHeader, newRow } from "./exportHeader";
import { recordBatches, sourceBatches } from "./sourceBatches";
import type { ExportOptions, ExportSource } from "./types";

/**
 * Rows as objects, for the writers without a header (NDJSON, JSON): every key with a value is kept,
 * keys in the order the export first met them (a frame's: its columns), so every line lists its
 * keys in one order, the CSV header's. Numeric-text columns of the first batch become numbers, as
 * in CSV and Excel; a frame's missing cells (NaN, undefined) become null. `flatten: false` passes
 * the records through as they came.
 */
export async function* objectRows(
  source: ExportSource,
  options: ExportOptions,
  seen: Set<string>,
): AsyncGenerator<readonly JsonRecord[], void> {
  if (options.flatten === false && !isFrameShape(source)) {
    for await (const { records } of recordBatches(source)) {
      for (const record of records) for (const key in record) seen.add(key);
      yield records;
    }
    return;
  }
  let plan: ExportHeader | undefined;
  const rank = new Map<string, number>();
  for await (const batch of sourceBatches(source, options)) {
    if (batch.kind === "frame") {
      const { columns } = batch;
      for (const column of columns) seen.add(column);
      yield batch.rows.map((cells) => {
        const row = newRow();
        for (let position = 0; position < columns.length; position++) row[columns[position]] = cells[position] ?? null;
        return row;
      });
      continue;
    }
    plan ??= new ExportHeader([batch]);
    for (const name of batch.names) {
      seen.add(name);
      if (!rank.has(name)) rank.set(name, rank.size);
    }
    const order = batch.names.map((_, column) => column).sort((a, b) => rank.get(batch.names[a])! - rank.get(batch.names[b])!);
    yield plan.objectsOf(batch, order);
  }
}
