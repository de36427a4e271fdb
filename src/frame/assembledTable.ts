import type { ChunkStats, ColumnTable, PageChunk } from "../table/types";
import { CellConversion, ColumnStats, planColumns } from "../table/columnPlan";
import { parseNumericString, type DeclaredType } from "../table/columnType";
import { cellJsonText } from "../text/jsonText";
import { AssembledColumn, doublesArray } from "./assembledColumn";

const COUNTS = ["present", "numbers", "numericStrings", "otherStrings", "booleans", "structured"] as const;

/**
 * A table's columns as page chunks fill them, in row order, whoever cut the chunks (the page scanner,
 * on the main thread or a worker, or the one gatherer from records): each chunk's columns are
 * appended to the table's by name as it comes and let go (a column of numbers stays an array of
 * unboxed doubles), its counts added to the column stats. The finish decides each column's type
 * (columnPlan.ts) and converts its cells in place. Told how many rows to expect, a column makes room
 * for them at once and its cells are written in place.
 */
export class AssembledTable {
  readonly #names: string[] = [];
  readonly #stats = new ColumnStats();
  readonly #columnByName = new Map<string, number>();
  #columns: AssembledColumn[] = [];
  /** rows expected (each AssembledColumn makes room for them) */
  #expectedRows: number;
  #rowCount = 0;
  #finished: ColumnTable | undefined;

  constructor(expectedRows = 0) {
    this.#expectedRows = expectedRows;
  }

  /** Rows held so far. */
  get rowCount(): number {
    return this.#rowCount;
  }

  /** About how many rows the table will hold: its columns make room for them now, the rows held so far kept. */
  expectRows(rows: number): void {
    if (rows <= this.#rowCount) return;
    this.#expectedRows = rows;
    for (const column of this.#columns) column.makeRoom(rows);
  }

  add(chunk: PageChunk): void {
    if (this.#finished) throw new Error("AssembledTable: a chunk added after the table was finished");
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

  /** The finished table (the same on every call): columns null in every row dropped, the others converted to their dtype. */
  finish(declaredTypes?: ReadonlyMap<string, DeclaredType>): ColumnTable {
    this.#finished ??= this.#finish(declaredTypes);
    return this.#finished;
  }

  #finish(declaredTypes: ReadonlyMap<string, DeclaredType> | undefined): ColumnTable {
    const names = this.#names;
    const rowCount = this.#rowCount;
    const plan = planColumns(this.#stats, names.length, declaredTypes ? (column) => declaredTypes.get(names[column]) : undefined);
    const data = plan.kept.map((column, kept) => {
      const assembled = this.#columns[column];
      const numeric = plan.dtypes[kept] === "int32" || plan.dtypes[kept] === "float32";
      // read before finish(), which spends the column
      const heldAsDoubles = assembled.holdsDoubles;
      const cells = assembled.finish(rowCount);
      if (numeric && !heldAsDoubles) return doublesOf(cells);
      convertColumn(cells, plan.conversions[kept]);
      return cells;
    });
    this.#columns = [];
    const columns = plan.kept.map((column) => names[column]);
    return { columns, data, dtypes: plan.dtypes, rowCount };
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

/**
 * A column of numbers held as cells (a missing cell, a numeric string among them) as an array of
 * unboxed doubles, missing cells NaN: a number in an array of cells is a heap object of its own,
 * which costs twice the memory and most of the garbage collector's time in a wide frame.
 */
function doublesOf(cells: readonly unknown[]): number[] {
  const count = cells.length;
  const numbers = doublesArray(count);
  for (let row = 0; row < count; row++) {
    const value = cells[row];
    // the survey found every string of this column numeric
    numbers[row] = typeof value === "number" ? value : typeof value === "string" ? parseNumericString(value) : NaN;
  }
  return numbers;
}

/**
 * A column's cells converted in place as planned (a hole, undefined and null are all missing). One
 * loop per conversion, unchanged values left untouched: a shared converter returning either a number
 * or a parsed one makes V8 re-box every number it stores, and the allocations (millions of them) cost
 * more than the rest of the pass.
 */
function convertColumn(cells: unknown[], conversion: CellConversion): void {
  const count = cells.length;
  switch (conversion) {
    case CellConversion.None:
      break;
    case CellConversion.MissingToNull:
      for (let row = 0; row < count; row++) if (cells[row] === undefined) cells[row] = null;
      break;
    case CellConversion.MissingToNaN:
      for (let row = 0; row < count; row++) {
        const value = cells[row];
        if (value === undefined || value === null) cells[row] = NaN;
      }
      break;
    case CellConversion.ToNumber:
      for (let row = 0; row < count; row++) {
        const value = cells[row];
        // the survey found every string of this column numeric
        if (typeof value === "string") cells[row] = parseNumericString(value);
        else if (typeof value !== "number") cells[row] = NaN;
      }
      break;
    default:
      for (let row = 0; row < count; row++) {
        const value = cells[row];
        if (typeof value === "string") continue;
        cells[row] =
          value === undefined || value === null ? null : typeof value === "object" ? (cellJsonText(value) ?? null) : String(value);
      }
  }
}
