import type { GatheredRows } from "../table/flatten";
import type { ChunkStats, PageChunk } from "../records";
import type { DeclaredType } from "../table/columnType";
import { planColumns, type ColumnStats } from "../table/columnPlan";
import { convertColumn, type TableWithRows } from "./finishTable";

const COUNTS = ["present", "numbers", "numericStrings", "otherStrings", "booleans", "structured"] as const;

/**
 * Page chunks after gathered rows, made into the table the main thread would have made of the same
 * records (the frame makes its rows when they are read). Each chunk is appended to one array per column as it comes and let go (a
 * column of numbers stays an array of unboxed doubles), its counts added to the column stats; the
 * finish converts the columns in place (finishTable's rules).
 */
export class ChunkAssembler {
  readonly #names: string[];
  readonly #stats: ColumnStats;
  readonly #columnByName = new Map<string, number>();
  /** gathered cells by column, undefined where a row has none; a column absent lately is short */
  #columns: unknown[][] = [];
  #rowCount: number;
  #finished: TableWithRows | undefined;

  /** `base`: rows gathered before the first chunk; its rows are moved into the columns (and emptied). */
  constructor(base: GatheredRows) {
    const { names, rows, stats } = base;
    this.#names = names;
    this.#stats = stats;
    this.#rowCount = rows.length;
    names.forEach((name, column) => {
      this.#columnByName.set(name, column);
      this.#columns.push([]);
    });
    for (const cells of rows) for (let column = 0; column < names.length; column++) this.#columns[column].push(cells[column]);
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
        this.#columns.push([]);
      }
      target[index] = column;
    });
    addCounts(this.#stats, chunk.stats, target);
    this.#stats.rowCount += chunk.rowCount;

    const offset = this.#rowCount;
    const count = chunk.rowCount;
    chunk.columns.forEach((piece, index) => {
      const cells = this.#columns[target[index]];
      fillMissing(cells, offset);
      // two loops, so that each reads one kind of array
      if (piece instanceof Float64Array) for (let row = 0; row < count; row++) cells.push(piece[row]);
      else for (let row = 0; row < count; row++) cells.push(piece[row]);
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
      const cells = this.#columns[column];
      fillMissing(cells, rowCount);
      convertColumn(cells, plan.conversions[kept]);
      return cells;
    });
    this.#columns = [];
    const columns = plan.kept.map((column) => names[column]);
    return { table: { columns, data, dtypes: plan.dtypes, rowCount } };
  }
}

/**
 * Missing cells written as undefined, never left as holes: V8 makes an array with many holes a
 * dictionary, slow for the frame ever after.
 */
function fillMissing(cells: unknown[], length: number): void {
  while (cells.length < length) cells.push(undefined);
}

function addCounts(stats: ColumnStats, counts: ChunkStats, target: Int32Array): void {
  for (const key of COUNTS) {
    const into = stats[key];
    const from = counts[key];
    for (let index = 0; index < target.length; index++) into[target[index]] += from[index];
  }
  for (let index = 0; index < target.length; index++) stats.notInt32[target[index]] |= counts.notInt32[index];
}
