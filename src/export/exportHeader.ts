import type { JsonRecord } from "../table/types";
import { CellTally, type ColumnType } from "../table/columnType";
import type { CellRows } from "./sourceBatches";
import { csvText } from "../table/cellConversion";
import type { CellColumns, ColumnCells } from "./sourceColumns";

/** A row object keyed by column names: null-prototype, so a column named `__proto__` is a key like any other. */
export function newRow(): JsonRecord {
  return Object.create(null) as JsonRecord;
}

const isMissing = (value: unknown): boolean => value === null || value === undefined;

/**
 * The header of a streamed export, decided once: the given columns, or the column names of the
 * first batches in first-appearance order. Also decided on those batches, by the one column type
 * decision the frame takes on all its rows (src/table/columnType.ts): each column's type, the
 * schema of a Parquet or Arrow file. Batches are names + rows of cells, as the row gatherer makes
 * them for a frame, or columns as a page chunk holds them (the columnar writers). Cells are placed as
 * they are (StreamedColumns has written them as the frame holds them).
 */
export class ExportHeader {
  readonly columns: readonly string[];
  readonly #position = new Map<string, number>();
  /** per header column: its type, undefined while the first batches held no value in it */
  readonly types: readonly (ColumnType | undefined)[];
  /** columns outside the header that carried a value, with how many rows carried one */
  readonly #newColumns = new Map<string, number>();

  constructor(firstBatches: readonly (CellRows | CellColumns)[], fixedColumns?: readonly string[]) {
    this.columns = fixedColumns ? [...fixedColumns] : namesInOrder(firstBatches);
    this.columns.forEach((column, position) => this.#position.set(column, position));
    this.types = this.#decideTypes(firstBatches);
  }

  /** A batch's rows as cells under the header; columns outside it are counted, not written. */
  cellsOf(batch: CellRows): unknown[][] {
    const positions = this.#positionsOf(batch.names);
    const width = this.columns.length;
    // rows already under the header, each as wide as it: the batch's own rows (made for this batch)
    if (
      positions.length === width &&
      positions.every((position, column) => position === column) &&
      batch.rows.every((row) => row.length === width)
    )
      return batch.rows as unknown[][];
    return batch.rows.map((row) => {
      const cells: unknown[] = new Array(width);
      for (let column = 0; column < row.length; column++) {
        const value = row[column];
        // a cell the row lacks stays a hole, as a key the record lacked did
        if (value === undefined && !(column in row)) continue;
        const position = positions[column];
        if (position < 0) {
          if (!isMissing(value)) this.#countNew(batch.names[column]);
        } else {
          cells[position] = value;
        }
      }
      return cells;
    });
  }

  /** A batch's columns under the header (undefined: a column it lacks); columns outside it are counted, not kept. */
  columnsOf(batch: CellColumns): (ColumnCells | undefined)[] {
    const placed = new Array<ColumnCells | undefined>(this.columns.length);
    batch.names.forEach((name, column) => {
      const position = this.#position.get(name);
      if (position !== undefined) placed[position] = batch.columns[column];
      else this.#countNewCells(name, batch.columns[column]);
    });
    return placed;
  }

  /**
   * A batch's rows as objects, for the writers without a header (NDJSON, JSON): every column with a
   * value is kept, keys in `order` (positions in batch.names).
   */
  objectsOf(batch: CellRows, order: readonly number[]): JsonRecord[] {
    return batch.rows.map((row) => {
      const object = newRow();
      for (const column of order) {
        const value = row[column];
        if (value === undefined && !(column in row)) continue;
        // a list cell is its JSON text, as the frame holds it
        object[batch.names[column]] = (value !== null && typeof value === "object" ? csvText(value) : value) as JsonRecord[string];
      }
      return object;
    });
  }

  /** Columns that later rows carried values in and the header left out, in first-seen order. */
  newColumns(): ReadonlyMap<string, number> {
    return this.#newColumns;
  }

  #positionsOf(names: readonly string[]): number[] {
    return names.map((name) => this.#position.get(name) ?? -1);
  }

  #countNew(name: string): void {
    this.#newColumns.set(name, (this.#newColumns.get(name) ?? 0) + 1);
  }

  #countNewCells(name: string, cells: ColumnCells): void {
    let carried = 0;
    for (let row = 0; row < cells.length; row++) if (!isMissing(cells[row])) carried++;
    if (carried) this.#newColumns.set(name, (this.#newColumns.get(name) ?? 0) + carried);
  }

  /** Per header column, its type over every cell of the batches and its declared type. */
  #decideTypes(batches: readonly (CellRows | CellColumns)[]): (ColumnType | undefined)[] {
    const tally = new CellTally();
    for (const batch of batches) {
      const positions = this.#positionsOf(batch.names);
      if (!("rows" in batch)) {
        batch.columns.forEach((cells, column) => {
          const position = positions[column];
          if (position >= 0) for (let row = 0; row < batch.rowCount; row++) tally.add(position, cells[row]);
        });
        continue;
      }
      for (const row of batch.rows) {
        for (let column = 0; column < row.length; column++) if (positions[column] >= 0) tally.add(positions[column], row[column]);
      }
    }
    const declared = batches.find((batch) => batch.declaredTypes)?.declaredTypes;
    return this.columns.map((name, position) => tally.typeOf(position, declared?.get(name)));
  }
}

/** The column names of batches, each once, in first-appearance order. */
export function namesInOrder(batches: readonly { readonly names: readonly string[] }[]): string[] {
  const seen = new Set<string>();
  for (const batch of batches) for (const name of batch.names) seen.add(name);
  return [...seen];
}
