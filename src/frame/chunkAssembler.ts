import type { GatheredRows } from "./gatherRows";
import type { ChunkStats, PageChunk } from "../records";

const COUNTS = ["present", "numbers", "numericStrings", "otherStrings", "booleans", "structured"] as const;

/**
 * Page chunks appended to gathered rows as if the main thread had gathered their records: columns
 * placed by name in first-appearance order, each chunk's rows rebuilt as cell arrays, its counts
 * added to the column stats. finishTable then types and finishes them as it does any rows.
 */
export class ChunkAssembler {
  readonly #gathered: GatheredRows;
  readonly #columnByName = new Map<string, number>();

  constructor(base: GatheredRows) {
    this.#gathered = base;
    base.names.forEach((name, column) => this.#columnByName.set(name, column));
  }

  add(chunk: PageChunk): void {
    const { names, rows, stats } = this.#gathered;
    const target = new Int32Array(chunk.names.length);
    chunk.names.forEach((name, index) => {
      let column = this.#columnByName.get(name);
      if (column === undefined) {
        column = names.length;
        names.push(name);
        this.#columnByName.set(name, column);
        stats.addColumn(column);
      }
      target[index] = column;
    });
    addCounts(stats, chunk.stats, target);
    stats.rowCount += chunk.rowCount;

    const width = names.length;
    const first = rows.length;
    for (let row = 0; row < chunk.rowCount; row++) rows.push(new Array<unknown>(width));
    chunk.columns.forEach((cells, index) => {
      const column = target[index];
      for (let row = 0; row < chunk.rowCount; row++) {
        const value = cells[row];
        if (value !== undefined) rows[first + row][column] = value;
      }
    });
  }

  result(): GatheredRows {
    return this.#gathered;
  }
}

function addCounts(stats: GatheredRows["stats"], counts: ChunkStats, target: Int32Array): void {
  for (const key of COUNTS) {
    const into = stats[key];
    const from = counts[key];
    for (let index = 0; index < target.length; index++) into[target[index]] += from[index];
  }
  for (let index = 0; index < target.length; index++) stats.notInt32[target[index]] |= counts.notInt32[index];
}
