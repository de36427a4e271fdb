import type { JsonRecord } from "../records";
import { parseNumericString } from "../frame/numeric";

const isMissing = (value: unknown): boolean => value === null || value === undefined;

/**
 * The header of a streamed export, decided once: the given columns, or the keys of the first batch
 * in first-appearance order. Also decided on the first batch, as the frame decides on all its rows:
 * which columns hold numbers sent as numeric strings ("47.3"), so they can be written as numbers.
 */
export class ExportHeader {
  readonly columns: readonly string[];
  readonly #position = new Map<string, number>();
  readonly #numericText: boolean[];
  /** keys outside the header that carried a value, with how many rows carried one */
  readonly #newColumns = new Map<string, number>();

  constructor(firstRows: readonly JsonRecord[], fixedColumns?: readonly string[]) {
    this.columns = fixedColumns ? [...fixedColumns] : keysInOrder(firstRows);
    this.columns.forEach((column, position) => this.#position.set(column, position));
    this.#numericText = this.columns.map((column) => holdsNumericText(firstRows, column));
  }

  /** A row as cells under the header; keys outside it are counted, not written. */
  cellsOf(row: JsonRecord): unknown[] {
    const cells: unknown[] = new Array(this.columns.length);
    for (const key in row) {
      const position = this.#position.get(key);
      const value = row[key];
      if (position === undefined) {
        if (!isMissing(value)) this.#newColumns.set(key, (this.#newColumns.get(key) ?? 0) + 1);
      } else {
        cells[position] = this.#numericText[position] ? numberFromText(value) : value;
      }
    }
    return cells;
  }

  /** A row with its numeric-text cells made numbers; every key kept (NDJSON and JSON have no header). */
  normalise(row: JsonRecord): JsonRecord {
    let copy: JsonRecord | undefined;
    for (let position = 0; position < this.columns.length; position++) {
      if (!this.#numericText[position]) continue;
      const column = this.columns[position];
      const value = row[column];
      if (typeof value !== "string") continue;
      copy ??= { ...row };
      copy[column] = numberFromText(value);
    }
    return copy ?? row;
  }

  /** Keys that later rows carried values in and the header left out, in first-seen order. */
  newColumns(): ReadonlyMap<string, number> {
    return this.#newColumns;
  }
}

export function keysInOrder(rows: readonly JsonRecord[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) for (const key in row) seen.add(key);
  return [...seen];
}

function holdsNumericText(rows: readonly JsonRecord[], column: string): boolean {
  let numericText = 0;
  for (const row of rows) {
    const value = row[column];
    if (isMissing(value) || typeof value === "number") continue;
    if (typeof value !== "string" || Number.isNaN(parseNumericString(value))) return false;
    numericText++;
  }
  return numericText > 0;
}

function numberFromText(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const parsed = parseNumericString(value);
  return Number.isNaN(parsed) ? value : parsed;
}
