import { shapeRecord } from "./shapeRecord";
import type { JsonRecord, ShapeOptions } from "./types";

/** Rows as arrays of cells, cells placed by column, columns in first-appearance order. */
export interface GatheredRows {
  names: string[];
  /**
   * rows[r][c]. Ragged: a row is as long as the columns known when it was read; a cell the row has
   * no value for is undefined (a hole, or past the row's end).
   */
  rows: unknown[][];
}

/** Flat rows as cell arrays, values as they are. */
export function gatherRows(rows: readonly JsonRecord[]): GatheredRows {
  const sink = new RowSink();
  for (const row of rows) sink.addRow(row);
  return sink.result();
}

/**
 * Records as cell arrays, flattened (and stacked) on the way: the same as
 * gatherRows(flattenRecords(records, options)) without a separate pass to find the nested records.
 * Wide records (over ~128 keys) are dictionary objects in V8, slow to enumerate, so each is read
 * once: it is stored as it is read, and only when a nested value turns up is its row dropped and its
 * shaped rows stored instead.
 */
export function gatherRecords(records: readonly JsonRecord[], options: ShapeOptions): GatheredRows {
  const stackLists = options.stackData === true;
  const sink = new RowSink();
  for (const record of records) {
    if (sink.addFlatRow(record, stackLists)) continue;
    for (const row of shapeRecord(record, options)) sink.addRow(row);
  }
  return sink.result();
}

/**
 * Places cells by key, never by position, so rows with missing keys or keys in another order land in
 * the right columns. Pages mostly repeat one key order, so a key is first compared with the key at the
 * same position in the previous row; the name map is consulted only on a mismatch. Rows, not columns,
 * are filled here: writing one cell into each of hundreds of long column arrays per record costs
 * about three times as much (cache and TLB misses) as the blocked transpose done later.
 */
class RowSink {
  private readonly names: string[] = [];
  private readonly rows: unknown[][] = [];
  private readonly columnByName = new Map<string, number>();
  private readonly keyAtPosition: string[] = [];
  private readonly columnAtPosition: number[] = [];

  addRow(row: JsonRecord): void {
    const keys = Object.keys(row);
    const cells = new Array<unknown>(this.names.length);
    for (let position = 0; position < keys.length; position++) {
      const key = keys[position];
      cells[this.columnAt(position, key)] = row[key];
    }
    this.rows.push(cells);
  }

  /** Stores a record that is already flat and returns true, or stores nothing and returns false. */
  addFlatRow(record: JsonRecord, stackLists: boolean): boolean {
    const keys = Object.keys(record);
    const cells = new Array<unknown>(this.names.length);
    for (let position = 0; position < keys.length; position++) {
      const key = keys[position];
      const value = record[key];
      if (typeof value === "object" && value !== null && (stackLists || !Array.isArray(value))) return false;
      cells[this.columnAt(position, key)] = value;
    }
    this.rows.push(cells);
    return true;
  }

  result(): GatheredRows {
    return { names: this.names, rows: this.rows };
  }

  private columnAt(position: number, key: string): number {
    if (this.keyAtPosition[position] === key) return this.columnAtPosition[position];
    let column = this.columnByName.get(key);
    if (column === undefined) {
      column = this.names.length;
      this.names.push(key);
      this.columnByName.set(key, column);
    }
    this.keyAtPosition[position] = key;
    this.columnAtPosition[position] = column;
    return column;
  }
}
