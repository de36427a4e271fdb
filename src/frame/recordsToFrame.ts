import type { DataFrame } from "danfojs-node";
import { frameFromCells } from "./buildFrame";
import { recordsToTable } from "./columnTable";
import type { JsonRecord, ShapeOptions } from "./types";

/** Records → frame in one call: flattenRecords, toColumnTable, then the frame. */
export async function recordsToFrame(records: readonly JsonRecord[], options: ShapeOptions = {}): Promise<DataFrame> {
  const { table, rows } = recordsToTable(records, options);
  // rows and columns were made for this frame alone: it keeps them without copies
  return frameFromCells(table, rows, table.data);
}
