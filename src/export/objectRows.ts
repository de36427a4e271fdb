import type { JsonRecord } from "../table/types";
import { holdsInfinite } from "../text/jsonText";
import { isFrameShape } from "../frame/frameShape";
import { ExportHeader, newRow } from "./exportHeader";
import { recordBatches, type CellRows } from "./sourceBatches";
import { ColumnCounts } from "../table/columnCounts";
import { INFINITE_NUMBER_CODE, isInfinite } from "./columnCounts";
import type { StreamedColumns } from "./streamedColumns";
import { takenBatches } from "./tableRows";
import type { ExportOptions, ExportSource } from "./types";

/**
 * Rows as objects, for the writers without a header (NDJSON, JSON): every key with a value is kept,
 * keys in the order the export first met them (a frame's: its columns), so every line lists its
 * keys in one order, the CSV header's. Cells are as the frame of all rows so far holds them
 * (StreamedColumns: numeric text a number in a column of numbers, a number text in a text column),
 * as in CSV and Excel (the writer rewrites or warns of columns a later page turned: `streamed`); a frame's missing cells (NaN, undefined) become null. `flatten: false` passes
 * the records through as they came.
 */
export async function* objectRows(
  source: ExportSource,
  options: ExportOptions,
  seen: Set<string>,
  streamed: StreamedColumns,
  infinite: ColumnCounts,
): AsyncGenerator<readonly JsonRecord[], void> {
  const chosen = options.columns;
  for await (const rows of everyKey(source, options, seen, streamed, infinite))
    yield chosen ? rows.map((row) => chosenKeys(row, chosen)) : rows;
}

/** The keys a JSON or NDJSON export wrote, and those of the source it left out (`columns` given). */
export function keysWritten(
  seen: ReadonlySet<string>,
  chosen: readonly string[] | undefined,
): { columns: string[]; droppedColumns: string[] } {
  if (!chosen) return { columns: [...seen], droppedColumns: [] };
  return { columns: [...chosen], droppedColumns: [...seen].filter((key) => !chosen.includes(key)) };
}

/** A row with the keys given, in their order, null where it has none (as a header's column the row lacks). */
function chosenKeys(row: JsonRecord, columns: readonly string[]): JsonRecord {
  const chosen = newRow();
  for (const column of columns) chosen[column] = Object.hasOwn(row, column) ? row[column] : null;
  return chosen;
}

/** Every row's keys (objectRows without `columns`). */
async function* everyKey(
  source: ExportSource,
  options: ExportOptions,
  seen: Set<string>,
  streamed: StreamedColumns,
  infinite: ColumnCounts,
): AsyncGenerator<readonly JsonRecord[], void> {
  if (options.flatten === false && !isFrameShape(source)) {
    for await (const { records } of recordBatches(source)) {
      for (const record of records)
        for (const key in record) {
          seen.add(key);
          if (holdsInfinite(record[key])) infinite.add(key);
        }
      yield records;
    }
    return;
  }
  let plan: ExportHeader | undefined;
  const rank = new Map<string, number>();
  // JSON has no Infinity: JSON.stringify writes null, and the columns are named once at the end (warnOfInfinite)
  const noteInfinite = <T>(column: string, value: T): T => {
    if (isInfinite(value)) infinite.add(column);
    return value;
  };
  for await (const batch of takenBatches(source, options, streamed)) {
    if (batch.kind === "frame") {
      const { columns } = batch;
      for (const column of columns) seen.add(column);
      yield batch.rows.map((cells) => {
        const row = newRow();
        for (let position = 0; position < columns.length; position++)
          row[columns[position]] = noteInfinite(columns[position], cells[position] ?? null);
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
    countInfinite(batch, infinite);
    yield plan.objectsOf(batch, order);
  }
}

/**
 * One warning naming the columns whose ±Infinity cells were written as null, once the file is
 * final: a column a rewrite turned to text holds them as the text "Infinity", as the frame does.
 */
export function warnOfInfinite(infinite: ColumnCounts, streamed: StreamedColumns): void {
  for (const column of streamed.rewrittenColumns()) infinite.forget(column);
  infinite.warn(
    "numbers past the double range (±Infinity, e.g. 1e400 in the service's JSON), which JSON cannot hold, were written as null",
    "CSV, Parquet and Arrow keep them (docs/writers.md).",
    INFINITE_NUMBER_CODE,
  );
}

/** ±Infinity cells of a batch, by column: only numbers that are not int32 can be one (the gatherer's counts say which columns hold such). */
function countInfinite(batch: CellRows, counts: ColumnCounts): void {
  for (let column = 0; column < batch.names.length; column++) {
    if (batch.stats && !batch.stats.notInt32[column]) continue;
    for (const row of batch.rows) if (isInfinite(row[column])) counts.add(batch.names[column]);
  }
}
