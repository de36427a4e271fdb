import { endianness } from "node:os";
import type { ColumnDtype, ColumnTable } from "../frame/types";

/**
 * A frame's finished columns as one binary file, read back into the same cells, dtypes and order.
 *
 * Layout: MAGIC, the header's byte length (u32 LE), the header as JSON, then each column's typed
 * arrays, every one 8-byte aligned, in the machine's byte order (the header says which). A column is
 * stored as one of:
 * - `numbers`: numbers with few distinct values (at most a quarter of the rows): the distinct
 *   values (Float64Array, exact to the bit: -0 and NaN stay what they are) and one code per row;
 * - `int32`: whole numbers in int32 range (not -0) with many distinct values: an Int32Array;
 * - `float64`: other numbers with many distinct values: a Float64Array;
 * - `values`: text, booleans and nulls: the distinct values in the header, one code per row.
 *
 * Why codes: danfo keeps every frame twice, as columns and as rows. A float copied into a row is
 * allocated as a number object of its own (21.7 M of them for bench S1, 2–3 s); decoded from
 * codes, rows and columns share one object per distinct value (S1's metrics have ~10,600).
 */
const MAGIC = Buffer.from("FFCOLS1\n", "latin1");
const ALIGN = 8;
/** a numeric column is coded while its distinct values stay under this share of its rows */
const MOST_DISTINCT_SHARE = 0.25;

type CodeBytes = 1 | 2 | 4;
type Scalar = string | boolean | null;

type StoredColumn =
  | { name: string; dtype: ColumnDtype; kind: "int32"; at: number }
  | { name: string; dtype: ColumnDtype; kind: "float64"; at: number }
  | { name: string; dtype: ColumnDtype; kind: "numbers"; at: number; codeBytes: CodeBytes; valuesAt: number; count: number }
  | { name: string; dtype: ColumnDtype; kind: "values"; at: number; codeBytes: CodeBytes; values: Scalar[] };

interface Header {
  rowCount: number;
  littleEndian: boolean;
  columns: StoredColumn[];
}

const DTYPES: ReadonlySet<string> = new Set<ColumnDtype>(["float32", "int32", "string", "boolean"]);

/** numeric columns gathered at once from the rows: 32 × 8 bytes × the row count of working space */
const COLUMNS_PER_GATHER = 32;

/**
 * The table as the file's pieces (in order), or undefined when a cell is of no kind the file stores.
 * `rows`, when given, hold the same cells row by row (a frame's rows): numeric columns are read
 * from them, a few dozen at a time, rather than column by column. A frame's numbers are objects
 * allocated (and moved by the collector) row by row: read down a column, each is a cache miss.
 */
export function encodeColumns(table: ColumnTable, rows?: readonly (readonly unknown[])[]): Buffer[] | undefined {
  const { rowCount } = table;
  if (rows && rows.length < rowCount) return undefined;
  const sections: ArrayBufferView[] = [];
  let offset = 0;
  const place = (view: ArrayBufferView): number => {
    const at = offset;
    sections.push(view);
    offset += view.byteLength + padding(view.byteLength);
    return at;
  };
  const columns = new Array<StoredColumn>(table.columns.length);
  const numeric: number[] = [];
  for (let column = 0; column < table.columns.length; column++) {
    const name = table.columns[column];
    const dtype = table.dtypes[column];
    const cells = table.data[column];
    if (dtype === "float32" || dtype === "int32") {
      numeric.push(column);
      continue;
    }
    if (!onlyScalars(cells, rowCount)) return undefined;
    const coded = codeValues(cells, rowCount);
    columns[column] = {
      name,
      dtype,
      kind: "values",
      at: place(coded.codes),
      codeBytes: coded.codes.BYTES_PER_ELEMENT as CodeBytes,
      values: coded.values,
    };
  }
  // one set of working arrays for every column: a fresh one each would be 340 × ~2 MB for bench S1
  const scratch = new Scratch(rowCount);
  const gathered = Array.from({ length: Math.min(COLUMNS_PER_GATHER, numeric.length) }, () => new Float64Array(rowCount));
  for (let first = 0; first < numeric.length; first += COLUMNS_PER_GATHER) {
    const members = numeric.slice(first, first + COLUMNS_PER_GATHER);
    const complete = rows
      ? numbersFromRows(rows, members, gathered)
      : members.every((column, index) => copyNumbers(table.data[column], gathered[index]));
    if (!complete) return undefined;
    members.forEach((column, index) => {
      const name = table.columns[column];
      const dtype = table.dtypes[column];
      const numbers = gathered[index];
      const coded = codeNumbers(numbers, scratch);
      if (coded) {
        const at = place(coded.codes);
        const valuesAt = place(coded.values);
        const codeBytes = coded.codes.BYTES_PER_ELEMENT as CodeBytes;
        columns[column] = { name, dtype, kind: "numbers", at, codeBytes, valuesAt, count: coded.values.length };
      } else if (isInt32(numbers)) {
        columns[column] = { name, dtype, kind: "int32", at: place(Int32Array.from(numbers)) };
      } else {
        columns[column] = { name, dtype, kind: "float64", at: place(numbers.slice()) };
      }
    });
  }
  const header: Header = { rowCount, littleEndian: endianness() === "LE", columns };
  const json = Buffer.from(JSON.stringify(header), "utf8");
  const lead = Buffer.alloc(MAGIC.length + 4);
  MAGIC.copy(lead);
  lead.writeUInt32LE(json.length, MAGIC.length);
  const pieces: Buffer[] = [lead, json, Buffer.alloc(padding(lead.length + json.length))];
  for (const view of sections) {
    pieces.push(Buffer.from(view.buffer, view.byteOffset, view.byteLength), Buffer.alloc(padding(view.byteLength)));
  }
  return pieces;
}

/** A table read back, with the same cells as rows (rows[r][c] === table.data[c][r]), as a danfo frame keeps them. */
export interface DecodedTable {
  table: ColumnTable;
  rows: unknown[][];
}

/** Where a column's row cells are read from: `values[codes[r]]`, or `values[r]` without codes. */
interface RowSource {
  values: readonly unknown[];
  codes?: Codes;
}

/** The table a file holds; throws when the bytes are not such a file (or not of this machine's byte order). */
export function decodeColumns(file: Buffer): DecodedTable {
  if (file.length < MAGIC.length + 4 || !file.subarray(0, MAGIC.length).equals(MAGIC)) throw new Error("not a columns file");
  const headerLength = file.readUInt32LE(MAGIC.length);
  const headerEnd = MAGIC.length + 4 + headerLength;
  if (headerEnd > file.length) throw new Error("columns file: header cut short");
  const header = JSON.parse(file.toString("utf8", MAGIC.length + 4, headerEnd)) as Header;
  if (header.littleEndian !== (endianness() === "LE")) throw new Error("columns file: another byte order");
  const { rowCount } = header;
  if (!Number.isSafeInteger(rowCount) || rowCount < 0 || !Array.isArray(header.columns)) throw new Error("columns file: bad header");
  // typed arrays need their alignment: a buffer that does not start on one is copied once
  const bodyStart = headerEnd + padding(headerEnd);
  const aligned = (file.byteOffset + bodyStart) % ALIGN === 0 ? file : Buffer.from(file);
  const body = aligned.subarray(bodyStart);
  const view = <T>(make: new (buffer: ArrayBufferLike, at: number, length: number) => T, bytes: number, at: number, length: number): T => {
    if (!Number.isSafeInteger(at) || at < 0 || at % ALIGN !== 0 || at + length * bytes > body.length)
      throw new Error("columns file: bad offset");
    return new make(body.buffer, body.byteOffset + at, length);
  };
  const columns: string[] = [];
  const dtypes: ColumnDtype[] = [];
  const data: unknown[][] = [];
  const sources: RowSource[] = [];
  for (const stored of header.columns) {
    if (typeof stored?.name !== "string" || !DTYPES.has(stored.dtype)) throw new Error("columns file: bad column");
    columns.push(stored.name);
    dtypes.push(stored.dtype);
    const cells = new Array<unknown>(rowCount);
    switch (stored.kind) {
      case "int32":
      case "float64": {
        // a generic array from the start: each number is boxed once, and the rows share it
        if (rowCount > 0) cells[0] = null;
        const numbers = stored.kind === "int32" ? view(Int32Array, 4, stored.at, rowCount) : view(Float64Array, 8, stored.at, rowCount);
        for (let row = 0; row < rowCount; row++) cells[row] = numbers[row];
        sources.push({ values: cells });
        break;
      }
      case "numbers": {
        // the column holds its numbers unboxed; the rows share one boxed number per distinct value
        const values = view(Float64Array, 8, stored.valuesAt, stored.count);
        const codes = codesView(view, stored.codeBytes, stored.at, rowCount);
        numbersFromCodes(cells, codes, values);
        sources.push({ values: genericCopy(values), codes });
        break;
      }
      case "values": {
        if (!Array.isArray(stored.values)) throw new Error("columns file: bad values");
        const codes = codesView(view, stored.codeBytes, stored.at, rowCount);
        valuesFromCodes(cells, codes, stored.values);
        sources.push({ values: genericCopy(stored.values), codes });
        break;
      }
      default:
        throw new Error("columns file: unknown column kind");
    }
    data.push(cells);
  }
  return { table: { columns, dtypes, data, rowCount }, rows: rowsOf(sources, rowCount) };
}

const ROWS_PER_BLOCK = 256;

/** The values in an array of any values (each number boxed once): every row source is one kind of array. */
function genericCopy(values: ArrayLike<unknown>): unknown[] {
  const copy = new Array<unknown>(values.length);
  if (values.length > 0) copy[0] = null;
  for (let index = 0; index < values.length; index++) copy[index] = values[index];
  return copy;
}

/** The rows, read in blocks (a block's stretch of every column stays in the cache), from the codes where there are. */
function rowsOf(sources: readonly RowSource[], rowCount: number): unknown[][] {
  const width = sources.length;
  const rows: unknown[][] = [];
  for (let row = 0; row < rowCount; row++) {
    const cells = new Array<unknown>(width);
    // generic from the start: a number written first would make it an array of doubles, re-made
    // (every number boxed anew) at the first text cell
    if (width > 0) cells[0] = null;
    rows.push(cells);
  }
  for (let start = 0; start < rowCount; start += ROWS_PER_BLOCK) {
    const end = Math.min(rowCount, start + ROWS_PER_BLOCK);
    for (let column = 0; column < width; column++) {
      const { values, codes } = sources[column];
      if (codes) rowsFromCodes(rows, column, start, end, values, codes);
      else rowsFromCells(rows, column, start, end, values);
    }
  }
  return rows;
}

// small loops of their own, so that each stays fast for the few kinds of arrays it sees

function rowsFromCodes(rows: unknown[][], column: number, start: number, end: number, values: readonly unknown[], codes: Codes): void {
  for (let row = start; row < end; row++) rows[row][column] = values[codes[row]];
}

function rowsFromCells(rows: unknown[][], column: number, start: number, end: number, values: readonly unknown[]): void {
  for (let row = start; row < end; row++) rows[row][column] = values[row];
}

type Codes = Uint8Array | Uint16Array | Uint32Array;

function codesView(
  view: <T>(make: new (buffer: ArrayBufferLike, at: number, length: number) => T, bytes: number, at: number, length: number) => T,
  codeBytes: CodeBytes,
  at: number,
  rowCount: number,
): Codes {
  if (codeBytes === 1) return view(Uint8Array, 1, at, rowCount);
  if (codeBytes === 2) return view(Uint16Array, 2, at, rowCount);
  if (codeBytes === 4) return view(Uint32Array, 4, at, rowCount);
  throw new Error("columns file: bad code width");
}

// Two loops, each seeing one kind of `values`: a loop that reads both a Float64Array and arrays
// of values boxes every number it reads (20 M allocations for bench S1).

function numbersFromCodes(cells: unknown[], codes: Codes, values: Float64Array): void {
  const count = values.length;
  for (let row = 0; row < codes.length; row++) {
    const code = codes[row];
    if (code >= count) throw new Error("columns file: code out of range");
    cells[row] = values[code];
  }
}

function valuesFromCodes(cells: unknown[], codes: Codes, values: readonly unknown[]): void {
  const count = values.length;
  for (let row = 0; row < codes.length; row++) {
    const code = codes[row];
    if (code >= count) throw new Error("columns file: code out of range");
    cells[row] = values[code];
  }
}

/** Every cell text, a boolean or null, as in a finished column that is not numeric. */
function onlyScalars(cells: readonly unknown[], rowCount: number): boolean {
  for (let row = 0; row < rowCount; row++) {
    const value = cells[row];
    if (value !== null && typeof value !== "string" && typeof value !== "boolean") return false;
  }
  return true;
}

/** Every number a whole one in int32 range, and none -0. */
function isInt32(numbers: Float64Array): boolean {
  for (let row = 0; row < numbers.length; row++) {
    const value = numbers[row];
    if ((value | 0) !== value || (value === 0 && 1 / value < 0)) return false;
  }
  return true;
}

/** Working arrays for coding the numeric columns of one table. */
class Scratch {
  /** a column's codes, one per row */
  readonly codes: Uint32Array;
  /** open-addressing table: slot → code, -1 for free */
  readonly slots: Int32Array;
  /** the distinct values' bits, two words each */
  readonly distinct: Uint32Array;
  /** most distinct values a coded column may have */
  readonly most: number;

  constructor(rowCount: number) {
    this.most = Math.max(256, Math.floor(rowCount * MOST_DISTINCT_SHARE));
    let size = 1024;
    while (size < this.most * 2) size *= 2;
    this.codes = new Uint32Array(rowCount);
    this.slots = new Int32Array(size);
    this.distinct = new Uint32Array(this.most * 2);
  }
}

/** A numeric column's cells in `into`; false when one is not a number. */
function copyNumbers(cells: readonly unknown[], into: Float64Array): boolean {
  for (let row = 0; row < into.length; row++) {
    const value = cells[row];
    if (typeof value !== "number") return false;
    into[row] = value;
  }
  return true;
}

/** The numeric columns `members` read from the rows, column `members[k]` into `into[k]`; false when a cell is not a number. */
function numbersFromRows(rows: readonly (readonly unknown[])[], members: readonly number[], into: readonly Float64Array[]): boolean {
  const count = members.length;
  const rowCount = into.length > 0 ? into[0].length : 0;
  for (let row = 0; row < rowCount; row++) {
    const cells = rows[row];
    for (let index = 0; index < count; index++) {
      const value = cells[members[index]];
      if (typeof value !== "number") return false;
      into[index][row] = value;
    }
  }
  return true;
}

/** The distinct values (by their bits) in first-appearance order and each row's code, or undefined past `scratch.most`. */
function codeNumbers(numbers: Float64Array, scratch: Scratch): { codes: Codes; values: Float64Array } | undefined {
  const { codes, slots, distinct, most } = scratch;
  const bits = new Uint32Array(numbers.buffer, numbers.byteOffset, numbers.length * 2);
  const mask = slots.length - 1;
  slots.fill(-1);
  let count = 0;
  for (let row = 0; row < numbers.length; row++) {
    const low = bits[2 * row];
    const high = bits[2 * row + 1];
    // every bit of both words reaches the slot's bits (whole numbers have low words of zeros)
    let hash = Math.imul(low ^ Math.imul(high, 0x9e3779b1), 0x85ebca6b);
    hash ^= hash >>> 15;
    hash = Math.imul(hash, 0xc2b2ae35);
    hash ^= hash >>> 16;
    let slot = hash & mask;
    for (;;) {
      const code = slots[slot];
      if (code < 0) {
        if (count === most) return undefined;
        slots[slot] = count;
        distinct[2 * count] = low;
        distinct[2 * count + 1] = high;
        codes[row] = count++;
        break;
      }
      if (distinct[2 * code] === low && distinct[2 * code + 1] === high) {
        codes[row] = code;
        break;
      }
      slot = (slot + 1) & mask;
    }
  }
  const values = new Float64Array(distinct.buffer.slice(0, count * 8));
  return { codes: narrowed(codes.subarray(0, numbers.length), count), values };
}

function codeValues(cells: readonly unknown[], rowCount: number): { codes: Codes; values: Scalar[] } {
  const codeOf = new Map<Scalar, number>();
  const values: Scalar[] = [];
  const codes = new Uint32Array(rowCount);
  for (let row = 0; row < rowCount; row++) {
    const value = cells[row] as Scalar;
    let code = codeOf.get(value);
    if (code === undefined) {
      code = values.length;
      values.push(value);
      codeOf.set(value, code);
    }
    codes[row] = code;
  }
  return { codes: narrowed(codes, values.length), values };
}

/** The codes in an array of their own, the narrowest that holds `count` distinct ones. */
function narrowed(codes: Uint32Array, count: number): Codes {
  if (count <= 0x100) return Uint8Array.from(codes);
  if (count <= 0x10000) return Uint16Array.from(codes);
  return codes.slice();
}

const padding = (length: number): number => (ALIGN - (length % ALIGN)) % ALIGN;
