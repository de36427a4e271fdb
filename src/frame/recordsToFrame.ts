import type { DataFrame } from "danfojs-node";
import { ValidationError } from "../errors";
import type { JsonRecord, PageChunk, RowShape, ShapeOptions } from "../records";
import { frameFromTableCells } from "./finishTable";
import { finishTable, type TableWithRows } from "./finishTable";
import { RecordGatherer } from "../table/flatten";
import { ChunkAssembler } from "./chunkAssembler";
import { gatherPageChunk } from "../table/pageChunk";

/** The row shape of the records of `options.endpoint`: the caller looks it up (frame reads no endpoint table). */
export type ShapeOf = (options: ShapeOptions) => RowShape;

/** Records as they are: no list stacked, no include prefixed. */
const PLAIN: RowShape = { stackData: false, globalIncludes: new Set() };

/** Records → frame in one call: the records gathered into rows, typed, then the frame. */
export async function recordsToFrame(records: readonly JsonRecord[], shape: RowShape = PLAIN): Promise<DataFrame> {
  const builder = new FrameBuilder({}, () => shape);
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
 * of `client.pages(...)`, it shapes them as the frame methods do (the page names its endpoint,
 * whose row shape `shapeOf` looks up once the first page is in).
 */
export class FrameBuilder {
  #gatherer: RecordGatherer | undefined;
  #shape: RowShape | undefined;
  readonly #options: ShapeOptions;
  readonly #shapeOf: ShapeOf;
  #endpoint: string | undefined;
  /** set once a page decoded by a worker thread (as columns) arrives; every later page goes through it */
  #assembler: ChunkAssembler | undefined;

  constructor(options: ShapeOptions, shapeOf: ShapeOf) {
    this.#options = options;
    this.#shapeOf = shapeOf;
    this.#endpoint = options.endpoint;
  }

  /** A pull's page, or plain records (shaped per the constructor's options). */
  add(page: ShapedPage | readonly JsonRecord[]): void {
    const { records, endpoint } = Array.isArray(page)
      ? { records: page as readonly JsonRecord[], endpoint: undefined }
      : ((page ?? {}) as ShapedPage);
    if (!Array.isArray(records)) {
      throw new ValidationError("page", "FrameBuilder.add takes a page of client.pages ({ records, endpoint }) or an array of records");
    }
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
    this.#assembler.add(rows.kind === "columns" ? rows.chunk : gatherPageChunk(rows.records, this.#shape!));
  }

  #gathererFor(endpoint: string | undefined): RecordGatherer {
    if (this.#gatherer === undefined) {
      this.#endpoint ??= endpoint;
      this.#shape = this.#shapeOf({ ...this.#options, endpoint: this.#endpoint });
      this.#gatherer = new RecordGatherer(this.#shape);
    } else if (endpoint !== undefined && this.#endpoint !== undefined && endpoint !== this.#endpoint) {
      throw new ValidationError(
        "page",
        `a page of ${endpoint} added to a frame of ${this.#endpoint}: one FrameBuilder takes the pages of one endpoint`,
      );
    }
    return this.#gatherer;
  }

  /** The finished table and the same cells as rows, which `toFrame` hands to the frame. */
  toTable(): TableWithRows {
    const gathered = this.#gathererFor(undefined).result();
    if (this.#assembler) return this.#assembler.finish(this.#shape?.declaredTypes);
    return finishTable(gathered, this.#shape?.declaredTypes);
  }

  async toFrame(): Promise<DataFrame> {
    const { table, rows } = this.toTable();
    // rows and columns were made for this frame alone: it keeps them without copies
    return frameFromTableCells(table, rows, table.data);
  }
}
