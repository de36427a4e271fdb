import { isFrameShape } from "../frame/frameShape";
import { ExportHeader, namesInOrder } from "./exportHeader";
import type { ColumnBatch, ColumnarOptions, ColumnarSchema, StoredCell, StoredColumn } from "./columnarTypes";
import { isMissingCell, typeOfCell, widen, type ColumnType } from "../table/columnType";
import { CellMismatch, cellAs } from "../table/cellConversion";
import { ColumnCounts } from "../table/columnCounts";
import {
  columnsOutsideChosen,
  COLUMN_TYPE_CHANGED_CODE,
  hasLoneSurrogate,
  LONE_SURROGATE_WARNING,
  TIMESTAMP_TO_UTC_CODE,
  warnOfColumnsLeftOut,
} from "./columnCounts";
import { ExportError } from "./exportError";
import { sourceColumns, type CellColumns, type ColumnCells } from "./sourceColumns";
import type { ExportSource } from "./types";
import { declaredTypes } from "./writerOptions";
import { parseNumericString, timestampShift } from "../table/columnType";

export const TARGET_CELLS_PER_BATCH = 400_000;
const MIN_BATCH_ROWS = 1_000;

/**
 * Rows a Parquet row group holds at least when `batchRows` does not say (a batch at 97 columns or
 * fewer holds more). A Parquet writer's cost is partly per column chunk (its dictionary, statistics
 * and pages): at 372 columns a batch is 1,076 rows, and groups 4× larger cut the encoding by ~40 %
 * and the file by ~40 % (measured with the earlier writer, hyparquet-writer); at 64 columns (6,250
 * rows) 4× larger groups saved no CPU and raised the 100,000-row peak by ~85 MiB.
 */
export const MIN_ROW_GROUP_ROWS = 4_096;

/** Rows per batch: about 400,000 cells (S9: 246 MiB peak at 64 columns, against 331 MiB at a million), at least 1,000 rows. */
export function defaultBatchRows(columns: number, targetCells = TARGET_CELLS_PER_BATCH): number {
  return Math.max(MIN_BATCH_ROWS, Math.ceil(targetCells / Math.max(1, columns)));
}

/** Rows per Parquet row group: `batchRows` when given (a batch is a row group), else a batch of at least MIN_ROW_GROUP_ROWS. */
export function rowGroupRows(columns: number, batchRows: number | undefined): number {
  return batchRows ?? Math.max(defaultBatchRows(columns), MIN_ROW_GROUP_ROWS);
}

/** What the earlier pieces of a continued export wrote. */
export interface ContinuedExport {
  /** columns they found empty in their first rows (utf8, taking only text later) */
  readonly emptyColumns?: readonly string[];
  /** rows they wrote */
  readonly rows?: number;
}

/**
 * A source as typed column batches under one schema, fixed before the first batch (Parquet and
 * Arrow cannot change it later). The rule (docs/parquet.md, "streaming and the schema"):
 * - a frame or an array of records is in memory: its types are inferred from every row;
 * - a pull's pages: rows are buffered until one batch is full (or the pull ends), and the header
 *   and types are decided on that first batch by the one column type decision
 *   (src/table/columnType.ts): a column the docs type keeps its documented type (a documented
 *   string stays text whatever its values look like), any other by all its values in the batch;
 * - a later page that the schema cannot hold (a fraction in an int64 column, a value in a column
 *   that was empty so far, a new column) raises an ExportError naming the column and the fix
 *   (`types`, `columns`), never a silently different file. `onNewColumns: "warn" | "ignore"` leaves
 *   new columns out instead, as the CSV writer does.
 * The batches given out may be longer than the first batch the types are decided on (`minOutRows`,
 * a Parquet file's row groups): the rows wait as their pages' columns until there are enough.
 */
export class TypedBatches {
  readonly #source: ExportSource;
  readonly #options: ColumnarOptions;
  #schema: ColumnarSchema | undefined;
  #plan: ExportHeader | undefined;
  /** columns the first rows left empty: typed as text, and only text may come later */
  #unsettled = new Set<number>();
  /**
   * of those, the text that came: a frame holds a column of only numeric text as numbers (but a
   * documented string), of only ISO dates as dates, of dates and timestamps as timestamps
   */
  readonly #unsettledText = new Map<number, UnsettledText>();
  /** of those, the columns the docs type as strings: numeric text is text in them */
  readonly #documentedText = new Set<number>();
  #rowsSoFar = 0;
  readonly #loneSurrogates = new ColumnCounts();
  /** timestamp cells whose text meant other than the UTC instant written (an offset, none, a date) */
  readonly #timestampsToUtc = new ColumnCounts();
  #batchRows = 0;

  /** names of columns an earlier piece found empty in its first rows (a continued export: see resumableExport) */
  readonly #emptyBefore: ReadonlySet<string>;

  /** cells a batch holds when `options.batchRows` does not say */
  readonly #targetCells: number;
  /** rows a batch given out holds at least when `options.batchRows` does not say */
  readonly #minOutRows: number;
  /** rows of a batch given out, once the schema is fixed */
  #outRows = 0;

  /** `continued`: what earlier pieces of a continued export wrote (see resumableExport): its empty columns, and its rows, which this piece's row numbers follow */
  constructor(source: ExportSource, options: ColumnarOptions, continued: ContinuedExport = {}, targetCells?: number, minOutRows = 0) {
    this.#source = source;
    this.#options = options;
    this.#emptyBefore = new Set(continued.emptyColumns ?? []);
    this.#rowsSoFar = continued.rows ?? 0;
    this.#targetCells = targetCells ?? TARGET_CELLS_PER_BATCH;
    this.#minOutRows = minOutRows;
  }

  /** Columns the first rows left empty, written as utf8 and taking only text later. */
  get emptyColumns(): string[] {
    return [...this.#unsettled].map((position) => this.#schema!.names[position]);
  }

  /** Rows per batch, once the schema is fixed. */
  get batchRows(): number {
    return this.#batchRows;
  }

  /** The schema, once the first batch has fixed it. */
  get schema(): ColumnarSchema | undefined {
    return this.#schema;
  }

  async *batches(): AsyncGenerator<ColumnBatch, void> {
    const inMemory = isFrameShape(this.#source) || Array.isArray(this.#source);
    /** the batches the schema is inferred from, until they hold one batch of rows */
    let first: CellColumns[] = [];
    let firstRows = 0;
    /** columns under the header, waiting for a full batch */
    const waiting = new WaitingColumns();
    let bufferLimit = inMemory ? Infinity : (this.#options.batchRows ?? 0);
    for await (const batch of sourceColumns(this.#source, this.#options)) {
      if (this.#plan) {
        waiting.add(this.#plan.columnsOf(batch), batch.rowCount);
      } else {
        first.push(batch);
        firstRows += batch.rowCount;
        if (bufferLimit === 0) bufferLimit = this.#options.batchRows ?? defaultBatchRows(namesInOrder(first).length, this.#targetCells);
        if (firstRows < bufferLimit) continue;
        this.#fixSchema(first, waiting);
        first = [];
      }
      bufferLimit = this.#batchRows;
      // full batches only: the rest waits for the next pages, so row groups stay whole
      while (waiting.rows >= this.#outRows) yield this.#columnsOf(waiting, this.#outRows);
    }
    if (!this.#plan) this.#fixSchema(first, waiting);
    while (waiting.rows > 0) yield this.#columnsOf(waiting, Math.min(this.#outRows, waiting.rows));
  }

  /**
   * Keys later pages brought and the header left out (only with onNewColumns "warn" or "ignore").
   * Warns of the cells written otherwise than a frame holds them, unless `warn` is false (a
   * resumable export's piece: its export warns once, of every piece's cells; see cellNotices).
   */
  finish(warn = true): string[] {
    if (warn) warnOfCells(this.cellNotices());
    const found = this.#plan?.newColumns() ?? new Map<string, number>();
    const dropped = [...found.keys()];
    if (dropped.length && this.#options.onNewColumns === "warn") warnOfColumnsLeftOut(found, this.#options.columns !== undefined, "schema");
    return dropped;
  }

  /** The cells written otherwise than a frame holds them, by column, so far. */
  cellNotices(): CellNotices {
    const notices = noNotices();
    for (const [position, seen] of this.#unsettledText) notices.numericText[this.#schema!.names[position]] = { ...seen };
    for (const [column, cells] of this.#loneSurrogates.counts()) notices.loneSurrogates[column] = cells;
    for (const [column, cells] of this.#timestampsToUtc.counts()) notices.timestampsToUtc[column] = cells;
    return notices;
  }

  /** Fixes the header and types from the first batches; their columns under the header join `waiting`. */
  #fixSchema(batches: CellColumns[], waiting: WaitingColumns): void {
    const declared = declaredTypes(this.#options.types);
    const documented = batches.find((batch) => batch.declaredTypes)?.declaredTypes;
    this.#plan = new ExportHeader(batches, this.#options.columns);
    const names = this.#plan.columns;
    const decided = this.#plan.types;
    for (const batch of batches) waiting.add(this.#plan.columnsOf(batch), batch.rowCount);
    const types = names.map((name, position): ColumnType => {
      if (this.#emptyBefore.has(name)) this.#unsettled.add(position);
      const fixed = declared.get(name);
      if (fixed) return fixed;
      if (decided[position] === undefined) this.#unsettled.add(position);
      return decided[position] ?? "utf8";
    });
    for (const position of this.#unsettled) {
      this.#unsettledText.set(position, { numeric: 0, other: false, dates: 0, timestamps: 0 });
      if (documented?.get(names[position]) === "string") this.#documentedText.add(position);
    }
    this.#schema = { names, types };
    this.#batchRows = this.#options.batchRows ?? defaultBatchRows(names.length, this.#targetCells);
    this.#outRows = this.#options.batchRows ?? Math.max(this.#batchRows, this.#minOutRows);
    this.#raiseOnNewColumns();
  }

  /** The first `rows` waiting rows as typed columns, column by column. */
  #columnsOf(waiting: WaitingColumns, rows: number): ColumnBatch {
    const { names, types } = this.#schema!;
    const pieces = waiting.take(rows);
    const columns: StoredColumn[] = [];
    for (let position = 0; position < names.length; position++) {
      const numbers = types[position] === "double" && !this.#unsettled.has(position) && wholeNumbers(pieces, position, rows);
      if (numbers) {
        columns.push(numbers);
        continue;
      }
      const stored = new Array<StoredCell>(rows);
      let at = 0;
      for (const { columns: placed, from, to } of pieces) {
        const cells = placed[position];
        if (cells === undefined) stored.fill(null, at, at + to - from);
        else this.#storeCells(position, types[position], cells, from, to, stored, at);
        at += to - from;
      }
      columns.push(stored);
    }
    this.#raiseOnNewColumns();
    this.#rowsSoFar += rows;
    return { rows, columns };
  }

  /** Cells `from`–`to` of one column as its type stores them, into `stored` from `at`. */
  #storeCells(position: number, type: ColumnType, cells: ColumnCells, from: number, to: number, stored: StoredCell[], at: number): void {
    if (cells instanceof Float64Array && type === "double" && !this.#unsettled.has(position)) {
      // numbers already: only NaN is missing
      for (let row = from; row < to; row++) {
        const value = cells[row];
        stored[at++] = value === value ? value : null;
      }
      return;
    }
    if (cells instanceof Float64Array && type === "int64" && !this.#unsettled.has(position)) {
      // a safe integer stays a number (no bigint made per cell); anything else as cellAs stores or refuses it
      for (let row = from; row < to; row++, at++) {
        const value = cells[row];
        if (value !== value) stored[at] = null;
        else stored[at] = Number.isSafeInteger(value) ? value : this.#stored(position, type, value, at);
      }
      return;
    }
    for (let row = from; row < to; row++, at++) {
      const value = cells[row];
      if (isMissingCell(value)) {
        stored[at] = null;
        continue;
      }
      const cell = this.#stored(position, type, value, at);
      // UTF-8 writes a lone surrogate as U+FFFD
      if (typeof cell === "string" && hasLoneSurrogate(cell)) this.#loneSurrogates.add(this.#schema!.names[position]);
      else if (type === "timestamp" && typeof value === "string" && timestampShift(value) !== undefined)
        this.#timestampsToUtc.add(this.#schema!.names[position]);
      stored[at] = cell;
    }
  }

  #stored(position: number, type: ColumnType, value: unknown, index: number): StoredCell {
    if (this.#unsettled.has(position)) {
      if (typeof value !== "string") this.#mismatch(position, type, new CellMismatch(value, typeOfCell(value)), index);
      const seen = this.#unsettledText.get(position);
      if (seen && !seen.other) countText(seen, value, this.#documentedText.has(position));
    }
    try {
      return cellAs(type, value);
    } catch (error) {
      if (error instanceof CellMismatch) this.#mismatch(position, type, error, index);
      throw error;
    }
  }

  #mismatch(position: number, type: ColumnType, error: CellMismatch, index: number): never {
    const name = this.#schema!.names[position];
    const unsettled = this.#unsettled.has(position);
    const was = unsettled ? "empty in the first rows (so written as utf8)" : `written as ${type}`;
    const wanted = unsettled ? error.found : widen(type, error.found);
    throw new ExportError(
      `column ${JSON.stringify(name)} was ${was}, but row ${this.#rowsSoFar + index + 1} holds ${error.message}; ` +
        `pass types: { ${JSON.stringify(name)}: "${wanted}" } to fix its type up front (CLI: --types ${name}=${wanted})`,
    );
  }

  #raiseOnNewColumns(): void {
    // columns outside the ones given are the caller's choice: raised of only when onNewColumns says so
    if ((this.#options.onNewColumns ?? (this.#options.columns ? "ignore" : "raise")) !== "raise") return;
    const found = this.#plan!.newColumns();
    if (!found.size) return;
    if (this.#options.columns) throw columnsOutsideChosen("source", found.keys());
    throw new ExportError(
      `a later page brought columns the first ${this.#rowsSoFar.toLocaleString("en-US")} rows lacked (${[...found.keys()].join(", ")}); ` +
        `a Parquet or Arrow schema is fixed once written: pass \`columns\` with every column (and \`types\` for them), or onNewColumns: "warn" to leave them out`,
    );
  }
}

/** What came in a column empty in the first rows (written as utf8): CellNotices' numericText. */
interface UnsettledText {
  numeric: number;
  other: boolean;
  dates?: number;
  timestamps?: number;
}

/** Counts one text of a column written as utf8 by what a frame makes of it (numeric text is text in a documented string). */
function countText(seen: UnsettledText, text: string, documentedText: boolean): void {
  const number = parseNumericString(text);
  if (number === number) {
    if (documentedText) seen.other = true;
    else seen.numeric++;
    return;
  }
  const kind = typeOfCell(text);
  if (kind === "date") seen.dates = (seen.dates ?? 0) + 1;
  else if (kind === "timestamp") seen.timestamps = (seen.timestamps ?? 0) + 1;
  else seen.other = true;
}

/**
 * The type a frame gives a column written as utf8 (its first rows empty), from the text that came:
 * numbers (only numeric text), date (only ISO dates), timestamp (dates and timestamps); undefined
 * where it is text in the frame too (other text, a mix, nothing).
 */
function frameTypeOfText({ numeric, other, dates = 0, timestamps = 0 }: UnsettledText): "numbers" | "date" | "timestamp" | undefined {
  if (other) return undefined;
  if (numeric > 0) return dates + timestamps === 0 ? "numbers" : undefined;
  if (timestamps > 0) return "timestamp";
  return dates > 0 ? "date" : undefined;
}

/** A column's rows across the pieces as one Float64Array when every piece holds them as numbers, none missing (NaN); else undefined. */
function wholeNumbers(pieces: readonly Piece[], position: number, rows: number): Float64Array | undefined {
  if (!pieces.every(({ columns }) => columns[position] instanceof Float64Array)) return undefined;
  const numbers = new Float64Array(rows);
  let at = 0;
  for (const { columns, from, to } of pieces) {
    numbers.set((columns[position] as Float64Array).subarray(from, to), at);
    at += to - from;
  }
  for (let row = 0; row < rows; row++) if (numbers[row] !== numbers[row]) return undefined;
  return numbers;
}

/** A stretch of rows of placed columns: rows `from` to `to` (exclusive) of each column. */
interface Piece {
  readonly columns: readonly (ColumnCells | undefined)[];
  from: number;
  to: number;
}

/** Columns under the header waiting for a full batch, as the batches brought them (never copied). */
class WaitingColumns {
  readonly #pieces: Piece[] = [];
  rows = 0;

  add(columns: readonly (ColumnCells | undefined)[], rowCount: number): void {
    if (rowCount === 0) return;
    this.#pieces.push({ columns, from: 0, to: rowCount });
    this.rows += rowCount;
  }

  /** The stretches holding the first `rows` rows, let go of here. */
  take(rows: number): Piece[] {
    const taken: Piece[] = [];
    let left = rows;
    while (left > 0) {
      const piece = this.#pieces[0];
      const count = Math.min(left, piece.to - piece.from);
      taken.push({ columns: piece.columns, from: piece.from, to: piece.from + count });
      piece.from += count;
      left -= count;
      if (piece.from === piece.to) this.#pieces.shift();
    }
    this.rows -= rows;
    return taken;
  }
}

/**
 * What an export wrote otherwise than a frame holds it, by column: numeric text, ISO dates and
 * timestamps in a column written as utf8 (its first rows empty; `other`: other text came too, so a
 * frame holds text as well; `dates` and `timestamps` absent in a manifest an earlier version
 * wrote, which counted dates as `other`), text with lone surrogates (UTF-8 writes U+FFFD), and
 * timestamp text written as a UTC instant that meant otherwise (timestampShift). Plain data, so a
 * resumable export keeps it in its manifest and adds up its pieces' (a manifest of an earlier
 * version lacks the last).
 */
export interface CellNotices {
  numericText: Record<string, UnsettledText>;
  loneSurrogates: Record<string, number>;
  timestampsToUtc?: Record<string, number>;
}

/** No cells to warn of, in null-prototype records: a column named `__proto__` is a key like any other. */
const noNotices = (): Required<CellNotices> => ({
  numericText: Object.create(null) as CellNotices["numericText"],
  loneSurrogates: Object.create(null) as CellNotices["loneSurrogates"],
  timestampsToUtc: Object.create(null) as CellNotices["loneSurrogates"],
});

/** Pieces' notices as one export's. */
export function joinedNotices(...pieces: readonly (CellNotices | undefined)[]): CellNotices {
  const joined = noNotices();
  for (const piece of pieces) {
    for (const [column, { numeric, other, dates = 0, timestamps = 0 }] of Object.entries(piece?.numericText ?? {})) {
      const seen = joined.numericText[column];
      joined.numericText[column] = {
        numeric: (seen?.numeric ?? 0) + numeric,
        other: (seen?.other ?? false) || other,
        dates: (seen?.dates ?? 0) + dates,
        timestamps: (seen?.timestamps ?? 0) + timestamps,
      };
    }
    for (const kind of ["loneSurrogates", "timestampsToUtc"] as const)
      for (const [column, cells] of Object.entries(piece?.[kind] ?? {})) joined[kind][column] = (joined[kind][column] ?? 0) + cells;
  }
  return joined;
}

/**
 * The export's warnings of its notices: columns written as utf8 (their first rows empty) whose text
 * a frame holds as numbers, dates or timestamps, lone surrogates, timestamps made UTC.
 */
export function warnOfCells({ numericText, loneSurrogates, timestampsToUtc = {} }: CellNotices): void {
  const held = { numbers: [] as string[], date: [] as string[], timestamp: [] as string[] };
  const fix: string[] = [];
  for (const [column, seen] of Object.entries(numericText)) {
    const type = frameTypeOfText(seen);
    if (!type) continue;
    held[type].push(`${column} (${seen.numeric + (seen.dates ?? 0) + (seen.timestamps ?? 0)} cells)`);
    fix.push(`${JSON.stringify(column)}: "${type === "numbers" ? "double" : type}"`);
  }
  const detail = (["numbers", "date", "timestamp"] as const)
    .filter((type) => held[type].length)
    .map((type) => `${type === "numbers" ? "numbers" : `${type}s`}: ${held[type].join(", ")}`);
  if (detail.length)
    process.emitWarning(
      `columns empty in the first rows were written as utf8 (a Parquet or Arrow schema is fixed on the first batch), ` +
        `but held only text a frame holds as another type: ${detail.join("; ")}. ` +
        `Pass \`types: { ${fix.join(", ")} }\` to write the frame's types.`,
      { code: COLUMN_TYPE_CHANGED_CODE },
    );
  ColumnCounts.of(Object.entries(loneSurrogates)).warn(
    LONE_SURROGATE_WARNING.what,
    LONE_SURROGATE_WARNING.hint,
    LONE_SURROGATE_WARNING.code,
  );
  ColumnCounts.of(Object.entries(timestampsToUtc)).warn(
    "timestamps were written as UTC instants, as Parquet and Arrow hold them, where their text said otherwise " +
      "(an offset other than UTC: the instant kept, the offset not; no offset: taken as UTC; a date among timestamps: its midnight UTC)",
    'Pass `types: { column: "utf8" }` to keep the text as the frame holds it (docs/writers.md).',
    TIMESTAMP_TO_UTC_CODE,
  );
}
