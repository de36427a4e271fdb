import type { GatheredRows } from "./gatherRows";
import type { ChunkStats, PageChunk } from "../records";
import type { DeclaredType } from "../table/columnType";
import { planColumns } from "./columnPlan";
import { copyChunkCells } from "./chunkCells";
import type { TableWithRows } from "./columnTable";
import { finishCells } from "./finishCells";
import { appendRowsOfColumns } from "./transpose";

const COUNTS = ["present", "numbers", "numericStrings", "otherStrings", "booleans", "structured"] as const;

/** A chunk waiting for the finish, with the gathered column of each of its columns. */
interface HeldChunk {
  chunk: PageChunk;
  target: Int32Array;
}

/**
 * Page chunks after gathered rows, finished into the table the rows and chunks would make had the
 * main thread gathered every record: columns placed by name in first-appearance order, each chunk's
 * counts added to the column stats as it comes. The chunks stay columns until the finish, which
 * writes each one's cells straight into the frame's columns (typed and converted as finishTable
 * does) and lets it go, then makes the rows from the columns: no row of cells is made twice.
 */
export class ChunkAssembler {
  readonly #gathered: GatheredRows;
  readonly #columnByName = new Map<string, number>();
  readonly #held: HeldChunk[] = [];
  #chunkRows = 0;
  #finished: TableWithRows | undefined;

  constructor(base: GatheredRows) {
    this.#gathered = base;
    base.names.forEach((name, column) => this.#columnByName.set(name, column));
  }

  add(chunk: PageChunk): void {
    if (this.#finished) throw new Error("ChunkAssembler: a chunk added after the table was finished");
    const { names, stats } = this.#gathered;
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
    this.#chunkRows += chunk.rowCount;
    this.#held.push({ chunk, target });
  }

  /** The finished table and its rows (the same on every call). */
  finish(declaredTypes?: ReadonlyMap<string, DeclaredType>): TableWithRows {
    this.#finished ??= this.#finish(declaredTypes);
    return this.#finished;
  }

  #finish(declaredTypes: ReadonlyMap<string, DeclaredType> | undefined): TableWithRows {
    const { names, rows, stats } = this.#gathered;
    const plan = planColumns(stats, names.length, declaredTypes ? (column) => declaredTypes.get(names[column]) : undefined);
    const gatheredRows = rows.length;
    const rowCount = gatheredRows + this.#chunkRows;
    const data = finishCells(rows, names.length, plan, rowCount);

    const pieceOf = new Int32Array(names.length);
    let offset = gatheredRows;
    // each chunk let go once copied: its columns and the frame's are never all held at once
    for (let held = this.#held.shift(); held; held = this.#held.shift()) {
      const { chunk, target } = held;
      pieceOf.fill(-1);
      target.forEach((column, piece) => (pieceOf[column] = piece));
      plan.kept.forEach((column, kept) => {
        const piece = pieceOf[column];
        copyChunkCells(piece < 0 ? undefined : chunk.columns[piece], chunk.rowCount, data[kept], offset, plan.conversions[kept]);
      });
      offset += chunk.rowCount;
    }
    appendRowsOfColumns(rows, data, gatheredRows, rowCount);
    const columns = plan.kept.map((column) => names[column]);
    return { table: { columns, data, dtypes: plan.dtypes, rowCount }, rows };
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
