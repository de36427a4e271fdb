import { parseNumericString, type DeclaredType } from "../table/columnType";
import type { CellRows } from "./sourceBatches";

/** What a column has held so far, by the frame's rule; it only ever moves up (text is final). */
const NOTHING = 0;
const BOOLEANS = 1;
const NUMBERS = 2;
const TEXT = 3;

/**
 * How cells reach the file: "typed" where a cell's type is written (JSON, NDJSON, Excel), or only
 * as the text `text` gives (CSV: the number 5 and the text "5" are the same bytes).
 */
export type CellForm = "typed" | { text: (value: unknown) => string };

/** Writes a batch's cell `value` of batch column `column` as the frame of every row so far holds it. */
export type CellWriter = (column: number, value: unknown) => unknown;

/**
 * The frame's type rule (src/table/columnType.ts) applied to a pull's pages as they stream, for the
 * writers that need no schema up front (CSV, Excel, JSON, NDJSON). A column is numbers while every
 * value so far is a number or numeric text (and the docs do not type it as a string), booleans
 * while every value is a boolean, text from its first other value on, for good. Each batch is
 * read whole before its cells are written, so a cell is written as the frame of all rows up to its
 * batch holds it: numeric text as a number in a column of numbers, numbers and booleans as text in
 * a text column. That is the frame's cell unless a later page turns a column of numbers or
 * booleans into text: the cells written before then differ (in CSV, only numeric text whose number
 * is written otherwise: "1.50" as 1.5, "-5" as -5 where the text would be `'-5`), and `finish` warns
 * naming each such column.
 */
export class StreamedColumns {
  readonly #form: CellForm;
  readonly #index = new Map<string, number>();
  readonly #names: string[] = [];
  #held: number[] = [];
  /** per column: cells written as a number or boolean (typed), or numeric text written otherwise than its text (CSV) */
  #differing: number[] = [];
  /** per column: the row (1-based) whose value made a column of such cells text */
  #turnedTextAt: number[] = [];
  #rowsBefore = 0;

  constructor(form: CellForm) {
    this.#form = form;
  }

  /** Reads a whole batch, then gives the writer of its cells. */
  take(batch: CellRows): CellWriter {
    const indices = batch.names.map((name) => this.#indexOf(name, batch.declaredTypes?.get(name)));
    const held = this.#held;
    for (let row = 0; row < batch.rows.length; row++) {
      const cells = batch.rows[row];
      for (let column = 0; column < cells.length; column++) {
        const index = indices[column];
        if (held[index] === TEXT) continue;
        const kind = kindOf(cells[column]);
        if (kind === NOTHING || kind === held[index]) continue;
        if (held[index] === NOTHING && kind !== TEXT) {
          held[index] = kind;
          continue;
        }
        held[index] = TEXT;
        if (this.#differing[index] > 0) this.#turnedTextAt[index] = this.#rowsBefore + row + 1;
      }
    }
    this.#rowsBefore += batch.rows.length;
    return (column, value) => this.#write(indices[column], value);
  }

  /** One warning naming the columns whose earlier cells differ from the frame's. */
  finish(): void {
    const detail: string[] = [];
    this.#turnedTextAt.forEach((row, index) => {
      if (row !== undefined) detail.push(`${this.#names[index]} (${this.#differing[index]} cells before row ${row})`);
    });
    if (!detail.length) return;
    const written = this.#form === "typed" ? "numbers or booleans" : "numbers, as they print (1.5 for 1.50)";
    process.emitWarning(
      `cells were written as ${written} before a later page made their column text, as a frame of all the rows holds it: ` +
        `${detail.join(", ")}. Write from a frame of the pull (or an array of its records) to have them as the frame holds them.`,
      { code: "FOUNTFRAME_COLUMN_TYPE_CHANGED" },
    );
  }

  #indexOf(name: string, declared: DeclaredType | undefined): number {
    let index = this.#index.get(name);
    if (index === undefined) {
      index = this.#names.length;
      this.#index.set(name, index);
      this.#names.push(name);
      this.#held.push(declared === "string" ? TEXT : NOTHING);
      this.#differing.push(0);
    }
    return index;
  }

  #write(index: number, value: unknown): unknown {
    switch (this.#held[index]) {
      case NUMBERS:
        if (typeof value === "string") {
          const number = parseNumericString(value);
          if (this.#form === "typed" || this.#form.text(number) !== this.#form.text(value)) this.#differing[index]++;
          return number;
        }
        if (this.#form === "typed" && typeof value === "number") this.#differing[index]++;
        return value;
      case BOOLEANS:
        if (this.#form === "typed" && typeof value === "boolean") this.#differing[index]++;
        return value;
      case TEXT:
        // the frame's text column prints numbers and booleans (lists and objects are left to the writer)
        return typeof value === "number" || typeof value === "boolean" || typeof value === "bigint" ? textOf(value) : value;
      default:
        return value;
    }
  }
}

function textOf(value: number | boolean | bigint): string | null {
  return typeof value === "number" && Number.isNaN(value) ? null : String(value);
}

/** What one cell says of its column: nothing (missing), booleans, numbers, or text (anything else). */
function kindOf(value: unknown): number {
  switch (typeof value) {
    case "undefined":
      return NOTHING;
    case "number":
      return Number.isNaN(value) ? NOTHING : NUMBERS;
    case "bigint":
      return NUMBERS;
    case "boolean":
      return BOOLEANS;
    case "string": {
      const number = parseNumericString(value);
      return number === number ? NUMBERS : TEXT;
    }
    default:
      return value === null ? NOTHING : TEXT;
  }
}
