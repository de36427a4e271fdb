import { ColumnStats, countedStats } from "../table/columnPlan";
import { COLUMN_TYPE_CHANGED_CODE } from "./columnCounts";
import { isDateText, isMissingCell, parseNumericString } from "../table/columnType";
import type { CellRows } from "./sourceBatches";
import { SpilledTexts } from "./spilledTexts";

/** What a column has held so far, by the frame's rule; it only ever moves up (text is final). */
const NOTHING = 0;
const BOOLEANS = 1;
const NUMBERS = 2;
const TEXT = 3;
/** only where dates are told apart (Excel): every value an ISO date or timestamp */
const DATES = 4;

/**
 * How cells reach the file: "typed" where a cell's type is written (JSON, NDJSON, Excel), or only
 * as the text `text` gives (CSV: the number 5 and the text "5" are the same bytes).
 */
export type CellForm = "typed" | { text: (value: unknown) => string };

/** A batch read by `take`, to be written by `write`. */
export interface TakenBatch {
  readonly batch: CellRows;
  readonly indices: readonly number[];
  readonly stats: ColumnStats;
  readonly firstRow: number;
}

/**
 * Columns a later page turned to text: the rows written before it (`before`, 0-based), whose
 * cells the frame holds as text, and the texts of those written as numbers that print otherwise.
 */
export interface TurnedColumns {
  readonly columns: readonly { readonly name: string; readonly before: number; readonly index: number }[];
  /** rows from here on are written as the frame holds them */
  readonly end: number;
  /** the kept texts of a row's cells, by column index: call with rows in increasing order */
  readonly textsOf: (row: number) => Promise<ReadonlyMap<number, string>>;
}

/**
 * The frame's type rule (src/table/columnType.ts) applied to a pull's pages as they stream, for the
 * writers that need no schema up front (CSV, Excel, JSON, NDJSON). A column is numbers while every
 * value so far is a number or numeric text (and the docs do not type it as a string), booleans
 * while every value is a boolean, text from its first other value on, for good. Each batch is
 * taken whole before its cells are written, so a cell is written as the frame of all rows up to its
 * batch holds it: numeric text as a number in a column of numbers, numbers and booleans as text in
 * a text column. When a later page turns a column of numbers or booleans into text, the cells
 * written before then are the frame's only once rewritten: `turned` says which, with the text of
 * each numeric-text cell whose number prints otherwise (kept on disk as it is written), and a
 * writer that can rewrite its file does (docs/writers.md); `finish` warns of the columns left as
 * written.
 *
 * Reads the batch's column counts (the gatherer's, else counted here), not its cells, and rewrites
 * in place only the columns whose cells change.
 */
export class StreamedColumns {
  readonly #form: CellForm;
  readonly #index = new Map<string, number>();
  readonly #names: string[] = [];
  readonly #held: number[] = [];
  /** per column: cells written as a number or boolean (typed), or numeric text written otherwise than its text (CSV) */
  readonly #differing: number[] = [];
  /** per column: the rows (1-based, first and last) of the batch that made a column of such cells text */
  readonly #turnedTextIn: ([number, number] | undefined)[] = [];
  #rowsBefore = 0;
  /** rows written so far (an array of records is taken whole before its first row is written) */
  #rowsWritten = 0;
  readonly #spilled = new SpilledTexts();
  #rewritten = false;
  readonly #rewritable: boolean;
  readonly #datesApart: boolean;
  /** per column: the docs type it as a string (never numbers or booleans) */
  readonly #documentedText: boolean[] = [];

  /**
   * `rewritable`: the writer can write its file again (a pull's pages to a path), so the texts that
   * needs are kept. `datesApart`: a column of only ISO dates and timestamps is one of dates (Excel
   * writes its cells as dates), turned text by any other value, as a frame's type rule has it.
   */
  constructor(form: CellForm, rewritable = true, datesApart = false) {
    this.#form = form;
    this.#rewritable = rewritable;
    this.#datesApart = datesApart;
  }

  /** Whether the column holds only dates and timestamps so far (only where dates are told apart). */
  holdsDates(name: string): boolean {
    const index = this.#index.get(name);
    return index !== undefined && this.#held[index] === DATES;
  }

  /** Reads a batch's column counts: what each column holds from now on. */
  take(batch: CellRows): TakenBatch {
    const indices = batch.names.map((name) => this.#indexOf(name, batch.declaredTypes?.get(name)));
    const stats = batch.stats ?? countedStats(batch.rows);
    const firstRow = this.#rowsBefore + 1;
    this.#rowsBefore += batch.rows.length;
    for (let column = 0; column < indices.length; column++) {
      const index = indices[column];
      const held = this.#held[index];
      if (held === TEXT) continue;
      const kind = this.#kindOf(batch.rows, stats, column, index);
      if (kind === NOTHING || kind === held) continue;
      if (held === NOTHING && kind !== TEXT) {
        this.#held[index] = kind;
        continue;
      }
      // cells written before as numbers or booleans: the frame holds them as text
      if (held !== NOTHING && this.#rowsWritten > 0) this.#turnedTextIn[index] = [firstRow, this.#rowsBefore];
      this.#held[index] = TEXT;
    }
    return { batch, indices, stats, firstRow };
  }

  /** Rewrites a taken batch's cells in place as the frame of every row taken so far holds them. */
  write({ batch, indices, stats, firstRow }: TakenBatch): void {
    const rows = batch.rows as unknown[][];
    for (let column = 0; column < indices.length; column++) {
      const index = indices[column];
      const held = this.#held[index];
      if (held === NUMBERS) {
        if (stats.numericStrings[column] > 0) this.#numbersOfText(rows, column, index, firstRow - 1);
        if (this.#form === "typed") this.#differing[index] += stats.present[column];
        // JSON writes ±Infinity as null: a rewrite needs its text (only a number past int32 can be one)
        if (this.#form === "typed" && this.#rewritable && stats.notInt32[column]) this.#keepInfinite(rows, column, index, firstRow - 1);
      } else if (held === BOOLEANS || held === DATES) {
        if (this.#form === "typed") this.#differing[index] += stats.present[column];
      } else if (held === TEXT && stats.numbers[column] + stats.booleans[column] > 0) {
        // the frame's text column prints its numbers and booleans (lists and objects are left to the writer): in CSV, -5 then is `'-5`
        textOfNumbers(rows, column);
      }
    }
    this.#spilled.flush();
    this.#rowsWritten = firstRow - 1 + rows.length;
  }

  /** The columns a later page turned to text after cells were written, if any. */
  turned(): TurnedColumns | undefined {
    const columns: { name: string; before: number; index: number }[] = [];
    this.#turnedTextIn.forEach((rows, index) => {
      if (rows) columns.push({ name: this.#names[index], before: rows[0] - 1, index });
    });
    if (!columns.length || !this.#rewritable) return undefined;
    return { columns, end: Math.max(...columns.map(({ before }) => before)), textsOf: this.#spilled.reader() };
  }

  /** The writer has rewritten the turned columns' cells as the frame holds them: nothing to warn of. */
  rewritten(): void {
    this.#rewritten = true;
  }

  /** The columns a rewrite gave the frame's cells (a ±Infinity written as JSON's null among them): none until `rewritten`. */
  rewrittenColumns(): Set<string> {
    const names = new Set<string>();
    if (this.#rewritten) this.#turnedTextIn.forEach((rows, index) => rows && names.add(this.#names[index]));
    return names;
  }

  /** Removes the kept texts. */
  async discard(): Promise<void> {
    await this.#spilled.discard();
  }

  /** One warning naming the columns whose earlier cells differ from the frame's (written to a stream, which cannot be rewritten). */
  finish(): void {
    if (this.#rewritten) return;
    const detail: string[] = [];
    this.#turnedTextIn.forEach((rows, index) => {
      if (rows && this.#differing[index] > 0)
        detail.push(`${this.#names[index]} (${this.#differing[index]} cells, before rows ${rows[0]}–${rows[1]})`);
    });
    if (!detail.length) return;
    const typed = this.#datesApart ? "numbers, booleans or dates" : "numbers or booleans";
    const written = this.#form === "typed" ? typed : "numbers, as they print (1.5 for 1.50)";
    process.emitWarning(
      `cells were written as ${written} before a later page made their column text, as a frame of all the rows holds it: ` +
        `${detail.join(", ")}. A file is written again to hold them so, but a stream cannot be: ` +
        `write to a file, or from a frame of the pull (or an array of its records) to have them as the frame holds them.`,
      { code: COLUMN_TYPE_CHANGED_CODE },
    );
  }

  #indexOf(name: string, declared: string | undefined): number {
    let index = this.#index.get(name);
    if (index === undefined) {
      index = this.#names.length;
      this.#index.set(name, index);
      this.#names.push(name);
      // a documented string is text from the start, or, where dates are told apart, dates until a value is not one
      this.#held.push(declared === "string" && !this.#datesApart ? TEXT : NOTHING);
      this.#documentedText.push(declared === "string");
      this.#differing.push(0);
    }
    return index;
  }

  /** What a batch's column holds: kindOfColumn, with dates told apart from other text where asked. */
  #kindOf(rows: CellRows["rows"], stats: ColumnStats, column: number, index: number): number {
    const kind = kindOfColumn(stats, column);
    if (!this.#datesApart) return kind;
    if (this.#documentedText[index] && (kind === NUMBERS || kind === BOOLEANS)) return TEXT;
    const onlyStrings = kind === TEXT && stats.otherStrings[column] === stats.present[column];
    return onlyStrings && rows.every((row) => isMissingCell(row[column]) || isDateText(row[column])) ? DATES : kind;
  }

  #keepInfinite(rows: unknown[][], column: number, index: number, rowsBefore: number): void {
    for (let position = 0; position < rows.length; position++) {
      const value = rows[position][column];
      if (value === Infinity || value === -Infinity) this.#spilled.add(rowsBefore + position, index, String(value));
    }
  }

  #numbersOfText(rows: unknown[][], column: number, index: number, rowsBefore: number): void {
    const form = this.#form;
    for (let position = 0; position < rows.length; position++) {
      const row = rows[position];
      const value = row[column];
      if (typeof value !== "string") continue;
      const number = parseNumericString(value);
      if (form !== "typed" && form.text(number) !== form.text(value)) this.#differing[index]++;
      // a rewrite reads the number back as it prints: only other texts are kept
      if (this.#rewritable && String(number) !== value) this.#spilled.add(rowsBefore + position, index, value);
      row[column] = number;
    }
  }
}

function textOfNumbers(rows: unknown[][], column: number): void {
  for (const row of rows) {
    const value = row[column];
    if (typeof value === "number") row[column] = Number.isNaN(value) ? null : String(value);
    else if (typeof value === "boolean" || typeof value === "bigint") row[column] = String(value);
  }
}

/** What a batch's column holds, from its counts: nothing, booleans, numbers, or text (anything else or a mix). */
function kindOfColumn(stats: ColumnStats, column: number): number {
  const present = stats.present[column] ?? 0;
  if (present === 0) return NOTHING;
  if (stats.booleans[column] === present) return BOOLEANS;
  if (stats.numbers[column] + stats.numericStrings[column] === present && stats.otherStrings[column] === 0) return NUMBERS;
  return TEXT;
}
