import type { DuckDBVector } from "@duckdb/node-api";
import { cellAs } from "../table/cellConversion";
import type { ColumnType } from "../table/columnType";

/** The node API's vectors of DOUBLE and BIGINT: their items and validity mask as JavaScript copies (its own fields). */
interface NumberVector {
  readonly items: Float64Array | BigInt64Array;
  readonly validity: { data: BigUint64Array | null };
  setItem(index: number, value: null): void;
}

const TWO_TO_32 = 2 ** 32;
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

function isNumberVector(vector: unknown, type: ColumnType): vector is NumberVector {
  const { items, validity } = vector as Partial<NumberVector>;
  const data = validity?.data;
  const itemsOfType = type === "double" ? items instanceof Float64Array : items instanceof BigInt64Array;
  return itemsOfType && (data === null || data instanceof BigUint64Array);
}

/**
 * A DOUBLE or BIGINT column's rows of a data chunk, written straight into the node API's copy of
 * the vector (flushed to DuckDB by the vector's flush, as setItem's are). setItem checks and sets
 * the validity bit of each cell with BigInt arithmetic, and a BIGINT takes a bigint a cell: at 372
 * columns that cost a wide sync ~2 s. The fields are the node API's own, not its interface (those of
 * 1.5.6-r.1, package.json's range): where a later version has them otherwise, `NumberSlots.of` is
 * undefined and the cells go through setItem.
 */
export class NumberSlots {
  static readonly #made = new WeakMap<DuckDBVector, NumberSlots | null>();

  static of(vector: DuckDBVector, type: ColumnType): NumberSlots | undefined {
    if (type !== "double" && type !== "int64") return undefined;
    let slots = this.#made.get(vector);
    if (slots === undefined) {
      slots = LITTLE_ENDIAN && isNumberVector(vector, type) ? new this(vector) : null;
      this.#made.set(vector, slots);
    }
    return slots ?? undefined;
  }

  readonly #vector: NumberVector;
  /** DOUBLE's items */
  readonly #doubles: Float64Array | undefined;
  /** BIGINT's items as 32-bit halves, the low one first */
  readonly #halves: Uint32Array | undefined;

  private constructor(vector: NumberVector) {
    this.#vector = vector;
    const { items } = vector;
    if (items instanceof Float64Array) this.#doubles = items;
    else this.#halves = new Uint32Array(items.buffer, items.byteOffset, items.length * 2);
  }

  /** Rows `at` on take `cells[k]` (or `cells[rows[k]]`), k from `from` to `to`. */
  setNumbers(at: number, cells: Float64Array, rows: Int32Array | undefined, from: number, to: number): void {
    const doubles = this.#doubles;
    const halves = this.#halves;
    if (doubles !== undefined && rows === undefined) doubles.set(cells.subarray(from, to), at);
    else if (doubles !== undefined) for (let k = from; k < to; k++) doubles[at + k - from] = cells[rows![k]];
    else
      for (let k = from; k < to; k++) {
        const value = cells[rows === undefined ? k : rows[k]];
        const slot = at + k - from;
        if (Number.isSafeInteger(value)) {
          const high = Math.floor(value / TWO_TO_32);
          halves![2 * slot] = value - high * TWO_TO_32;
          halves![2 * slot + 1] = high;
        } else (this.#vector.items as BigInt64Array)[slot] = cellAs("int64", value) as bigint;
      }
    this.#mark(at, at + to - from, true);
  }

  /** Rows `at` to `at + count` are null. */
  setNulls(at: number, count: number): void {
    if (count > 0) this.#mark(at, at + count, false);
  }

  /** Sets rows `start` to `end` valid or null in the validity mask (none: every row valid). */
  #mark(start: number, end: number, valid: boolean): void {
    let data = this.#vector.validity.data;
    if (data === null) {
      if (valid) return;
      this.#vector.setItem(start, null); // the node API makes the mask
      data = this.#vector.validity.data!;
    }
    const words = new Uint32Array(data.buffer, data.byteOffset, data.length * 2);
    for (let row = start; row < end;) {
      const word = row >>> 5;
      const bit = row & 31;
      const bits = Math.min(32 - bit, end - row);
      const mask = bits === 32 ? 0xffffffff : ((1 << bits) - 1) << bit;
      words[word] = valid ? words[word] | mask : words[word] & ~mask;
      row += bits;
    }
  }
}
