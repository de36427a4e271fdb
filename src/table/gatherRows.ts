import { ColumnStats } from "./columnPlan";
import { Flattener, type FlattenRules } from "./flattener";
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
  const gatherer = new RecordGatherer({ globalIncludes: new Set(), stackLists: false, flatten: false });
  gatherer.add(rows);
  return gatherer.result();
}

/** Records as cell arrays, flattened on the way (the one flattener, src/table/flattener.ts) with the shape's rules. */
export function gatherRecords(records: readonly JsonRecord[], shape: RowShape): GatheredRows {
  const gatherer = new RecordGatherer(shape);
  gatherer.add(records);
  return gatherer.result();
}

/**
 * gatherRecords a page at a time, so a pull's records can be let go as each page is read: a wide
 * record costs ~28 KB of heap as an object, ~6 KB as a row of cells. Rows, not columns, are filled
 * here: writing one cell into each of hundreds of long column arrays per record costs about three
 * times as much (cache and TLB misses) as the blocked transpose done later.
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
    return { names: this.#flattener.names, rows: this.#rows, stats: this.#stats };
  }
}
