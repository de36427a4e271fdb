import { isFrameShape } from "../frame/frameShape";
import { ExportHeader, namesInOrder } from "./exportHeader";
import type { ColumnBatch, ColumnarOptions, ColumnarSchema, StoredCell } from "./columnarTypes";
import { isMissingCell, typeOfCell, widen, type ColumnType } from "../table/columnType";
import { CellMismatch, cellAs } from "../table/cellConversion";
import { COLUMN_TYPE_CHANGED_CODE, ColumnCounts, COLUMNS_LEFT_OUT_CODE, hasLoneSurrogate, LONE_SURROGATE_WARNING } from "./columnCounts";
import { ExportError } from "./exportError";
import { sourceBatches, type CellRows } from "./sourceBatches";
import type { ExportSource } from "./types";
import { declaredTypes } from "./writerOptions";
import { parseNumericString } from "../table/columnType";

const PLACED: CellRows = { names: [], rows: [] };
export const TARGET_CELLS_PER_BATCH = 400_000;
const MIN_BATCH_ROWS = 1_000;

/** Rows per batch: about 400,000 cells (S9: 246 MiB peak at 64 columns, against 331 MiB at a million), at least 1,000 rows. */
export function defaultBatchRows(columns: number, targetCells = TARGET_CELLS_PER_BATCH): number {
  return Math.max(MIN_BATCH_ROWS, Math.ceil(targetCells / Math.max(1, columns)));
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
 */
export class TypedBatches {
  readonly #source: ExportSource;
  readonly #options: ColumnarOptions;
  #schema: ColumnarSchema | undefined;
  #plan: ExportHeader | undefined;
  /** columns the first rows left empty: typed as text, and only text may come later */
  #unsettled = new Set<number>();
  /** of those (but documented strings), how many numeric-text cells came and whether other text did: a frame holds a column of only numeric text as numbers */
  readonly #unsettledText = new Map<number, { numeric: number; other: boolean }>();
  #rowsSoFar = 0;
  readonly #loneSurrogates = new ColumnCounts();
  #batchRows = 0;

  /** names of columns an earlier run found empty in its first rows (a continued export: see resumableExport) */
  readonly #emptyBefore: ReadonlySet<string>;

  /** cells a batch holds when `options.batchRows` does not say */
  readonly #targetCells: number;

  constructor(source: ExportSource, options: ColumnarOptions, emptyBefore: readonly string[] = [], targetCells?: number) {
    this.#source = source;
    this.#options = options;
    this.#emptyBefore = new Set(emptyBefore);
    this.#targetCells = targetCells ?? TARGET_CELLS_PER_BATCH;
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
    let first: CellRows[] = [];
    let firstRows = 0;
    /** rows under the header, waiting for a full batch */
    let buffer: unknown[][] = [];
    let bufferLimit = inMemory ? Infinity : (this.#options.batchRows ?? 0);
    for await (const batch of sourceBatches(this.#source, this.#options)) {
      const cells: CellRows =
        batch.kind === "frame" ? { names: batch.columns, rows: batch.rows, declaredTypes: batch.declaredTypes } : batch;
      if (this.#plan) {
        for (const row of this.#plan.cellsOf(cells)) buffer.push(row);
      } else {
        first.push(cells);
        firstRows += cells.rows.length;
        if (bufferLimit === 0) bufferLimit = this.#options.batchRows ?? defaultBatchRows(namesInOrder(first).length, this.#targetCells);
        if (firstRows < bufferLimit) continue;
        buffer = this.#fixSchema(first);
        first = [];
      }
      bufferLimit = this.#batchRows;
      if (buffer.length < bufferLimit) continue;
      // full batches only: the rest waits for the next pages, so row groups stay whole
      const full = buffer.length - (buffer.length % this.#batchRows);
      yield* this.#emit(buffer.slice(0, full));
      buffer = buffer.slice(full);
    }
    if (!this.#plan) buffer = this.#fixSchema(first);
    yield* this.#emit(buffer);
  }

  /** Keys later pages brought and the header left out (only with onNewColumns "warn" or "ignore"). */
  finish(): string[] {
    this.#warnOfNumericText();
    this.#loneSurrogates.warn(LONE_SURROGATE_WARNING.what, LONE_SURROGATE_WARNING.hint, LONE_SURROGATE_WARNING.code);
    const found = this.#plan?.newColumns() ?? new Map<string, number>();
    const dropped = [...found.keys()];
    if (dropped.length && this.#options.onNewColumns === "warn") {
      const detail = [...found].map(([column, rows]) => `${column} (${rows} rows)`).join(", ");
      process.emitWarning(
        `columns first seen after the schema was fixed were left out: ${detail}. Pass \`columns\` and \`types\` to fix the schema.`,
        {
          code: COLUMNS_LEFT_OUT_CODE,
        },
      );
    }
    return dropped;
  }

  /** Columns written as utf8 (empty in the first rows) that held only numeric text, which a frame holds as numbers. */
  #warnOfNumericText(): void {
    const detail: string[] = [];
    for (const [position, { numeric, other }] of this.#unsettledText)
      if (numeric > 0 && !other) detail.push(`${this.#schema!.names[position]} (${numeric} cells)`);
    if (!detail.length) return;
    process.emitWarning(
      `columns empty in the first rows were written as utf8, but held only numeric text, which a frame holds as numbers: ${detail.join(", ")}. ` +
        `Pass \`types\` (e.g. double) for them to write numbers.`,
      { code: COLUMN_TYPE_CHANGED_CODE },
    );
  }

  *#emit(rows: readonly (readonly unknown[])[]): Generator<ColumnBatch> {
    for (let start = 0; start < rows.length; start += this.#batchRows) yield this.#columnsOf(rows.slice(start, start + this.#batchRows));
  }

  /** Fixes the header and types from the first batches; returns their rows under the header. */
  #fixSchema(batches: CellRows[]): unknown[][] {
    const declared = declaredTypes(this.#options.types);
    const documented = batches.find((batch) => batch.declaredTypes)?.declaredTypes;
    this.#plan = new ExportHeader(batches, this.#options.columns);
    const names = this.#plan.columns;
    const decided = this.#plan.types;
    const rows: unknown[][] = [];
    for (let index = 0; index < batches.length; index++) {
      for (const cells of this.#plan.cellsOf(batches[index])) rows.push(cells);
      // each gathered batch goes once placed: an in-memory source is all first batches, held twice otherwise
      batches[index] = PLACED;
    }
    const types = names.map((name, position): ColumnType => {
      if (this.#emptyBefore.has(name)) this.#unsettled.add(position);
      const fixed = declared.get(name);
      if (fixed) return fixed;
      if (decided[position] === undefined) this.#unsettled.add(position);
      return decided[position] ?? "utf8";
    });
    for (const position of this.#unsettled)
      if (documented?.get(names[position]) !== "string") this.#unsettledText.set(position, { numeric: 0, other: false });
    this.#schema = { names, types };
    this.#batchRows = this.#options.batchRows ?? defaultBatchRows(names.length, this.#targetCells);
    this.#raiseOnNewColumns();
    return rows;
  }

  /** Rows under the header as typed columns. */
  #columnsOf(rows: readonly (readonly unknown[])[]): ColumnBatch {
    const { names, types } = this.#schema!;
    const columns: StoredCell[][] = names.map(() => new Array<StoredCell>(rows.length));
    for (let index = 0; index < rows.length; index++) {
      const cells = rows[index];
      for (let position = 0; position < names.length; position++) {
        const value = cells[position];
        const stored = isMissingCell(value) ? null : this.#stored(position, types[position], value, index);
        // UTF-8 writes a lone surrogate as U+FFFD
        if (typeof stored === "string" && hasLoneSurrogate(stored)) this.#loneSurrogates.add(names[position]);
        columns[position][index] = stored;
      }
    }
    this.#raiseOnNewColumns();
    this.#rowsSoFar += rows.length;
    return { rows: rows.length, columns };
  }

  #stored(position: number, type: ColumnType, value: unknown, index: number): StoredCell {
    if (this.#unsettled.has(position)) {
      if (typeof value !== "string") this.#mismatch(position, type, new CellMismatch(value, typeOfCell(value)), index);
      const seen = this.#unsettledText.get(position);
      if (seen && !seen.other) {
        const number = parseNumericString(value);
        if (number === number) seen.numeric++;
        else seen.other = true;
      }
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
    if ((this.#options.onNewColumns ?? "raise") !== "raise") return;
    const found = this.#plan!.newColumns();
    if (!found.size) return;
    throw new ExportError(
      `a later page brought columns the first ${this.#rowsSoFar.toLocaleString("en-US")} rows lacked (${[...found.keys()].join(", ")}); ` +
        `a Parquet or Arrow schema is fixed once written: pass \`columns\` with every column (and \`types\` for them), or onNewColumns: "warn" to leave them out`,
    );
  }
}
