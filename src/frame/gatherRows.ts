import { ColumnStats } from "./columnStats";
import { GLOBAL_PREFIX } from "./globalPrefix";
import { recordRows } from "./recordRows";
import type { JsonRecord, RowShape } from "../records";

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
}

/** Flat rows as cell arrays, values as they are (a nested object is a value here, not flattened). */
export function gatherRows(rows: readonly JsonRecord[]): GatheredRows {
  const sink = new RowSink(new Set(), false, false);
  for (const row of rows) sink.addRecord(row);
  return sink.result();
}

/**
 * Records as cell arrays, flattened on the way: the same as gatherRows(flattenRecords(records,
 * options)) in one read of each record. Wide records (over ~128 keys) are dictionary objects in V8,
 * slow to enumerate, and flattening one into a new object makes another, so nested objects are
 * flattened straight into the row's cells. Only a record with a list to stack goes through
 * recordRows.
 */
export function gatherRecords(records: readonly JsonRecord[], shape: RowShape): GatheredRows {
  const gatherer = new RecordGatherer(shape);
  gatherer.add(records);
  return gatherer.result();
}

/**
 * gatherRecords a page at a time, so a pull's records can be let go as each page is read: a wide
 * record costs ~28 KB of heap as an object, ~6 KB as a row of cells.
 */
export class RecordGatherer {
  readonly #sink: RowSink;
  readonly #shape: RowShape;

  constructor(shape: RowShape) {
    this.#shape = shape;
    this.#sink = new RowSink(this.#shape.globalIncludes, this.#shape.stackData);
  }

  add(records: readonly JsonRecord[]): void {
    for (const record of records) {
      if (this.#sink.addRecord(record)) continue;
      for (const row of recordRows(record, this.#shape.globalIncludes, true)) this.#sink.addRecord(row);
    }
  }

  result(): GatheredRows {
    return this.#sink.result();
  }
}

const TOP_LEVEL = "";

/**
 * Places cells by column name, never by position, so rows with missing keys or keys in another order
 * land in the right columns. Pages mostly repeat one key order, so the n-th value of a row is first
 * matched against the n-th value of the previous row (same key under the same parent); the name map
 * is consulted only on a mismatch. Rows, not columns, are filled here: writing one cell into each of
 * hundreds of long column arrays per record costs about three times as much (cache and TLB misses)
 * as the blocked transpose done later.
 */
class RowSink {
  private readonly names: string[] = [];
  private readonly rows: unknown[][] = [];
  private readonly stats = new ColumnStats();
  private readonly columnByName = new Map<string, number>();
  private readonly keyAtPosition: string[] = [];
  private readonly parentAtPosition: string[] = [];
  private readonly columnAtPosition: number[] = [];
  /** `global_brand` once per include name, so the position check compares the same string each record */
  private readonly globalParents = new Map<string, string>();
  private position = 0;

  /** `flatten`: nested objects become parent_child cells (else they are values, like lists). */
  constructor(
    private readonly globalIncludes: ReadonlySet<string>,
    private readonly stackLists: boolean,
    private readonly flatten = true,
  ) {}

  /** Stores the record's row and returns true, or, for a list to stack, stores nothing and returns false. */
  addRecord(record: JsonRecord): boolean {
    const keys = Object.keys(record);
    const cells = new Array<unknown>(this.names.length);
    const { keyAtPosition, parentAtPosition, columnAtPosition } = this;
    this.position = 0;
    for (let index = 0; index < keys.length; index++) {
      const key = keys[index];
      const value = record[key];
      if (typeof value === "object" && value !== null && this.flatten) {
        if (Array.isArray(value)) {
          if (this.stackLists) return false;
        } else {
          const parent = this.globalIncludes.size > 0 && this.globalIncludes.has(key) ? this.globalParent(key) : key;
          if (!this.addObject(cells, value as JsonRecord, parent)) return false;
          continue;
        }
      }
      // columnAt's check, inlined for the ~350 top-level values of a wide record
      const position = this.position;
      if (keyAtPosition[position] === key && parentAtPosition[position] === TOP_LEVEL) {
        this.position = position + 1;
        cells[columnAtPosition[position]] = value;
      } else {
        cells[this.columnAt(TOP_LEVEL, key)] = value;
      }
    }
    // counted once the row is sure to be kept: a record given up for stacking counts nothing
    this.stats.countRow(cells);
    this.rows.push(cells);
    return true;
  }

  result(): GatheredRows {
    return { names: this.names, rows: this.rows, stats: this.stats };
  }

  private globalParent(key: string): string {
    let parent = this.globalParents.get(key);
    if (parent === undefined) {
      parent = GLOBAL_PREFIX + key;
      this.globalParents.set(key, parent);
    }
    return parent;
  }

  /**
   * A nested object's values into the row's cells, in key order at any depth: a walk with its own
   * stack, so a record nested thousands of levels deep never overflows the call stack.
   */
  private addObject(cells: unknown[], object: JsonRecord, parent: string): boolean {
    const stack: { object: JsonRecord; keys: string[]; index: number; parent: string }[] = [
      { object, keys: Object.keys(object), index: 0, parent },
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
          if (this.stackLists) return false;
        } else {
          const inner = value as JsonRecord;
          stack.push({ object: inner, keys: Object.keys(inner), index: 0, parent: `${frame.parent}_${key}` });
          continue;
        }
      }
      cells[this.columnAt(frame.parent, key)] = value;
    }
    return true;
  }

  private columnAt(parent: string, key: string): number {
    const position = this.position++;
    if (this.keyAtPosition[position] === key && this.parentAtPosition[position] === parent) {
      return this.columnAtPosition[position];
    }
    const name = parent === TOP_LEVEL ? key : `${parent}_${key}`;
    let column = this.columnByName.get(name);
    if (column === undefined) {
      column = this.names.length;
      this.names.push(name);
      this.columnByName.set(name, column);
      this.stats.addColumn(column);
    }
    this.keyAtPosition[position] = key;
    this.parentAtPosition[position] = parent;
    this.columnAtPosition[position] = column;
    return column;
  }
}
