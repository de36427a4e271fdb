import { GLOBAL_PREFIX } from "../table/stackedRows";
import { countCell } from "../table/columnPlan";
import type { ChunkStats, PageChunk, RowShape } from "../table/types";

/** A page of records as decodeBody's JSON.parse path gives it. */
export interface ScannedPage {
  kind: "chunk";
  chunk: PageChunk;
  ids: Float64Array | unknown[];
  meta: unknown;
}

/**
 * A page body (`{"data": [records…], …}`) straight from its bytes to the columns, ids and meta
 * decodeBody's JSON.parse path makes of it, without an object per record (JSON.parse makes slow
 * dictionary objects of wide records). Undefined for anything it does not expect — invalid JSON,
 * an escaped or digits-only key, a key given twice or two keys flattening to one column, a list
 * to stack, a body that is not a page of records —: JSON.parse then decides.
 */
export function scanPage(bytes: Uint8Array, shape: RowShape): ScannedPage | undefined {
  try {
    return new PageScan(byteText(bytes), shape).page();
  } catch {
    // a bail, or a limit met on the way (the call stack of a deep list's JSON.parse): the fallback decides
    return undefined;
  }
}

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const SPACE = 0x20;
const QUOTE = 0x22;
const PLUS = 0x2b;
const COMMA = 0x2c;
const MINUS = 0x2d;
const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;
const COLON = 0x3a;
const UPPER_E = 0x45;
const OPEN_BRACKET = 0x5b;
const BACKSLASH = 0x5c;
const CLOSE_BRACKET = 0x5d;
const LOWER_E = 0x65;
const LOWER_F = 0x66;
const LOWER_N = 0x6e;
const LOWER_T = 0x74;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/** 10^0 … 10^22, each exact in a double */
const POWERS_OF_TEN = Array.from({ length: 23 }, (_, power) => Number(`1e${power}`));
/** digits an integer mantissa may have and stay exact (below 2^53) */
const EXACT_DIGITS = 15;

class PageScan {
  #at = 0;
  readonly #end: number;
  readonly #keys: ScannedKeys;
  #rowCount = 0;
  #meta: unknown = undefined;
  #keyStart = 0;
  #keyEnd = 0;
  /** the first backslash at or after where #stringEnd last looked (#end: none) */
  #backslash = -1;
  /** enclosing parents of the object being read, innermost last */
  readonly #parents: number[] = [];
  readonly #objects: RepeatedObjects;

  constructor(
    private readonly bytes: ByteText,
    private readonly shape: RowShape,
  ) {
    this.#end = bytes.length;
    this.#keys = new ScannedKeys(bytes, shape.globalIncludes);
    this.#objects = new RepeatedObjects(bytes);
  }

  page(): ScannedPage {
    const bytes = this.bytes;
    const seen = new Set<string>();
    this.#skipSpace();
    this.#expect(OPEN_BRACE);
    this.#skipSpace();
    for (;;) {
      this.#expect(QUOTE);
      const key = this.#topKey();
      // JSON.parse keeps the last of two equal keys: not worth following
      if (seen.has(key)) throw BAIL;
      seen.add(key);
      this.#skipSpace();
      this.#expect(COLON);
      this.#skipSpace();
      if (key === "data") this.#records();
      else if (key === "meta") this.#meta = this.#anyValue();
      else this.#anyValue();
      this.#skipSpace();
      const next = bytes[this.#at++];
      if (next === CLOSE_BRACE) break;
      if (next !== COMMA) throw BAIL;
      this.#skipSpace();
    }
    this.#skipSpace();
    if (this.#at !== this.#end || !seen.has("data")) throw BAIL;
    return this.#result();
  }

  #result(): ScannedPage {
    const rowCount = this.#rowCount;
    const keyed = this.#keys;
    const names = keyed.columns.map((column) => column.name);
    const columns = keyed.columns.map((column) => column.finish(rowCount));
    const chunk: PageChunk = { names, columns, rowCount, stats: countColumns(columns) };
    if (this.shape.stackData) chunk.recordEnds = Int32Array.from({ length: rowCount }, (_, record) => record + 1);
    return { kind: "chunk", chunk, ids: this.#ids(columns, names), meta: this.#meta };
  }

  /** Each record's `id` (its column's cells: only a record's own `id` key makes the column "id"), as decodeBody lists them. */
  #ids(columns: ReadonlyArray<Float64Array | unknown[]>, names: readonly string[]): Float64Array | unknown[] {
    const column = columns[names.indexOf("id")];
    if (column !== undefined) return column.slice();
    return this.#rowCount === 0 ? new Float64Array(0) : new Array<unknown>(this.#rowCount).fill(undefined);
  }

  #records(): void {
    const bytes = this.bytes;
    this.#expect(OPEN_BRACKET);
    this.#skipSpace();
    if (bytes[this.#at] === CLOSE_BRACKET) {
      this.#at++;
      return;
    }
    const first = this.#at;
    for (;;) {
      if (bytes[this.#at] !== OPEN_BRACE) throw BAIL;
      this.#record(this.#rowCount++);
      if (this.#rowCount === 1) this.#keys.expectRows(Math.ceil((this.#end - first) / (this.#at - first)) + 1);
      this.#skipSpace();
      const next = bytes[this.#at++];
      if (next === CLOSE_BRACKET) return;
      if (next !== COMMA) throw BAIL;
      this.#skipSpace();
    }
  }

  /** One record, its nested objects flattened into the row's columns. */
  #record(row: number): void {
    const bytes = this.bytes;
    const keys = this.#keys;
    const parents = this.#parents;
    const objects = this.#objects;
    const stamp = row + 1;
    let parent = ROOT;
    let position = 0;
    objects.startRecord();
    this.#at++;
    this.#skipSpace();
    if (bytes[this.#at] === CLOSE_BRACE) {
      this.#at++;
      return;
    }
    for (;;) {
      this.#expect(QUOTE);
      const slot = this.#slot(position++, parent, stamp);
      this.#skipSpace();
      this.#expect(COLON);
      this.#skipSpace();
      if (bytes[this.#at] === OPEN_BRACE) {
        // decodeBody's ids would hold the object itself
        if (slot === keys.idSlot) throw BAIL;
        const keysInside = this.#object(slot, position, row, stamp);
        if (keysInside < 0) {
          parents.push(parent);
          parent = slot;
          continue;
        }
        position += keysInside;
      } else {
        const column = keys.columnOf(slot, row, stamp);
        // an object's values are noted, for the next record to repeat
        if (parent !== ROOT) objects.written(column);
        this.#value(column, row);
      }
      // past a value: the next key, or the end of this object and maybe of its parents
      for (;;) {
        this.#skipSpace();
        const next = bytes[this.#at++];
        if (next === COMMA) {
          this.#skipSpace();
          break;
        }
        if (next !== CLOSE_BRACE) throw BAIL;
        if (parents.length === 0) return;
        objects.close(parent, this.#at, position, stamp);
        parent = parents.pop()!;
      }
    }
  }

  /**
   * At an object, the value of `slot`: past it when it repeats the previous record's (answering
   * how many keys it held) or is empty (0); else just inside it (-1), its keys to be read.
   */
  #object(slot: number, position: number, row: number, stamp: number): number {
    const objects = this.#objects;
    const repeated = objects.repeat(slot, this.#at, row, stamp);
    if (repeated >= 0) {
      this.#at += objects.textLength(slot);
      return repeated;
    }
    objects.open(slot, this.#at, position);
    this.#at++;
    this.#skipSpace();
    if (this.bytes[this.#at] !== CLOSE_BRACE) return -1;
    // an empty object makes no column
    this.#at++;
    objects.close(slot, this.#at, position, stamp);
    return 0;
  }

  /** The slot of the key starting here, the `position`-th of record `stamp`; past its closing quote. */
  #slot(position: number, parent: number, stamp: number): number {
    const keys = this.#keys;
    const start = this.#at;
    const end = keys.knownKeyEnd(position, parent, start);
    if (end >= 0) {
      this.#at = end + 1;
      return keys.knownSlot(position, start, stamp);
    }
    this.#key();
    return keys.slotOf(position, parent, this.#keyStart, this.#keyEnd, stamp);
  }

  #value(column: ScannedColumn, row: number): void {
    const bytes = this.bytes;
    const at = this.#at;
    switch (bytes[at]) {
      case QUOTE:
        column.putCell(row, this.#string(column));
        return;
      case LOWER_T:
        if (bytes[at + 1] !== 0x72 || bytes[at + 2] !== 0x75 || bytes[at + 3] !== 0x65) throw BAIL;
        this.#at = at + 4;
        column.putCell(row, true);
        return;
      case LOWER_F:
        if (bytes[at + 1] !== 0x61 || bytes[at + 2] !== 0x6c || bytes[at + 3] !== 0x73 || bytes[at + 4] !== 0x65) throw BAIL;
        this.#at = at + 5;
        column.putCell(row, false);
        return;
      case LOWER_N:
        if (bytes[at + 1] !== 0x75 || bytes[at + 2] !== 0x6c || bytes[at + 3] !== 0x6c) throw BAIL;
        this.#at = at + 4;
        column.putCell(row, null);
        return;
      case OPEN_BRACKET:
        // stacking makes rows of a list's items: the JSON.parse path's recordRows does it
        if (this.shape.stackData) throw BAIL;
        this.#objects.listRead();
        column.putCell(row, this.#anyValue());
        return;
      default:
        column.putNumber(row, this.#number());
    }
  }

  /**
   * A number, validated as JSON's grammar has it. Up to 15 digits without an exponent, the integer
   * of its digits and the power of ten are exact doubles, so their quotient is the correctly
   * rounded value JSON.parse gives; any other number is Number() of its text, which is too.
   */
  #number(): number {
    const bytes = this.bytes;
    let at = this.#at;
    const start = at;
    const negative = bytes[at] === MINUS;
    if (negative) at++;
    let mantissa = 0;
    let digits = 0;
    let fractionDigits = 0;
    let byte = bytes[at];
    if (byte === ZERO) {
      byte = bytes[++at];
      digits = 1;
    } else if (byte > ZERO && byte <= NINE) {
      do {
        mantissa = mantissa * 10 + (byte - ZERO);
        digits++;
        byte = bytes[++at];
      } while (byte >= ZERO && byte <= NINE);
    } else {
      throw BAIL;
    }
    if (byte === DOT) {
      byte = bytes[++at];
      if (!(byte >= ZERO && byte <= NINE)) throw BAIL;
      do {
        mantissa = mantissa * 10 + (byte - ZERO);
        digits++;
        fractionDigits++;
        byte = bytes[++at];
      } while (byte >= ZERO && byte <= NINE);
    }
    let exact = digits <= EXACT_DIGITS;
    if (byte === LOWER_E || byte === UPPER_E) {
      exact = false;
      byte = bytes[++at];
      if (byte === PLUS || byte === MINUS) byte = bytes[++at];
      if (!(byte >= ZERO && byte <= NINE)) throw BAIL;
      do byte = bytes[++at];
      while (byte >= ZERO && byte <= NINE);
    }
    this.#at = at;
    if (!exact) return Number(this.bytes.latin1Slice(start, at));
    const magnitude = fractionDigits === 0 ? mantissa : mantissa / POWERS_OF_TEN[fractionDigits];
    return negative ? -magnitude : magnitude;
  }

  /**
   * A string value. Its slice is decoded alone: it starts and ends at a quote, and UTF-8 decoding
   * starts again at every ASCII byte, so the slice's text is the whole body's text at that place
   * (invalid sequences included, each a U+FFFD as in the whole).
   */
  #string(column: ScannedColumn): string {
    const bytes = this.bytes;
    const end = this.#end;
    const start = this.#at + 1;
    let at = start;
    let ascii = true;
    let escaped = false;
    for (;;) {
      if (at >= end) throw BAIL;
      const byte = bytes[at];
      if (byte === QUOTE) break;
      if (byte === BACKSLASH) {
        escaped = true;
        at += 2;
        continue;
      }
      if (byte < SPACE) throw BAIL;
      if (byte >= 0x80) ascii = false;
      at++;
    }
    this.#at = at + 1;
    if (escaped) return parsedSlice(bytes, start - 1, at + 1) as string;
    // a column often repeats the previous row's text (a study's, a brand's name): the same string, not a new one
    const length = at - start;
    if (column.textLength === length && sameBytes(bytes, column.textStart, start, length)) return column.text;
    const text = ascii ? bytes.latin1Slice(start, at) : bytes.utf8Slice(start, at);
    column.text = text;
    column.textStart = start;
    column.textLength = length;
    return text;
  }

  /** A key's bytes (#keyStart, #keyEnd), unescaped: a key with an escape bails. */
  #key(): void {
    const bytes = this.bytes;
    const end = this.#end;
    const start = this.#at;
    let at = start;
    for (;;) {
      if (at >= end) throw BAIL;
      const byte = bytes[at];
      if (byte === QUOTE) break;
      if (byte === BACKSLASH || byte < SPACE) throw BAIL;
      at++;
    }
    this.#keyStart = start;
    this.#keyEnd = at;
    this.#at = at + 1;
  }

  #topKey(): string {
    this.#key();
    const start = this.#keyStart;
    const end = this.#keyEnd;
    for (let at = start; at < end; at++) if (this.bytes[at] >= 0x80) return this.bytes.utf8Slice(start, end);
    return this.bytes.latin1Slice(start, end);
  }

  /**
   * Any value the scanner does not take apart (a list, a top-level `meta` or `links`): its end
   * found by matching brackets outside strings, its slice given to JSON.parse, which validates it.
   * A slice JSON.parse accepts is one whole value, so the end found was its end.
   */
  #anyValue(): unknown {
    const start = this.#at;
    const first = this.bytes[start];
    if (first === QUOTE) this.#at = this.#stringEnd(start + 1);
    else if (first === OPEN_BRACE || first === OPEN_BRACKET) this.#at = this.#containerEnd(start);
    else this.#at = this.#scalarEnd(start);
    return parsedSlice(this.bytes, start, this.#at);
  }

  /** Past the bracket closing the list or object opening at `at`. */
  #containerEnd(at: number): number {
    const bytes = this.bytes;
    let depth = 0;
    do {
      if (at >= this.#end) throw BAIL;
      const byte = bytes[at];
      if (byte === QUOTE) {
        at = this.#stringEnd(at + 1);
        continue;
      }
      if (byte === OPEN_BRACE || byte === OPEN_BRACKET) depth++;
      else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) depth--;
      at++;
    } while (depth > 0);
    return at;
  }

  /** The end of a number or literal: the next comma, closing bracket or white space. */
  #scalarEnd(at: number): number {
    const bytes = this.bytes;
    while (at < this.#end) {
      const byte = bytes[at];
      if (byte === COMMA || byte === CLOSE_BRACE || byte === CLOSE_BRACKET || isSpace(byte)) break;
      at++;
    }
    return at;
  }

  /**
   * Past the closing quote of a string whose text starts at `at` (its text is JSON.parse's to
   * check). A string with no backslash before its first quote ends there: both are found by
   * indexOf, the next backslash kept (only the strings after it look for another), which makes
   * the long links and URLs of a page's envelope a few native searches.
   */
  #stringEnd(at: number): number {
    const bytes = this.bytes;
    const quote = bytes.indexOf(QUOTE, at);
    if (quote < 0) throw BAIL;
    if (this.#backslash < at) {
      const backslash = bytes.indexOf(BACKSLASH, at);
      this.#backslash = backslash < 0 ? this.#end : backslash;
    }
    if (this.#backslash > quote) return quote + 1;
    for (;;) {
      if (at >= this.#end) throw BAIL;
      const byte = bytes[at];
      if (byte === QUOTE) return at + 1;
      at += byte === BACKSLASH ? 2 : 1;
    }
  }

  #skipSpace(): void {
    const bytes = this.bytes;
    let at = this.#at;
    let byte = bytes[at];
    while (isSpace(byte)) byte = bytes[++at];
    this.#at = at;
  }

  #expect(byte: number): void {
    if (this.bytes[this.#at] !== byte) throw BAIL;
    this.#at++;
  }
}

function sameBytes(bytes: Uint8Array, first: number, second: number, length: number): boolean {
  for (let offset = 0; offset < length; offset++) if (bytes[first + offset] !== bytes[second + offset]) return false;
  return true;
}

function isSpace(byte: number): boolean {
  return byte === SPACE || byte === LINE_FEED || byte === CARRIAGE_RETURN || byte === TAB;
}

/** JSON.parse of bytes[start, end) decoded as UTF-8, or a bail when it is not one JSON value. */
function parsedSlice(bytes: ByteText, start: number, end: number): unknown {
  try {
    return JSON.parse(bytes.utf8Slice(start, end));
  } catch {
    throw BAIL;
  }
}

/** columns of the first record that share one small array for their first number */
const FIRST_SLAB_COLUMNS = 1024;

/** The parent of a record's own keys. */
const ROOT = 0;

/** Thrown inside the scanner for anything it does not take; scanPage answers undefined. */
const BAIL: unique symbol = Symbol("bail");

/**
 * The keys of a page's records as a tree of slots: one slot per key under one parent (the record,
 * or a nested object's slot), holding the column its values go to (the flattened name, as the one
 * flattener names it, table/flatten.ts: `parent_child`, `global_` for the shape's global includes) and, when its value is an
 * object, the prefix of that object's keys.
 *
 * Records mostly repeat one key order, so a key is first compared, byte for byte, with the key
 * the previous record had at the same position under the same parent; no string is made for a key
 * that matches.
 */
class ScannedKeys {
  readonly columns: ScannedColumn[] = [];
  readonly #columnByName = new Map<string, ScannedColumn>();
  readonly #slotByPath = new Map<string, number>();
  // slot fields, by slot (slot 0 is the record itself)
  readonly #slotColumn: Array<ScannedColumn | undefined> = [undefined];
  readonly #slotName: string[] = [""];
  readonly #slotPrefix: string[] = [""];
  readonly #slotStamp: number[] = [0];
  #firstSlab = new Float64Array(0);
  /** the slot of a record's own `id` (its value is the page's id of the record), or -1 */
  idSlot = -1;
  // the previous record's key at each position: where its bytes are, its parent, its slot
  readonly #keyStartAt: number[] = [];
  readonly #keyLengthAt: number[] = [];
  readonly #parentAt: number[] = [];
  readonly #slotAt: number[] = [];

  /** the same bytes, read four at a time */
  readonly #words: DataView;

  constructor(
    private readonly bytes: ByteText,
    private readonly globalIncludes: ReadonlySet<string>,
  ) {
    this.#words = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /**
   * Where the key starting at `start` ends (its closing quote) when its bytes repeat the key the
   * previous record had at `position` under the same parent, else -1. That key was checked when it
   * was read (no quote, escape or control character in it), so equal bytes followed by a quote
   * are the whole key.
   */
  knownKeyEnd(position: number, parent: number, start: number): number {
    if (this.#parentAt[position] !== parent) return -1;
    const length = this.#keyLengthAt[position];
    const bytes = this.bytes;
    if (bytes[start + length] !== QUOTE) return -1;
    const previous = this.#keyStartAt[position];
    // four bytes at a time, then the rest
    const words = this.#words;
    let offset = 0;
    for (; offset + 4 <= length; offset += 4) if (words.getInt32(previous + offset) !== words.getInt32(start + offset)) return -1;
    for (; offset < length; offset++) if (bytes[previous + offset] !== bytes[start + offset]) return -1;
    return start + length;
  }

  /** The slot of the key knownKeyEnd found at `position`, now at `start`, in record `stamp` (1-based). */
  knownSlot(position: number, start: number, stamp: number): number {
    this.#keyStartAt[position] = start;
    return this.#stamped(this.#slotAt[position], stamp);
  }

  /**
   * The slot of the key bytes[start, end) (checked by the caller: no escape, no control
   * character) under `parent`, the `position`-th key of record `stamp`, looked up by its text.
   */
  slotOf(position: number, parent: number, start: number, end: number, stamp: number): number {
    const slot = this.#lookUp(parent, start, end);
    this.#parentAt[position] = parent;
    this.#keyStartAt[position] = start;
    this.#keyLengthAt[position] = end - start;
    this.#slotAt[position] = slot;
    return this.#stamped(slot, stamp);
  }

  /** The column of a slot's value in record `stamp`, `row` its row: two keys flattening to one name bail. */
  columnOf(slot: number, row: number, stamp: number): ScannedColumn {
    const column = this.#slotColumn[slot] ?? this.#columnNamed(slot, row);
    if (column.stamp === stamp) throw BAIL;
    column.stamp = stamp;
    return column;
  }

  /**
   * Capacity for the columns' numbers, once the first record tells how many records a page holds:
   * one array for every column of the page (a stretch of it each), not an allocation per column.
   */
  expectRows(rows: number): void {
    const slab = new Float64Array(rows * this.columns.length);
    this.columns.forEach((column, index) => column.reserve(slab.subarray(index * rows, (index + 1) * rows)));
  }

  /** A key given twice under one parent bails: JSON.parse keeps the last value at the first one's place. */
  #stamped(slot: number, stamp: number): number {
    if (this.#slotStamp[slot] === stamp) throw BAIL;
    this.#slotStamp[slot] = stamp;
    return slot;
  }

  #lookUp(parent: number, start: number, end: number): number {
    const key = keyText(this.bytes, start, end);
    const path = `${parent}:${key}`;
    let slot = this.#slotByPath.get(path);
    if (slot !== undefined) return slot;
    slot = this.#slotName.length;
    this.#slotByPath.set(path, slot);
    // the flattener's names: a record's key as it is (or `global_key` for a global include's object),
    // a nested key `parent_key`
    const name = parent === ROOT ? key : `${this.#slotPrefix[parent]}_${key}`;
    this.#slotName.push(name);
    this.#slotPrefix.push(parent === ROOT && this.globalIncludes.has(key) ? GLOBAL_PREFIX + key : name);
    this.#slotColumn.push(undefined);
    this.#slotStamp.push(0);
    if (parent === ROOT && key === "id") this.idSlot = slot;
    return slot;
  }

  /** Room for one number (the first record's), a stretch of one array the first record's columns share. */
  #firstNumber(): Float64Array {
    const index = this.columns.length % FIRST_SLAB_COLUMNS;
    if (index === 0) this.#firstSlab = new Float64Array(FIRST_SLAB_COLUMNS);
    return this.#firstSlab.subarray(index, index + 1);
  }

  #columnNamed(slot: number, row: number): ScannedColumn {
    const name = this.#slotName[slot];
    let column = this.#columnByName.get(name);
    if (column === undefined) {
      // a column first met after the first record misses the rows before: cells from the start
      column = new ScannedColumn(name, row === 0 ? this.#firstNumber() : null);
      this.#columnByName.set(name, column);
      this.columns.push(column);
    }
    this.#slotColumn[slot] = column;
    return column;
  }
}

/**
 * Nested objects whose text repeats the previous record's at the same key (a study's, a
 * category's, an audience's object, the same on row after row): byte-equal text is an equal
 * object to JSON.parse, so its columns take the previous row's values again and its text is not
 * read. Each record notes the columns its values went to, in order (`written`); each object, by
 * slot, where its text was in the last record that had it, and which of those columns and how
 * many keys were its own.
 */
class RepeatedObjects {
  /** the columns written by the record being read, then by the one before it */
  #log: ScannedColumn[] = [];
  #previousLog: ScannedColumn[] = [];
  #logLength = 0;
  // by slot: the record (stamp) whose object the fields below describe, where its text was, its
  // columns' stretch of that record's log, and how many keys it held (its own and its objects')
  readonly #stamp: number[] = [];
  readonly #textStart: number[] = [];
  readonly #textLength: number[] = [];
  readonly #logStart: number[] = [];
  readonly #logEnd: number[] = [];
  readonly #keysAt: number[] = [];
  readonly #keyCount: number[] = [];
  /** whether it held a list */
  readonly #lists: boolean[] = [];
  readonly #listsAt: number[] = [];
  #listCount = 0;
  /** the same bytes, read four at a time */
  readonly #words: DataView;

  constructor(private readonly bytes: ByteText) {
    this.#words = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  startRecord(): void {
    const log = this.#previousLog;
    this.#previousLog = this.#log;
    this.#log = log;
    this.#logLength = 0;
  }

  /** `column`, noted as written by this record. */
  written(column: ScannedColumn): ScannedColumn {
    this.#log[this.#logLength++] = column;
    return column;
  }

  /** A list value read (JSON.parse gives each row a list of its own: an object holding one is not repeated). */
  listRead(): void {
    this.#listCount++;
  }

  /** The object at `slot` starts at `start`, after `keysBefore` keys of its record. */
  open(slot: number, start: number, keysBefore: number): void {
    this.#textStart[slot] = start;
    this.#logStart[slot] = this.#logLength;
    this.#keysAt[slot] = keysBefore;
    this.#listsAt[slot] = this.#listCount;
  }

  /** The object at `slot` ends before `end`, `keysBefore` keys into record `stamp`. */
  close(slot: number, end: number, keysBefore: number, stamp: number): void {
    this.#stamp[slot] = stamp;
    this.#textLength[slot] = end - this.#textStart[slot];
    this.#logEnd[slot] = this.#logLength;
    this.#keyCount[slot] = keysBefore - this.#keysAt[slot];
    this.#lists[slot] = this.#listCount !== this.#listsAt[slot];
  }

  textLength(slot: number): number {
    return this.#textLength[slot];
  }

  /**
   * When the object starting at `start` repeats the text the previous record had at `slot`:
   * its columns take row `row - 1`'s values for row `row` and the keys it held are answered (its
   * text is then `textLength(slot)` bytes long); else -1, nothing written. An object whose values
   * include a list is read again (JSON.parse gives each row its own).
   */
  repeat(slot: number, start: number, row: number, stamp: number): number {
    if (this.#stamp[slot] !== stamp - 1 || this.#lists[slot]) return -1;
    const previous = this.#textStart[slot];
    const length = this.#textLength[slot];
    if (start + length > this.bytes.length || !this.#sameText(previous, start, length)) return -1;
    const log = this.#previousLog;
    const logStart = this.#logLength;
    for (let at = this.#logStart[slot], to = this.#logEnd[slot]; at < to; at++) {
      const column = log[at];
      // a column this record already wrote: two keys flattening to one name, which bails
      if (column.stamp === stamp) throw BAIL;
      column.stamp = stamp;
      column.repeat(row);
      this.#log[this.#logLength++] = column;
    }
    this.#stamp[slot] = stamp;
    this.#textStart[slot] = start;
    this.#logStart[slot] = logStart;
    this.#logEnd[slot] = this.#logLength;
    return this.#keyCount[slot];
  }

  // ScannedKeys.knownKeyEnd has the same loop: one function serving both cost the 372-column
  // page 22 → 24 ms (the key comparison, the hot loop, is no longer inlined; docs/bench.md)
  #sameText(first: number, second: number, length: number): boolean {
    const words = this.#words;
    const bytes = this.bytes;
    let offset = 0;
    for (; offset + 4 <= length; offset += 4)
      if (words.getInt32(first + offset, true) !== words.getInt32(second + offset, true)) return false;
    for (; offset < length; offset++) if (bytes[first + offset] !== bytes[second + offset]) return false;
    return true;
  }
}

/**
 * A key's text, or a bail for keys the scanner cannot place as JSON.parse's objects do: an empty
 * key (left to the flattener, which names a nested object under "" `_child`), and digits only
 * (Object.keys lists array-index keys first, in numeric order, whatever their place in the text).
 */
function keyText(bytes: ByteText, start: number, end: number): string {
  if (start === end) throw BAIL;
  let ascii = true;
  let digits = true;
  for (let index = start; index < end; index++) {
    const byte = bytes[index];
    if (byte >= 0x80) ascii = false;
    if (byte < 0x30 || byte > 0x39) digits = false;
  }
  if (digits) throw BAIL;
  return ascii ? bytes.latin1Slice(start, end) : bytes.utf8Slice(start, end);
}

/**
 * One column as the page scanner fills it, a row at a time: a Float64Array while every row so far
 * holds a number, then (from the first other value or missing row on) an array of cells, undefined
 * where a row has none — the two forms gatherPageChunk gives a column.
 */
class ScannedColumn {
  numbers: Float64Array | null;
  cells: unknown[] | null = null;
  /** rows written so far, missing ones included */
  length = 0;
  /** the last record that wrote this column, 1-based: a second write in one record is a name clash */
  stamp = 0;
  /** the last unescaped string read for this column, and where its bytes are */
  text = "";
  textStart = 0;
  textLength = -1;

  /** `numbers`: room for the first numbers, or null for a column that starts with missing rows */
  constructor(
    readonly name: string,
    numbers: Float64Array | null,
  ) {
    this.numbers = numbers;
  }

  putNumber(row: number, value: number): void {
    const numbers = this.numbers;
    if (numbers !== null && this.length === row) {
      if (row === numbers.length) this.numbers = grown(numbers, row * 2);
      this.numbers![row] = value;
      this.length = row + 1;
    } else {
      this.putCell(row, value);
    }
  }

  /** Row `row - 1`'s value again, as row `row` (the column's last row is `row - 1`). */
  repeat(row: number): void {
    if (this.cells === null) this.putNumber(row, this.numbers![row - 1]);
    else this.putCell(row, this.cells[row - 1]);
  }

  putCell(row: number, value: unknown): void {
    const cells = this.cells ?? this.#cellsOfNumbers();
    while (cells.length < row) cells.push(undefined);
    cells.push(value);
    this.length = row + 1;
  }

  /** Room for more numbers (`room`, longer than what is held), given once the first record tells how many a page holds. */
  reserve(room: Float64Array): void {
    if (this.numbers === null || this.numbers.length >= room.length) return;
    room.set(this.numbers.subarray(0, this.length));
    this.numbers = room;
  }

  /** The column of `rowCount` rows (numbers: a stretch of an array other columns may share). */
  finish(rowCount: number): Float64Array | unknown[] {
    if (this.numbers !== null && this.length === rowCount) {
      return this.numbers.length === rowCount ? this.numbers : this.numbers.subarray(0, rowCount);
    }
    const cells = this.cells ?? this.#cellsOfNumbers();
    while (cells.length < rowCount) cells.push(undefined);
    return cells;
  }

  #cellsOfNumbers(): unknown[] {
    const cells = new Array<unknown>(this.length);
    for (let row = 0; row < this.length; row++) cells[row] = this.numbers![row];
    this.cells = cells;
    this.numbers = null;
    return cells;
  }
}

function grown(numbers: Float64Array, capacity: number): Float64Array {
  const larger = new Float64Array(Math.max(capacity, 16));
  larger.set(numbers);
  return larger;
}

/**
 * A page's columns counted as ColumnStats.countRow counts them row by row (src/table/columnPlan.ts):
 * each column's counts depend only on its own cells in row order, so counting column by column
 * gives the same numbers, and a Float64Array column needs no look at its type per cell.
 */
function countColumns(columns: ReadonlyArray<Float64Array | unknown[]>): ChunkStats {
  const width = columns.length;
  const stats: ChunkStats = {
    present: new Int32Array(width),
    numbers: new Int32Array(width),
    numericStrings: new Int32Array(width),
    otherStrings: new Int32Array(width),
    booleans: new Int32Array(width),
    structured: new Int32Array(width),
    notInt32: new Uint8Array(width),
  };
  for (let column = 0; column < width; column++) {
    const cells = columns[column];
    if (cells instanceof Float64Array) countNumbers(stats, column, cells);
    else countCells(stats, column, cells);
  }
  return stats;
}

function countNumbers(stats: ChunkStats, column: number, numbers: Float64Array): void {
  stats.present[column] = numbers.length;
  stats.numbers[column] = numbers.length;
  for (let row = 0; row < numbers.length; row++) {
    const value = numbers[row];
    if ((value | 0) !== value) {
      stats.notInt32[column] = 1;
      return;
    }
  }
}

/** countCell (ColumnStats' rule) for one column's cells, in row order. */
function countCells(stats: ChunkStats, column: number, cells: readonly unknown[]): void {
  for (let row = 0; row < cells.length; row++) countCell(stats, column, cells[row]);
}

/**
 * A page's bytes as a Buffer with Node's own slicing methods, which buffer.toString(encoding,
 * start, end) calls after checking its arguments: the scanner slices a few hundred thousand
 * strings a page, and the checks cost more than the slicing. @types/node does not list them.
 */
interface ByteText extends Buffer {
  latin1Slice(start: number, end: number): string;
  utf8Slice(start: number, end: number): string;
}

function byteText(bytes: Uint8Array): ByteText {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as ByteText;
}
