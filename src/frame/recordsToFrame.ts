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

/** A page as `client.pages(...)` yields it: its records and the endpoint that decides their column names. */
export interface ShapedPage {
  readonly records: readonly JsonRecord[];
  readonly endpoint?: string;
}

/**
 * recordsToFrame fed a page at a time: each page's records can be dropped once added. Given pages
 * of `client.pages(...)`, it shapes them as the frame methods do (the page names its endpoint).
 */
export class FrameBuilder {
  #gatherer: RecordGatherer | undefined;
  readonly #options: ShapeOptions;
  #endpoint: string | undefined;

  constructor(options: ShapeOptions = {}) {
    this.#options = options;
    this.#endpoint = options.endpoint;
  }

  /** A pull's page, or plain records (shaped per the constructor's options). */
  add(page: ShapedPage | readonly JsonRecord[]): void {
    if (Array.isArray(page)) {
      this.#gathererFor(undefined).add(page as readonly JsonRecord[]);
      return;
    }
    const { records, endpoint } = page as ShapedPage;
    if (!Array.isArray(records)) throw new TypeError("FrameBuilder.add takes a page ({ records, endpoint }) or an array of records");
    this.#gathererFor(endpoint).add(records);
  }

  #gathererFor(endpoint: string | undefined): RecordGatherer {
    if (this.#gatherer === undefined) {
      this.#endpoint ??= endpoint;
      this.#gatherer = new RecordGatherer({ ...this.#options, endpoint: this.#endpoint });
    } else if (endpoint !== undefined && this.#endpoint !== undefined && endpoint !== this.#endpoint) {
      throw new TypeError(`FrameBuilder: a page of ${endpoint} added to a frame of ${this.#endpoint}`);
    }
    return this.#gatherer;
  }

  async toFrame(): Promise<DataFrame> {
    const { table, rows } = finishTable(this.#gathererFor(undefined).result());
    // rows and columns were made for this frame alone: it keeps them without copies
    return frameFromCells(table, rows, table.data);
  }
}
