import type { DataFrame } from "danfojs-node";
import { frameFromCells } from "./buildFrame";
import { finishTable, type TableWithRows } from "./columnTable";
import { RecordGatherer } from "./gatherRows";
import type { JsonRecord, ShapeOptions } from "./types";
import { ChunkAssembler } from "./chunkAssembler";
import { gatherPageChunk, type PageChunk } from "./pageChunk";

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

/** A page's rows to gather: its records, or its columns as a worker thread shaped them. */
export type RowsOfPage =
  { readonly kind: "records"; readonly records: readonly JsonRecord[] } | { readonly kind: "columns"; readonly chunk: PageChunk };

/**
 * recordsToFrame fed a page at a time: each page's records can be dropped once added. Given pages
 * of `client.pages(...)`, it shapes them as the frame methods do (the page names its endpoint).
 */
export class FrameBuilder {
  #gatherer: RecordGatherer | undefined;
  readonly #options: ShapeOptions;
  #endpoint: string | undefined;
  /** set once a page decoded by a worker thread (as columns) arrives; every later page goes through it */
  #assembler: ChunkAssembler | undefined;

  constructor(options: ShapeOptions = {}) {
    this.#options = options;
    this.#endpoint = options.endpoint;
  }

  /** A pull's page, or plain records (shaped per the constructor's options). */
  add(page: ShapedPage | readonly JsonRecord[]): void {
    const { records, endpoint } = Array.isArray(page)
      ? { records: page as readonly JsonRecord[], endpoint: undefined }
      : (page as ShapedPage);
    if (!Array.isArray(records)) throw new TypeError("FrameBuilder.add takes a page ({ records, endpoint }) or an array of records");
    this.addRows({ kind: "records", records }, endpoint);
  }

  /** A page's rows: its records, or the columns a worker thread decoded (every later page then joins them as columns). */
  addRows(rows: RowsOfPage, endpoint?: string): void {
    const gatherer = this.#gathererFor(endpoint);
    if (rows.kind === "records" && this.#assembler === undefined) {
      gatherer.add(rows.records);
      return;
    }
    this.#assembler ??= new ChunkAssembler(gatherer.result());
    this.#assembler.add(
      rows.kind === "columns" ? rows.chunk : gatherPageChunk(rows.records, { ...this.#options, endpoint: this.#endpoint }),
    );
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

  /** The finished table and the same cells as rows, which `toFrame` hands to the frame. */
  toTable(): TableWithRows {
    return finishTable(this.#gathererFor(undefined).result());
  }

  async toFrame(): Promise<DataFrame> {
    const { table, rows } = this.toTable();
    // rows and columns were made for this frame alone: it keeps them without copies
    return frameFromCells(table, rows, table.data);
  }
}
