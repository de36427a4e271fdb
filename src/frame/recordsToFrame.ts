import type { DataFrame } from "danfojs-node";
import { ValidationError } from "../errors";
import type { ColumnTable, JsonRecord, PageChunk, RowShape, ShapeOptions } from "../table/types";
import { frameFromTableCells } from "./finishTable";
import { gatherPageChunk, isOwnRecords, pageColumnsOf } from "../table/pageChunk";
import { AssembledTable } from "./assembledTable";
import { checkRecordItems } from "./recordItems";
import { FieldClashes, type ClashSource } from "../table/fieldClashes";

/** The row shape of the records of `options.endpoint`: the caller looks it up (frame reads no endpoint table). */
export type ShapeOf = (options: ShapeOptions) => RowShape;

/** Records as they are: no list stacked, no include prefixed. */
const PLAIN: RowShape = { stackData: false, globalIncludes: new Set() };

/** Records → frame in one call: the records gathered into column chunks, typed, then the frame. */
export async function recordsToFrame(records: readonly JsonRecord[], shape: RowShape = PLAIN, source?: ClashSource): Promise<DataFrame> {
  if (Array.isArray(records)) checkRecordItems(records, "records");
  const builder = new ShapingFrameBuilder({}, () => shape, source);
  builder.add(records);
  return builder.toFrame();
}

/** A page as `client.pages(...)` yields it: its records, the endpoint that decides their column names, and whether its lists become rows. */
export interface ShapedPage {
  readonly records: readonly JsonRecord[];
  readonly endpoint?: string;
  readonly stackData?: boolean;
}

/** A page's rows to gather: its records, or its columns as a worker thread shaped them. */
export type RowsOfPage =
  { readonly kind: "records"; readonly records: readonly JsonRecord[] } | { readonly kind: "columns"; readonly chunk: PageChunk };

/**
 * recordsToFrame fed a page at a time: each page's records can be dropped once added. Given pages
 * of `client.pages(...)`, it shapes them as the frame methods do (the page names its endpoint,
 * whose row shape `shapeOf` looks up once the first page is in). Every page joins the table as a
 * column chunk: the chunk its pull decoded, or the one gathered from its records.
 */
export class ShapingFrameBuilder {
  readonly #table = new AssembledTable();
  #shape: RowShape | undefined;
  readonly #options: ShapeOptions;
  readonly #shapeOf: ShapeOf;
  #endpoint: string | undefined;
  #stackData: boolean | undefined;
  /** of records given as they are (a pull's pages are its own to warn of) */
  readonly #clashes = new FieldClashes();
  readonly #source: ClashSource | undefined;

  constructor(options: ShapeOptions, shapeOf: ShapeOf, source?: ClashSource) {
    this.#options = options;
    this.#shapeOf = shapeOf;
    this.#source = source;
    this.#endpoint = options.endpoint;
  }

  /**
   * A pull's page, or plain records (shaped per the constructor's options). A page of
   * `client.pages(...)` whose records were not asked for joins as the columns its pull decoded,
   * when they follow this frame's rules.
   */
  add(page: ShapedPage | readonly JsonRecord[]): void {
    if (Array.isArray(page)) {
      checkRecordItems(page, "page");
      return this.#addRecords(page as readonly JsonRecord[], this.#shapeFor(undefined), this.#clashes);
    }
    const { endpoint, stackData } = (page ?? {}) as ShapedPage;
    if (this.#shape === undefined && stackData) this.#stackData = true;
    const columns = page && pageColumnsOf(page, this.#shapeFor(endpoint));
    if (columns) {
      if (columns.rowsAhead) this.expectRows(columns.rowsAhead);
      return this.addRows({ kind: "columns", chunk: columns.chunk }, endpoint);
    }
    const records = (page as ShapedPage | undefined)?.records;
    if (!Array.isArray(records)) {
      throw new ValidationError("page", "FrameBuilder.add takes a page of client.pages ({ records, endpoint }) or an array of records");
    }
    checkRecordItems(records, "page");
    this.#addRecords(records, this.#shapeFor(endpoint), isOwnRecords(page) ? this.#clashes : undefined);
  }

  /**
   * How many rows the frame will have, about (a pull knows it from its first page): its columns make
   * room for them at once rather than growing page by page; more or fewer rows are still taken.
   * Told after its first page, while more are coming, the builder makes that room now, so that the
   * work is done while the next pages are on their way.
   */
  expectRows(rows: number): void {
    if (Number.isSafeInteger(rows) && rows > 0) this.#table.expectRows(rows);
  }

  /** A page's rows: the columns its pull decoded, or its records, gathered into a chunk a stretch at a time. */
  addRows(rows: RowsOfPage, endpoint?: string): void {
    const shape = this.#shapeFor(endpoint);
    if (rows.kind === "columns") return this.#table.add(rows.chunk);
    this.#addRecords(rows.records, shape);
  }

  /** Records gathered into chunks a stretch at a time, their field clashes counted into `clashes`. */
  #addRecords(records: readonly JsonRecord[], shape: RowShape, clashes?: FieldClashes): void {
    const table = this.#table;
    const add = (chunk: PageChunk) => {
      clashes?.add(chunk.clashes);
      table.add(chunk);
    };
    if (records.length <= RECORDS_PER_CHUNK) return add(gatherPageChunk(records, shape));
    for (let from = 0; from < records.length; from += RECORDS_PER_CHUNK) {
      const chunk = gatherPageChunk(records.slice(from, from + RECORDS_PER_CHUNK), shape);
      // the columns make room for the rows once: unstacked, the records are the rows; stacked, as
      // many rows a record as in the first stretch (beyond that room a column grows as rows come)
      if (from === 0) table.expectRows(table.rowCount + Math.ceil((chunk.rowCount / RECORDS_PER_CHUNK) * records.length));
      add(chunk);
    }
  }

  /** The frame's row shape, looked up with its first page. */
  #shapeFor(endpoint: string | undefined): RowShape {
    if (this.#shape === undefined) {
      this.#endpoint ??= endpoint;
      this.#shape = this.#shapeOf({ ...this.#options, endpoint: this.#endpoint, stackData: this.#stackData || this.#options.stackData });
    } else if (endpoint !== undefined && this.#endpoint !== undefined && endpoint !== this.#endpoint) {
      throw new ValidationError(
        "page",
        `a page of ${endpoint} added to a frame of ${this.#endpoint}: one FrameBuilder takes the pages of one endpoint`,
      );
    }
    return this.#shape;
  }

  /** The finished table (its columns become the frame's). */
  toTable(): ColumnTable {
    const { where, keptIn } = this.#source ?? { where: this.#endpoint ?? "records" };
    this.#clashes.warn(where, undefined, keptIn);
    return this.#table.finish(this.#shapeFor(undefined).declaredTypes);
  }

  async toFrame(): Promise<DataFrame> {
    const table = this.toTable();
    // the columns were made for this frame alone: it keeps them without copies
    return frameFromTableCells(table, undefined, table.data);
  }
}

/**
 * Records added at once are gathered this many at a time: a chunk's rows and columns are let go as
 * each is appended, never held all at once beside the table's columns.
 */
const RECORDS_PER_CHUNK = 1000;
