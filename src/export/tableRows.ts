import { ExportHeader } from "./exportHeader";
import { columnsOutsideChosen, warnOfColumnsLeftOut } from "./columnCounts";
import { ExportError } from "./exportError";
import { isFrameShape } from "../frame/frameShape";
import { sourceBatches, type FrameBatch, type SourceBatch } from "./sourceBatches";
import { StreamedColumns, type CellForm, type TakenBatch } from "./streamedColumns";
import type { ExportOptions, ExportSource } from "./types";

/**
 * Rows as header-aligned cell arrays, for the writers that have a header (CSV, Excel). The header
 * is known before the first batch for a frame or given columns, else from the first batch; it
 * never changes afterwards (the header policy: docs/cli.md). Cells are a frame's as they are, and
 * records' as the frame of all their rows holds them (StreamedColumns; an array of records is read
 * whole first, so its cells are exactly the frame's).
 */
export class TableRows {
  #columns: readonly string[] | undefined;
  #plan: ExportHeader | undefined;
  readonly #source: ExportSource;
  readonly #options: ExportOptions;
  /** the records' cells as the frame holds them: which columns a later page turned, to rewrite */
  readonly streamed: StreamedColumns;

  /** `datesApart`: StreamedColumns's, for Excel */
  constructor(source: ExportSource, options: ExportOptions, form: CellForm, rewritable = true, datesApart = false) {
    this.#source = source;
    this.#options = options;
    this.streamed = new StreamedColumns(form, rewritable, datesApart);
    if (options.columns) this.#columns = [...options.columns];
    else if (isFrameShape(source)) this.#columns = [...source.columns];
    if (isFrameShape(source) && options.columns && options.onNewColumns === "raise") {
      const chosen = options.columns;
      const others = source.columns.filter((column) => !chosen.includes(column));
      if (others.length) throw columnsOutsideChosen("frame", others);
    }
  }

  /** The header, or undefined while it still waits for the first batch. */
  get columns(): readonly string[] | undefined {
    return this.#columns;
  }

  async *batches(): AsyncGenerator<unknown[][], void> {
    for await (const batch of takenBatches(this.#source, this.#options, this.streamed)) {
      if (batch.kind === "frame") {
        yield this.#frameCells(batch);
        continue;
      }
      this.#plan ??= new ExportHeader([batch], this.#options.columns);
      this.#columns = this.#plan.columns;
      const cells = this.#plan.cellsOf(batch);
      if (this.#options.onNewColumns === "raise") this.#raiseOnNewColumns();
      yield cells;
    }
  }

  /**
   * Columns left out, after the one warning the "warn" policy gives (at the end, not per page):
   * those first seen after the header was written, or with `columns` given every other column of
   * the source that held a value (the caller's choice: warned of only when onNewColumns says so).
   */
  finish(): string[] {
    this.streamed.finish();
    const chosen = this.#options.columns;
    const frameOthers =
      chosen && isFrameShape(this.#source) ? this.#source.columns.filter((column) => !chosen.includes(column)) : undefined;
    const found: ReadonlyMap<string, number | undefined> = frameOthers
      ? new Map(frameOthers.map((column) => [column, undefined]))
      : (this.#plan?.newColumns() ?? new Map<string, number>());
    const dropped = [...found.keys()];
    if (dropped.length && (this.#options.onNewColumns ?? (chosen ? "ignore" : "warn")) === "warn")
      warnOfColumnsLeftOut(found, chosen !== undefined, "header");
    return dropped;
  }

  #frameCells(batch: FrameBatch): unknown[][] {
    const wanted = this.#options.columns;
    if (!wanted) return batch.rows as unknown[][];
    const positions = wanted.map((column) => batch.columns.indexOf(column));
    return batch.rows.map((row) => positions.map((position) => (position < 0 ? undefined : row[position])));
  }

  #raiseOnNewColumns(): void {
    const found = this.#plan!.newColumns();
    if (!found.size) return;
    if (this.#options.columns) throw columnsOutsideChosen("source", found.keys());
    throw new ExportError(
      `a later page brought columns the header lacks (${[...found.keys()].join(", ")}); pass \`columns\` with every column, or onNewColumns: "warn"`,
    );
  }
}

/**
 * The source's batches, records ones with their cells written as the frame of every row so far
 * holds them (StreamedColumns): a pull's pages one at a time, an array of records taken whole
 * before its first cell is written (it is in memory already), so its cells are the frame's.
 */
export async function* takenBatches(
  source: ExportSource,
  options: ExportOptions,
  streamed: StreamedColumns,
): AsyncGenerator<SourceBatch, void> {
  const all: TakenBatch[] = [];
  for await (const batch of sourceBatches(source, options)) {
    if (batch.kind === "frame") {
      yield batch;
      continue;
    }
    const taken = streamed.take(batch);
    if (Array.isArray(source)) {
      all.push(taken);
      continue;
    }
    streamed.write(taken);
    yield batch;
  }
  for (const taken of all) {
    streamed.write(taken);
    yield taken.batch as SourceBatch;
  }
}
