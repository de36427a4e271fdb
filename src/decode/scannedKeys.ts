import { GLOBAL_PREFIX } from "../table/globalPrefix";
import type { ByteText } from "./byteText";
import { ScannedColumn } from "./scannedColumns";

const QUOTE = 0x22;
/** rows a column made in the first record has room for, until expectRows */
const FIRST_CAPACITY = 64;

/** The parent of a record's own keys. */
export const ROOT = 0;

/** Thrown inside the scanner for anything it does not take; scanPage answers undefined. */
export const BAIL: unique symbol = Symbol("bail");

/**
 * The keys of a page's records as a tree of slots: one slot per key under one parent (the record,
 * or a nested object's slot), holding the column its values go to (the flattened name, as RowSink
 * names it: `parent_child`, `global_` for the shape's global includes) and, when its value is an
 * object, the prefix of that object's keys.
 *
 * Records mostly repeat one key order, so a key is first compared, byte for byte, with the key
 * the previous record had at the same position under the same parent; no string is made for a key
 * that matches.
 */
export class ScannedKeys {
  readonly columns: ScannedColumn[] = [];
  readonly #columnByName = new Map<string, ScannedColumn>();
  readonly #slotByPath = new Map<string, number>();
  // slot fields, by slot (slot 0 is the record itself)
  readonly #slotColumn: Array<ScannedColumn | undefined> = [undefined];
  readonly #slotName: string[] = [""];
  readonly #slotPrefix: string[] = [""];
  readonly #slotStamp: number[] = [0];
  /** the slot of a record's own `id` (its value is the page's id of the record), or -1 */
  idSlot = -1;
  // the previous record's key at each position: where its bytes are, its parent, its slot
  readonly #keyStartAt: number[] = [];
  readonly #keyLengthAt: number[] = [];
  readonly #parentAt: number[] = [];
  readonly #slotAt: number[] = [];

  constructor(
    private readonly bytes: ByteText,
    private readonly globalIncludes: ReadonlySet<string>,
  ) {}

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
    for (let offset = 0; offset < length; offset++) if (bytes[previous + offset] !== bytes[start + offset]) return -1;
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

  /** Capacity for the columns' numbers, once the first record tells how many records a page holds. */
  expectRows(rows: number): void {
    for (const column of this.columns) column.reserve(rows);
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
    // RowSink's names: a record's key as it is (or `global_key` for a global include's object),
    // a nested key `parent_key`
    const name = parent === ROOT ? key : `${this.#slotPrefix[parent]}_${key}`;
    this.#slotName.push(name);
    this.#slotPrefix.push(parent === ROOT && this.globalIncludes.has(key) ? GLOBAL_PREFIX + key : name);
    this.#slotColumn.push(undefined);
    this.#slotStamp.push(0);
    if (parent === ROOT && key === "id") this.idSlot = slot;
    return slot;
  }

  #columnNamed(slot: number, row: number): ScannedColumn {
    const name = this.#slotName[slot];
    let column = this.#columnByName.get(name);
    if (column === undefined) {
      // a column first met after the first record misses the rows before: cells from the start
      column = new ScannedColumn(name, row === 0 ? FIRST_CAPACITY : 0);
      this.#columnByName.set(name, column);
      this.columns.push(column);
    }
    this.#slotColumn[slot] = column;
    return column;
  }
}

/**
 * A key's text, or a bail for keys the scanner cannot place as JSON.parse's objects do: an empty
 * key (RowSink names a nested object under "" as if it were the record), and digits only
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
