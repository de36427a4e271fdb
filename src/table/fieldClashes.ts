import { ColumnCounts } from "./columnCounts";
import { counted } from "../text/counted";

export const FIELD_CLASH_WARNING = "FOUNTFRAME_FIELD_CLASH";

const RECORDS_KEEP_BOTH = "the records themselves (rawQuery, pages) hold both";

/** Where a table's records came from, as its clash warning names it, and what still holds both fields. */
export interface ClashSource {
  readonly where: string;
  readonly keptIn: string;
}

/**
 * The columns that two fields of one record flatten to with different values (`a_b` beside
 * `a: {b}`, both `a_b`), counted over every batch of one table and told once at its end: such a
 * cell holds the later field's value and the other is lost, on every path (as bavapi's
 * json_normalize does), so it is said.
 */
export class FieldClashes {
  readonly #rows = new ColumnCounts();

  /** A batch's clashes (GatheredRows.clashes, PageChunk.clashes). */
  add(clashes: ReadonlyMap<string, number> | undefined): void {
    for (const [name, rows] of clashes ?? []) this.#rows.add(name, rows);
  }

  get names(): string[] {
    return [...this.#rows.counts().keys()];
  }

  /**
   * One warning, `where` the records came from, naming each column and its rows, and what still
   * holds both fields (`keptIn`); whether there was one.
   */
  warn(where: string, given?: (names: readonly string[]) => boolean, keptIn = RECORDS_KEEP_BOTH): boolean {
    if (this.#rows.counts().size === 0) return false;
    if (given && !given(this.names)) return true;
    const clashes = [...this.#rows.counts()].map(([name, rows]) => `${JSON.stringify(name)} (${counted(rows, "row")})`);
    process.emitWarning(
      `${where}: two fields of a record flatten to one column name with different values, so the column holds the later field's value and the other is lost: ${clashes.join(", ")}. A nested field's name joined with "_" is another field's name; ${keptIn}.`,
      { code: FIELD_CLASH_WARNING },
    );
    return true;
  }
}
