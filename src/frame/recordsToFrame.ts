import type { DataFrame } from "danfojs-node";
import { frameFromCells } from "./buildFrame";
import { finishTable } from "./columnTable";
import { RecordGatherer } from "./gatherRows";
import type { JsonRecord, ShapeOptions } from "./types";

/** Records → frame in one call: flattenRecords, toColumnTable, then the frame. */
export async function recordsToFrame(records: readonly JsonRecord[], options: ShapeOptions = {}): Promise<DataFrame> {
  const builder = new FrameBuilder(options);
  builder.add(records);
  return builder.toFrame();
}

/** recordsToFrame fed a page at a time: each page's records can be dropped once added. */
export class FrameBuilder {
  readonly #gatherer: RecordGatherer;

  constructor(options: ShapeOptions = {}) {
    this.#gatherer = new RecordGatherer(options);
  }

  add(records: readonly JsonRecord[]): void {
    this.#gatherer.add(records);
  }

  async toFrame(): Promise<DataFrame> {
    const { table, rows } = finishTable(this.#gatherer.result());
    // rows and columns were made for this frame alone: it keeps them without copies
    return frameFromCells(table, rows, table.data);
  }
}
