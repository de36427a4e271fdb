import { ColumnStats } from "./columnPlan";
import { Flattener, RecordGatherer, type GatheredRows } from "./flatten";
import type { ChunkStats, JsonRecord, PageChunk, RowShape } from "./types";

/**
 * The one gatherer: records → a page's column chunk, by the one flattener (table/flatten.ts), with
 * the shape's rules. Every consumer of records takes its rows this way: the frame (page 1, records
 * added to a FrameBuilder), the decode workers' fallback, the CLI preview, `pages()` for a body the
 * page scanner did not read.
 */
export function gatherPageChunk(records: readonly JsonRecord[], shape: RowShape): PageChunk {
  const gatherer = new RecordGatherer(shape);
  let recordEnds: Int32Array | undefined;
  if (shape.stackData) {
    recordEnds = new Int32Array(records.length);
    records.forEach((record, index) => {
      gatherer.add([record]);
      recordEnds![index] = gatherer.result().rows.length;
    });
  } else {
    gatherer.add(records);
  }
  const chunk = documentedFlags(chunkOfRows(gatherer.result()), shape.declaredTypes);
  if (recordEnds) chunk.recordEnds = recordEnds;
  CLASHES_OF_RECORDS.set(records, { shape, clashes: chunk.clashes ?? NO_CLASHES });
  return chunk;
}

/**
 * A documented boolean's 0s and 1s as false and true, in place, its counts with them (WIRE.md: the
 * service sends flags "as 0/1 or booleans"; API.md: a documented boolean keeps that type), where
 * every value of the page's column is a flag; a column holding any other value is left as it came
 * (its type is then decided from its values). Every page of records passes here or through the
 * decoder's call, on every path.
 */
export function documentedFlags(chunk: PageChunk, declaredTypes: RowShape["declaredTypes"]): PageChunk {
  if (!declaredTypes) return chunk;
  const { stats, rowCount } = chunk;
  for (let column = 0; column < chunk.names.length; column++) {
    const flags = stats.numbers[column] + stats.numericStrings[column];
    if (flags === 0 || declaredTypes.get(chunk.names[column]) !== "boolean") continue;
    const cells = chunk.columns[column];
    if (!everyCellAFlag(cells, rowCount)) continue;
    const booleans = new Array<unknown>(rowCount);
    for (let row = 0; row < rowCount; row++) {
      const cell = cells[row];
      booleans[row] = typeof cell === "number" || typeof cell === "string" ? Number(cell) === 1 : cell;
    }
    chunk.columns[column] = booleans;
    stats.booleans[column] += flags;
    stats.numbers[column] = 0;
    stats.numericStrings[column] = 0;
    stats.notInt32[column] = 0;
  }
  return chunk;
}

function everyCellAFlag(cells: ArrayLike<unknown>, rowCount: number): boolean {
  for (let row = 0; row < rowCount; row++) {
    const cell = cells[row];
    if (!(cell === 0 || cell === 1 || cell === "0" || cell === "1" || typeof cell === "boolean" || cell === null || cell === undefined))
      return false;
  }
  return true;
}

const NO_CLASHES: ReadonlyMap<string, number> = new Map();
/** what gathering a page's records found of its field clashes, by the records, while they live */
const CLASHES_OF_RECORDS = new WeakMap<readonly JsonRecord[], { shape: RowShape; clashes: ReadonlyMap<string, number> }>();

/**
 * The columns two fields of one record flatten to with different values (PageChunk.clashes), for
 * records a pull handed on as they are: what their consumer's gathering found, or, when it made
 * rows of its own (or none), the one flattener's count.
 */
export function clashesOfRecords(records: readonly JsonRecord[], shape: RowShape): ReadonlyMap<string, number> {
  const gathered = CLASHES_OF_RECORDS.get(records);
  if (gathered && sameRowRules(gathered.shape, shape)) return gathered.clashes;
  const flattener = new Flattener({ globalIncludes: shape.globalIncludes, stackLists: shape.stackData }, () => {});
  for (const record of records) flattener.add(record);
  return flattener.clashes;
}

const ROWS_PER_BLOCK = 64;

/**
 * Gathered rows cut into columns. Rows are filled first (writing one cell into each of hundreds of
 * column arrays per record costs about three times as much), then transposed a block of rows at a
 * time: a plain transpose reads a different row on every cell and misses the cache each time, while
 * a block keeps its rows hot for every column.
 */
/** A column's cells in a chunk, or none when it lacks the column. */
export function chunkColumn(chunk: PageChunk, name: string): ArrayLike<unknown> {
  const at = chunk.names.indexOf(name);
  return at < 0 ? [] : chunk.columns[at];
}

export function chunkOfRows({ names, rows, stats, clashes }: GatheredRows): PageChunk {
  const rowCount = rows.length;
  const width = names.length;
  // a column of numbers in every row (a short row's missing cell is not counted) travels unboxed
  const columns: Array<Float64Array | unknown[]> = [];
  for (let column = 0; column < width; column++) {
    columns.push(stats.numbers[column] === rowCount ? new Float64Array(rowCount) : new Array<unknown>(rowCount));
  }
  for (let start = 0; start < rowCount; start += ROWS_PER_BLOCK) {
    const end = Math.min(rowCount, start + ROWS_PER_BLOCK);
    for (let column = 0; column < width; column++) {
      const cells = columns[column];
      if (cells instanceof Float64Array) copyNumbers(rows, column, cells, start, end);
      else copyCells(rows, column, cells, start, end);
    }
  }
  const chunk: PageChunk = { names, columns, rowCount, stats: statsOf(stats, width) };
  if (clashes) chunk.clashes = clashes;
  return chunk;
}

// one loop per kind of column, so that each store meets one kind of array

function copyNumbers(rows: readonly unknown[][], column: number, numbers: Float64Array, start: number, end: number): void {
  for (let row = start; row < end; row++) numbers[row] = rows[row][column] as number;
}

function copyCells(rows: readonly unknown[][], column: number, cells: unknown[], start: number, end: number): void {
  for (let row = start; row < end; row++) cells[row] = rows[row][column];
}

function statsOf(stats: ColumnStats, width: number): ChunkStats {
  return {
    present: stats.present.slice(0, width),
    numbers: stats.numbers.slice(0, width),
    numericStrings: stats.numericStrings.slice(0, width),
    otherStrings: stats.otherStrings.slice(0, width),
    booleans: stats.booleans.slice(0, width),
    structured: stats.structured.slice(0, width),
    notInt32: stats.notInt32.slice(0, width),
  };
}

/** A chunk as the gatherer gives the same records: its cells row by row under its names, and its counts. */
export function chunkRows(chunk: PageChunk): GatheredRows {
  const { names, columns, rowCount } = chunk;
  const rows = new Array<unknown[]>(rowCount);
  for (let row = 0; row < rowCount; row++) rows[row] = new Array<unknown>(columns.length);
  for (let column = 0; column < columns.length; column++) {
    const cells = columns[column];
    for (let row = 0; row < rowCount; row++) rows[row][column] = cells[row];
  }
  const stats = new ColumnStats();
  if (names.length > 0) stats.addColumn(names.length - 1);
  stats.rowCount = rowCount;
  for (const key of Object.keys(chunk.stats) as Array<keyof ChunkStats>) stats[key].set(chunk.stats[key]);
  return { names, rows, stats };
}

/** The buffers a chunk can hand over instead of copying. */
export function chunkBuffers(chunk: PageChunk): ArrayBuffer[] {
  // columns may be stretches of one array: each buffer is listed once
  const buffers = new Set<ArrayBuffer>();
  for (const column of chunk.columns) if (column instanceof Float64Array) buffers.add(column.buffer as ArrayBuffer);
  for (const counts of Object.values(chunk.stats) as Array<Int32Array | Uint8Array>) buffers.add(counts.buffer as ArrayBuffer);
  if (chunk.recordEnds) buffers.add(chunk.recordEnds.buffer as ArrayBuffer);
  return [...buffers];
}

/** The chunk with its columns in another order: `order[k]` is the column put k-th. */
export function reorderedChunk(chunk: PageChunk, order: Int32Array): PageChunk {
  const pick = <T>(items: ArrayLike<T>): T[] => Array.from(order, (column) => items[column]);
  const picked = <T extends Int32Array | Uint8Array>(counts: T): T => {
    const into = new (counts.constructor as new (length: number) => T)(order.length);
    order.forEach((column, at) => (into[at] = counts[column]));
    return into;
  };
  const { present, numbers, numericStrings, otherStrings, booleans, structured, notInt32 } = chunk.stats;
  const counts: ChunkStats = {
    present: picked(present),
    numbers: picked(numbers),
    numericStrings: picked(numericStrings),
    otherStrings: picked(otherStrings),
    booleans: picked(booleans),
    structured: picked(structured),
    notInt32: picked(notInt32),
  };
  const reordered: PageChunk = { names: pick(chunk.names), columns: pick(chunk.columns), rowCount: chunk.rowCount, stats: counts };
  if (chunk.recordEnds) reordered.recordEnds = chunk.recordEnds;
  if (chunk.clashes) reordered.clashes = chunk.clashes;
  return reordered;
}

/** The chunk without the rows of its first `records` records, counted again. */
export function sliceChunk(chunk: PageChunk, records: number): PageChunk {
  const from = records <= 0 ? 0 : chunk.recordEnds ? chunk.recordEnds[Math.min(records, chunk.recordEnds.length) - 1] : records;
  const sliced = countedChunk(
    chunk.names,
    chunk.columns.map((cells) => cells.slice(from)),
    Math.max(0, chunk.rowCount - from),
  );
  if (chunk.recordEnds) sliced.recordEnds = chunk.recordEnds.slice(records).map((end) => end - from);
  // counted over the whole page, the rows cut off included
  if (chunk.clashes) sliced.clashes = chunk.clashes;
  return sliced;
}

/** A chunk of one record a row (not stacked) with only the rows `keep` holds to, counted again. */
export function chunkRowsWhere(chunk: PageChunk, keep: (row: number) => boolean): PageChunk {
  const kept: number[] = [];
  for (let row = 0; row < chunk.rowCount; row++) if (keep(row)) kept.push(row);
  if (kept.length === chunk.rowCount) return chunk;
  const columns = chunk.columns.map((cells) =>
    cells instanceof Float64Array ? Float64Array.from(kept, (row) => cells[row]) : kept.map((row) => cells[row]),
  );
  const filtered = countedChunk(chunk.names, columns, kept.length);
  if (chunk.clashes) filtered.clashes = chunk.clashes;
  return filtered;
}

function countedChunk(names: string[], columns: PageChunk["columns"], rowCount: number): PageChunk {
  const stats = new ColumnStats();
  if (names.length > 0) stats.addColumn(names.length - 1);
  const cells = new Array<unknown>(names.length);
  for (let row = 0; row < rowCount; row++) {
    for (let column = 0; column < columns.length; column++) cells[column] = columns[column][row];
    stats.countRow(cells);
  }
  return { names, columns, rowCount, stats: statsOf(stats, names.length) };
}

/**
 * A page's rows already decoded to columns by its pull (the one decoder, maybe on a worker thread),
 * held beside the page until its records are asked for: a consumer whose rows follow the same rules
 * (`shape`) takes the chunk instead of gathering the records again.
 */
export interface PageColumns {
  readonly chunk: PageChunk;
  /** the rules the chunk was shaped by (its columns' names and rows) */
  readonly shape: RowShape;
  /** how many records made the chunk (a stacked record may make several rows, or none) */
  readonly recordCount: number;
  /** a pull's first page, when more are coming: the rows the pull will hold, about */
  readonly rowsAhead?: number;
}

const COLUMNS_OF_PAGE = new WeakMap<object, PageColumns>();
/** the page objects a pull handed out (whose pull tells of their field clashes itself) */
const PULLED_PAGES = new WeakSet<object>();

/** Marks `page` as a pull's own page object. */
export function markPulledPage(page: object): void {
  PULLED_PAGES.add(page);
}

/** Records the caller made (an array, or a page object of its own), not a page a pull handed out. */
export function isOwnRecords(page: unknown): boolean {
  return typeof page !== "object" || page === null || !PULLED_PAGES.has(page);
}

/** Holds `columns` beside `page` (the pull's page object, never copied: a copy of it has records only). */
export function holdPageColumns(page: object, columns: PageColumns): void {
  COLUMNS_OF_PAGE.set(page, columns);
}

/** Lets go of a page's columns: once its records were handed out they may be changed, and the records are the page. */
export function dropPageColumns(page: object): void {
  COLUMNS_OF_PAGE.delete(page);
}

/** The columns a pull holds beside `page`, when their rules are `shape`'s; else undefined (take the records). */
export function pageColumnsOf(page: unknown, shape: RowShape): PageColumns | undefined {
  if (typeof page !== "object" || page === null) return undefined;
  const columns = COLUMNS_OF_PAGE.get(page);
  return columns && sameRowRules(columns.shape, shape) ? columns : undefined;
}

/** How many records a page holds, without making them when its pull holds its columns; undefined when `page` holds no records. */
export function pageRecordCount(page: unknown): number | undefined {
  if (typeof page !== "object" || page === null) return undefined;
  const held = COLUMNS_OF_PAGE.get(page);
  if (held) return held.recordCount;
  const records = (page as { records?: unknown }).records;
  return Array.isArray(records) ? records.length : undefined;
}

function sameRowRules(a: RowShape, b: RowShape): boolean {
  if (a.stackData !== b.stackData || a.globalIncludes.size !== b.globalIncludes.size) return false;
  for (const include of a.globalIncludes) if (!b.globalIncludes.has(include)) return false;
  return true;
}
