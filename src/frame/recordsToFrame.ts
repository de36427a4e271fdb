import type { DataFrame } from "danfojs-node";
import { ValidationError } from "../errors";
import type { ChunkStats, JsonRecord, PageChunk, RowShape, ShapeOptions } from "../table/types";
import { convertColumn, finishTable, frameFromTableCells, type TableWithRows } from "./finishTable";
import { RecordGatherer, type GatheredRows } from "../table/flatten";
import { gatherPageChunk, pageColumnsOf } from "../table/pageChunk";
import type { DeclaredType } from "../table/columnType";
import { planColumns, type ColumnStats } from "../table/columnPlan";
import { AssembledColumn } from "./assembledColumn";

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
 * whose row shape `shapeOf` looks up once the first page is in).
 */
export class FrameBuilder {
  #gatherer: RecordGatherer | undefined;
  #shape: RowShape | undefined;
  readonly #options: ShapeOptions;
  readonly #shapeOf: ShapeOf;
  #endpoint: string | undefined;
  #stackData: boolean | undefined;
  /** set once a page decoded by a worker thread (as columns) arrives; every later page goes through it */
  #assembler: ChunkAssembler | undefined;
  #expectedRows = 0;

  constructor(options: ShapeOptions, shapeOf: ShapeOf) {
    this.#options = options;
    this.#shapeOf = shapeOf;
    this.#endpoint = options.endpoint;
  }

  /**
   * A pull's page, or plain records (shaped per the constructor's options). A page of
   * `client.pages(...)` whose records were not asked for joins as the columns its pull decoded,
   * when they follow this frame's rules.
   */
  add(page: ShapedPage | readonly JsonRecord[]): void {
    if (Array.isArray(page)) return this.addRows({ kind: "records", records: page as readonly JsonRecord[] });
    const { endpoint, stackData } = (page ?? {}) as ShapedPage;
    if (this.#gatherer === undefined && stackData) this.#stackData = true;
    const columns = page && this.#shapeFor(endpoint) && pageColumnsOf(page, this.#shape!);
    if (columns) {
      if (columns.rowsAhead) this.expectRows(columns.rowsAhead);
      return this.addRows({ kind: "columns", chunk: columns.chunk }, endpoint);
    }
    const records = (page as ShapedPage | undefined)?.records;
    if (!Array.isArray(records)) {
      throw new ValidationError("page", "FrameBuilder.add takes a page of client.pages ({ records, endpoint }) or an array of records");
    }
    this.addRows({ kind: "records", records }, endpoint);
  }

  /**
   * How many rows the frame will have, about (a pull knows it from its first page): its columns make
   * room for them at once rather than growing page by page; more or fewer rows are still taken.
   * Told after its first page, while more are coming, the builder makes its columns now, so that the
   * work is done while the next pages are on their way; later pages join them as decoded columns
   * (`addRows` of a frame's pull). Records added as they are do not need it (their rows are
   * gathered, then made columns once).
   */
  expectRows(rows: number): void {
    if (!Number.isSafeInteger(rows) || rows <= 0) return;
    this.#expectedRows = rows;
    const gathered = this.#gatherer?.result();
    if (this.#assembler === undefined && gathered !== undefined && gathered.rows.length > 0 && gathered.rows.length < rows)
      this.#assembler = new ChunkAssembler(gathered, rows);
  }

  /** A page's rows: its records, or the columns a worker thread decoded (every later page then joins them as columns). */
  addRows(rows: RowsOfPage, endpoint?: string): void {
    const gatherer = this.#gathererFor(endpoint);
    if (rows.kind === "records" && this.#assembler === undefined) {
      gatherer.add(rows.records);
      return;
    }
    this.#assembler ??= new ChunkAssembler(gatherer.result(), this.#expectedRows);
    this.#assembler.add(rows.kind === "columns" ? rows.chunk : gatherPageChunk(rows.records, this.#shape!));
  }

  /** The frame's row shape, looked up with its first page. */
  #shapeFor(endpoint: string | undefined): RowShape {
    this.#gathererFor(endpoint);
    return this.#shape!;
  }

  #gathererFor(endpoint: string | undefined): RecordGatherer {
    if (this.#gatherer === undefined) {
      this.#endpoint ??= endpoint;
      this.#shape = this.#shapeOf({ ...this.#options, endpoint: this.#endpoint, stackData: this.#stackData || this.#options.stackData });
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

const COUNTS = ["present", "numbers", "numericStrings", "otherStrings", "booleans", "structured"] as const;

/**
 * Page chunks after gathered rows, made into the table the main thread would have made of the same
 * records (the frame makes its rows when they are read). Each chunk's columns are appended to
 * the frame's columns as it comes and let go (a column of numbers stays an array of unboxed
 * doubles), its counts added to the column stats; the finish converts the columns in place
 * (finishTable's rules). Told how many rows to expect, a column of numbers makes room for them at
 * once and its numbers are written in place.
 */
class ChunkAssembler {
  readonly #names: string[];
  readonly #stats: ColumnStats;
  readonly #columnByName = new Map<string, number>();
  #columns: AssembledColumn[] = [];
  /** rows expected (each AssembledColumn makes room for them) */
  readonly #expectedRows: number;
  #rowCount: number;
  #finished: TableWithRows | undefined;

  /** `base`: rows gathered before the first chunk; its rows are moved into the columns (and emptied). */
  constructor(base: GatheredRows, expectedRows: number) {
    const { names, rows, stats } = base;
    this.#names = names;
    this.#stats = stats;
    this.#rowCount = rows.length;
    this.#expectedRows = expectedRows;
    names.forEach((name, column) => {
      this.#columnByName.set(name, column);
      this.#columns.push(new AssembledColumn(this.#expectedRows));
      if (rows.length === 0) return;
      const cells = rows.map((row) => row[column]);
      if (cells.every((cell) => typeof cell === "number"))
        this.#columns[column].putNumbers(Float64Array.from(cells as number[]), cells.length, 0);
      else this.#columns[column].putCells(cells, cells.length, 0);
    });
    rows.length = 0;
  }

  add(chunk: PageChunk): void {
    if (this.#finished) throw new Error("ChunkAssembler: a chunk added after the table was finished");
    const names = this.#names;
    const target = new Int32Array(chunk.names.length);
    chunk.names.forEach((name, index) => {
      let column = this.#columnByName.get(name);
      if (column === undefined) {
        column = names.length;
        names.push(name);
        this.#columnByName.set(name, column);
        this.#stats.addColumn(column);
        this.#columns.push(new AssembledColumn(this.#expectedRows));
      }
      target[index] = column;
    });
    addCounts(this.#stats, chunk.stats, target);
    this.#stats.rowCount += chunk.rowCount;

    const offset = this.#rowCount;
    const count = chunk.rowCount;
    chunk.columns.forEach((piece, index) => {
      const column = this.#columns[target[index]];
      if (piece instanceof Float64Array) column.putNumbers(piece, count, offset);
      else column.putCells(piece, count, offset);
    });
    this.#rowCount += count;
  }

  /** The finished table and its rows (the same on every call). */
  finish(declaredTypes?: ReadonlyMap<string, DeclaredType>): TableWithRows {
    this.#finished ??= this.#finish(declaredTypes);
    return this.#finished;
  }

  #finish(declaredTypes: ReadonlyMap<string, DeclaredType> | undefined): TableWithRows {
    const names = this.#names;
    const rowCount = this.#rowCount;
    const plan = planColumns(this.#stats, names.length, declaredTypes ? (column) => declaredTypes.get(names[column]) : undefined);
    const data = plan.kept.map((column, kept) => {
      const cells = this.#columns[column].finish(rowCount);
      convertColumn(cells, plan.conversions[kept]);
      return cells;
    });
    this.#columns = [];
    const columns = plan.kept.map((column) => names[column]);
    return { table: { columns, data, dtypes: plan.dtypes, rowCount } };
  }
}

function addCounts(stats: ColumnStats, counts: ChunkStats, target: Int32Array): void {
  for (const key of COUNTS) {
    const into = stats[key];
    const from = counts[key];
    for (let index = 0; index < target.length; index++) into[target[index]] += from[index];
  }
  for (let index = 0; index < target.length; index++) stats.notInt32[target[index]] |= counts.notInt32[index];
}
