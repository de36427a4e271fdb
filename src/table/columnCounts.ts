/**
 * Cells counted by column for one warning that names those columns: those a format could not hold
 * as the frame does (docs/writers.md, "The same cell on every path"), the rows of a field clash.
 */
export class ColumnCounts {
  readonly #byColumn = new Map<string, number>();

  add(column: string, cells = 1): void {
    this.#byColumn.set(column, (this.#byColumn.get(column) ?? 0) + cells);
  }

  /** Counts by column, as `counts()` or `Object.entries` give them. */
  static of(counts: Iterable<readonly [string, number]>): ColumnCounts {
    const all = new this();
    for (const [column, cells] of counts) all.add(column, cells);
    return all;
  }

  /** The cells of `column` are the frame's after all (a rewrite made them so). */
  forget(column: string): void {
    this.#byColumn.delete(column);
  }

  /** The cells counted, by column. */
  counts(): ReadonlyMap<string, number> {
    return this.#byColumn;
  }

  /** `what: a (2 cells), b (1 cells). hint`, once, when any cell was counted. */
  warn(what: string, hint: string, code: string): void {
    if (!this.#byColumn.size) return;
    const detail = [...this.#byColumn].map(([column, cells]) => `${column} (${cells} cells)`).join(", ");
    process.emitWarning(`${what}: ${detail}. ${hint}`, { code });
  }
}
