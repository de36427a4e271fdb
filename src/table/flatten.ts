import { ColumnStats } from "./columnPlan";
import { GLOBAL_PREFIX, stackedRows, type StackedRow } from "./stackedRows";
import type { JsonRecord, RowShape } from "./types";

// The one flattener (Flattener), and the row-wise fill of the one gatherer (RecordGatherer: rows of
// cells and their counts), which gatherPageChunk (pageChunk.ts) cuts into a page's column chunk.

/** Rows as arrays of cells, cells placed by column, columns in first-appearance order. */
export interface GatheredRows {
  names: string[];
  /**
   * rows[r][c]. Ragged: a row is as long as the columns known when it was read; a cell the row has
   * no value for is undefined (a hole, or past the row's end).
   */
  rows: unknown[][];
  /** counted while gathering, to spare a second read of every cell */
  stats: ColumnStats;
  /** the columns two fields of one record flattened to with different values (the later one's kept), and in how many rows */
  clashes?: ReadonlyMap<string, number>;
}

// gatherRows and gatherRecords give the gatherer's rows themselves, to the exports' batches
// (export/sourceBatches.ts) until they take chunks; every other consumer takes gatherPageChunk's.

/** Flat rows as cell arrays, values as they are (a nested object is a value here, not flattened). */
export function gatherRows(rows: readonly JsonRecord[]): GatheredRows {
  const gatherer = new RecordGatherer({ globalIncludes: new Set(), stackLists: false, flatten: false });
  gatherer.add(rows);
  return gatherer.result();
}

/** Records as cell arrays, flattened on the way by the one flattener (Flattener, below) with the shape's rules. */
export function gatherRecords(records: readonly JsonRecord[], shape: RowShape): GatheredRows {
  const gatherer = new RecordGatherer(shape);
  gatherer.add(records);
  return gatherer.result();
}

/**
 * Records gathered as rows of cells, placed by the one flattener, each row counted as it is filled
 * (ColumnStats). Rows, not columns, are filled here: writing one cell into each of hundreds of long
 * column arrays per record costs about three times as much (cache and TLB misses) as the blocked
 * transpose gatherPageChunk does after.
 */
export class RecordGatherer {
  readonly #rows: unknown[][] = [];
  readonly #stats = new ColumnStats();
  readonly #flattener: Flattener;

  constructor(shape: RowShape | FlattenRules) {
    const rules: FlattenRules = "stackData" in shape ? { globalIncludes: shape.globalIncludes, stackLists: shape.stackData } : shape;
    this.#flattener = new Flattener(
      rules,
      (cells) => {
        this.#stats.countRow(cells);
        this.#rows.push(cells);
      },
      (column) => this.#stats.addColumn(column),
    );
  }

  add(records: readonly JsonRecord[]): void {
    for (const record of records) this.#flattener.add(record);
  }

  /** the rows so far: the same object, growing, at each call */
  result(): GatheredRows {
    const clashes = this.#flattener.clashes;
    return { names: this.#flattener.names, rows: this.#rows, stats: this.#stats, ...(clashes.size ? { clashes } : {}) };
  }
}

/**
 * Where a flattened row goes: its cells by column (`cells[c]`, undefined where the row has no value;
 * the array is the row's own), and its columns in the order the record gave them (`order[0..length)`,
 * a column repeated when two fields flatten to one name: the last value is the cell's). `order` is
 * the flattener's own array, valid until the next row.
 */
export type RowOut = (cells: unknown[], order: readonly number[], length: number) => void;

/** How records become rows: the RowShape's rules, and whether nested objects are flattened at all. */
export interface FlattenRules {
  readonly globalIncludes: ReadonlySet<string>;
  /** nested lists become rows (stackedRows: the product of all lists in a record) */
  readonly stackLists: boolean;
  /** nested objects become `parent_child` cells; if not, they are values like lists */
  readonly flatten?: boolean;
}

const TOP_LEVEL = "";

/**
 * The one flattener: records → rows of cells, placed by column name, columns numbered in
 * first-appearance order (of the rows, in row order). A nested object's fields become
 * `parent_child` columns at any depth, an included object listed in `globalIncludes` is
 * `global_`-prefixed at the top level, a key named `__proto__` is a column like any other, and with
 * `stackLists` a record's lists are stacked into rows (stackedRows).
 *
 * Cells are placed by name, never by position, so records with missing keys or keys in another order
 * land in the right columns. Pages mostly repeat one key order, so the n-th value of a record is
 * first matched against the n-th value of the previous one (same key under the same prefix); the name
 * map is consulted only on a mismatch. Wide records (over ~128 keys) are dictionary objects in V8,
 * slow to enumerate, so a record without a list to stack is read once, straight into its row's
 * cells, with no object per record or per nested object.
 */
export class Flattener {
  /** column names, in first-appearance order */
  readonly names: string[] = [];
  readonly #columnByName = new Map<string, number>();
  readonly #keyAtPosition: string[] = [];
  readonly #prefixAtPosition: string[] = [];
  /** the column of each position of the last row: its `order` */
  readonly #columnAtPosition: number[] = [];
  /** `global_brand_` once per include name, so the position check compares the same string each record */
  readonly #globalPrefixes = new Map<string, string>();
  /** the field (prefix, key) each column was first named from */
  readonly #prefixOfColumn: string[] = [];
  readonly #keyOfColumn: string[] = [];
  /** by column: 1 once a second field flattens to its name (`a_b` beside `a: {b}`) */
  #sharedColumns: Uint8Array | undefined;
  /** the columns two fields of one record gave different values, and in how many rows: the later value is the cell's */
  readonly clashes = new Map<string, number>();
  #position = 0;
  readonly #globalIncludes: ReadonlySet<string>;
  readonly #stackLists: boolean;
  readonly #flatten: boolean;

  /** `onColumn` hears of each new column as it is numbered, before the row that has it. */
  constructor(
    rules: FlattenRules,
    private readonly out: RowOut,
    private readonly onColumn: (column: number) => void = () => {},
  ) {
    this.#globalIncludes = rules.globalIncludes;
    this.#stackLists = rules.stackLists;
    this.#flatten = rules.flatten ?? true;
  }

  /** The record's row, or with `stackLists` its rows (one at least: an empty list multiplies by one), handed to `out` in order. */
  add(record: JsonRecord): void {
    if (this.#addRecord(record)) return;
    for (const row of stackedRows(record, this.#globalIncludes)) this.#addStacked(row);
  }

  /** One row read straight from the record; false (and no row) when it holds a list to stack. */
  #addRecord(record: JsonRecord): boolean {
    const keys = Object.keys(record);
    const cells = new Array<unknown>(this.names.length);
    const keyAtPosition = this.#keyAtPosition;
    const prefixAtPosition = this.#prefixAtPosition;
    const columnAtPosition = this.#columnAtPosition;
    this.#position = 0;
    for (let index = 0; index < keys.length; index++) {
      const key = keys[index];
      const value = record[key];
      if (typeof value === "object" && value !== null && this.#flatten) {
        if (Array.isArray(value)) {
          if (this.#stackLists) return false;
        } else {
          const prefix = this.#globalIncludes.size > 0 && this.#globalIncludes.has(key) ? this.#globalPrefix(key) : key + "_";
          if (!this.#addObject(cells, value as JsonRecord, prefix)) return false;
          continue;
        }
      }
      // columnAt's check, inlined for the ~350 top-level values of a wide record
      const position = this.#position;
      if (keyAtPosition[position] === key && prefixAtPosition[position] === TOP_LEVEL) {
        this.#position = position + 1;
        if (this.#sharedColumns === undefined) cells[columnAtPosition[position]] = value;
        else this.#put(cells, columnAtPosition[position], value);
      } else {
        this.#put(cells, this.#columnAt(TOP_LEVEL, key), value);
      }
    }
    this.out(cells, columnAtPosition, this.#position);
    return true;
  }

  /**
   * A nested object's values into the row's cells, in key order at any depth: a walk with its own
   * stack, so a record nested thousands of levels deep never overflows the call stack.
   */
  #addObject(cells: unknown[], object: JsonRecord, prefix: string): boolean {
    const stack: { object: JsonRecord; keys: string[]; index: number; prefix: string }[] = [
      { object, keys: Object.keys(object), index: 0, prefix },
    ];
    while (stack.length) {
      const frame = stack[stack.length - 1];
      if (frame.index === frame.keys.length) {
        stack.pop();
        continue;
      }
      const key = frame.keys[frame.index++];
      const value = frame.object[key];
      if (typeof value === "object" && value !== null) {
        if (Array.isArray(value)) {
          if (this.#stackLists) return false;
        } else {
          const inner = value as JsonRecord;
          stack.push({ object: inner, keys: Object.keys(inner), index: 0, prefix: `${frame.prefix}${key}_` });
          continue;
        }
      }
      this.#put(cells, this.#columnAt(frame.prefix, key), value);
    }
    return true;
  }

  /** One row of a stacked record: (prefix, key, value) triples in field order. */
  #addStacked(row: StackedRow): void {
    const cells = new Array<unknown>(this.names.length);
    this.#position = 0;
    for (let index = 0; index < row.length; index += 3) {
      this.#put(cells, this.#columnAt(row[index] as string, row[index + 1] as string), row[index + 2]);
    }
    this.out(cells, this.#columnAtPosition, this.#position);
  }

  #shareColumn(column: number): void {
    if (this.#sharedColumns === undefined || this.#sharedColumns.length <= column) {
      const shared = new Uint8Array(Math.max(column + 1, this.names.length));
      if (this.#sharedColumns) shared.set(this.#sharedColumns);
      this.#sharedColumns = shared;
    }
    this.#sharedColumns[column] = 1;
  }

  #globalPrefix(key: string): string {
    let prefix = this.#globalPrefixes.get(key);
    if (prefix === undefined) {
      prefix = GLOBAL_PREFIX + key + "_";
      this.#globalPrefixes.set(key, prefix);
    }
    return prefix;
  }

  /** `cells[column] = value`, counting a clash when another field of the row gave the column a different value. */
  #put(cells: unknown[], column: number, value: unknown): void {
    if (this.#sharedColumns?.[column] === 1) {
      const before = cells[column];
      if (before !== undefined && !sameCell(before, value)) {
        const name = this.names[column];
        this.clashes.set(name, (this.clashes.get(name) ?? 0) + 1);
      }
    }
    cells[column] = value;
  }

  #columnAt(prefix: string, key: string): number {
    const position = this.#position++;
    if (this.#keyAtPosition[position] === key && this.#prefixAtPosition[position] === prefix) {
      return this.#columnAtPosition[position];
    }
    const name = prefix + key;
    let column = this.#columnByName.get(name);
    if (column === undefined) {
      column = this.names.length;
      this.names.push(name);
      this.#columnByName.set(name, column);
      this.#prefixOfColumn[column] = prefix;
      this.#keyOfColumn[column] = key;
      this.onColumn(column);
    } else if (this.#keyOfColumn[column] !== key || this.#prefixOfColumn[column] !== prefix) {
      this.#shareColumn(column);
    }
    this.#keyAtPosition[position] = key;
    this.#prefixAtPosition[position] = prefix;
    this.#columnAtPosition[position] = column;
    return column;
  }
}

/** Whether two values of one row's column are the same JSON value (a list or object compared by its text). */
export function sameCell(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  return typeof a === "object" && typeof b === "object" && a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b);
}
