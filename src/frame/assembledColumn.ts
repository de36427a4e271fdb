/**
 * One column of a frame as page chunks fill it, in row order: unboxed doubles while every row so
 * far holds a number, else cells of any kind, undefined where a row has none.
 *
 * Its arrays are made by Reflect.construct, never by `[]` or `new Array`: V8 remembers, per place
 * in the code that makes arrays, the most general kind any of them came to hold, and makes the next
 * ones of that kind from the start. Once a text column had been made there, every later column of
 * numbers (in this pull or the next) held each number as a separate heap object — nearly twice the
 * CPU of a wide pull, most of it the garbage collector's.
 */
export class AssembledColumn {
  /** the numbers, with room beyond `length` (holes until written); null once a row is not a number */
  #doubles: number[] | null = null;
  /** the cells once a row is not a number, with room beyond `length` while the promised room lasts */
  #cells: unknown[] | null = null;
  /** rows held, missing ones included */
  #length = 0;

  /** rows to make room for at once (0: grown as rows come) */
  #room: number;

  /** `room`: rows expected; beyond MOST_ROWS_OF_ROOM the column grows as rows come */
  constructor(room: number) {
    this.#room = room <= MOST_ROWS_OF_ROOM ? room : 0;
  }

  /** Room for `room` rows from now on, the rows held kept (beyond MOST_ROWS_OF_ROOM: none). */
  makeRoom(room: number): void {
    if (room > MOST_ROWS_OF_ROOM || room <= this.#room) return;
    this.#room = room;
    if (this.#doubles !== null && this.#doubles.length < room) this.#grown(room);
    else if (this.#cells !== null && this.#cells.length < room) {
      const cells = freshArray(room);
      writeCells(cells, 0, this.#cells, this.#length);
      this.#cells = cells;
    }
  }

  /** `count` numbers as rows `row`… (the rows before it not held yet are missing). */
  putNumbers(numbers: Float64Array, count: number, row: number): void {
    if (this.#cells === null && this.#length === row) {
      const end = row + count;
      let doubles = this.#doubles;
      if (doubles === null || doubles.length < end) doubles = this.#grown(end);
      copyNumbers(doubles, row, numbers, count);
      this.#length = end;
      return;
    }
    writeNumbers(this.#cellsUpTo(row), row, numbers, count);
    this.#length = row + count;
  }

  /** `count` cells of any kind as rows `row`…. */
  putCells(values: readonly unknown[], count: number, row: number): void {
    writeCells(this.#cellsUpTo(row), row, values, count);
    this.#length = row + count;
  }

  /** Whether every row so far holds a number, kept as unboxed doubles. */
  get holdsDoubles(): boolean {
    return this.#cells === null;
  }

  /** The column's `rowCount` cells as one array (rows never given are missing); the column is spent. */
  finish(rowCount: number): unknown[] {
    const doubles = this.#doubles;
    let cells: unknown[];
    if (this.#cells === null && this.#length === rowCount) cells = doubles ?? freshArray(0);
    else cells = this.#cellsUpTo(rowCount);
    // the room not taken
    cells.length = rowCount;
    this.#doubles = null;
    this.#cells = null;
    return cells;
  }

  /** Room for `end` rows of numbers: the promised room, else twice what is held. */
  #grown(end: number): number[] {
    const doubles = doublesArray(Math.max(end, this.#room, 2 * this.#length));
    if (this.#doubles !== null) copyDoubles(doubles, this.#doubles, this.#length);
    this.#doubles = doubles;
    return doubles;
  }

  /** The cells (the numbers so far moved into them), missing rows added up to `row`. */
  #cellsUpTo(row: number): unknown[] {
    let cells = this.#cells;
    if (cells === null) {
      cells = this.#cells = freshArray(this.#room > this.#length ? this.#room : 0);
      if (this.#doubles !== null) writeCells(cells, 0, this.#doubles, this.#length);
      this.#doubles = null;
    }
    if (this.#length < row) {
      writeCells(cells, this.#length, new Array<undefined>(row - this.#length).fill(undefined), row - this.#length);
      this.#length = row;
    }
    return cells;
  }
}

/** Room made up front for at most this many rows: V8 keeps an array made longer than 32 Mi elements as a dictionary. */
const MOST_ROWS_OF_ROOM = 2 ** 24;

/** An array no allocation site has typed: each array's kind is what it holds. */
export function freshArray(length: number): unknown[] {
  return Reflect.construct(Array, [length]) as unknown[];
}

/** A holey array of `capacity` unboxed doubles (V8's HOLEY_DOUBLE_ELEMENTS). */
export function doublesArray(capacity: number): number[] {
  const doubles = freshArray(capacity) as number[];
  if (capacity > 0) makeDoubles(doubles);
  return doubles;
}

// Each store below is a place of its own that only ever meets one kind of array: a store that has
// met arrays of objects turns the next array of no kind yet into one of objects too.

function makeDoubles(doubles: number[]): void {
  doubles[0] = 0.5;
}

function copyNumbers(doubles: number[], at: number, numbers: Float64Array, count: number): void {
  for (let index = 0; index < count; index++) doubles[at + index] = numbers[index];
}

function copyDoubles(into: number[], from: readonly number[], count: number): void {
  for (let index = 0; index < count; index++) into[index] = from[index];
}

// Cells are written in place while the room lasts (`cells.length` is then the room), pushed after.

function writeCells(cells: unknown[], at: number, values: readonly unknown[], count: number): void {
  const inRoom = Math.max(0, Math.min(count, cells.length - at));
  for (let index = 0; index < inRoom; index++) cells[at + index] = values[index];
  for (let index = inRoom; index < count; index++) cells.push(values[index]);
}

function writeNumbers(cells: unknown[], at: number, numbers: Float64Array, count: number): void {
  const inRoom = Math.max(0, Math.min(count, cells.length - at));
  for (let index = 0; index < inRoom; index++) cells[at + index] = numbers[index];
  for (let index = inRoom; index < count; index++) cells.push(numbers[index]);
}
