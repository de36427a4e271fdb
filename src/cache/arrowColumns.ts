import type { ColumnDtype, ColumnTable } from "../table/types";
import {
  arrowFileBytes,
  boolColumn,
  codesOf,
  dictionaryColumn,
  dictionaryFloats,
  dictionaryTexts,
  fieldOf,
  float64Column,
  int32Column,
  isValidRow,
  readArrowFile,
  recordBatchOf,
  schemaOf,
  storedLayout,
  utf8Column,
  valuesOf,
  type ArrowData,
  type ArrowModule,
  type Codes,
} from "../arrow/arrowCodec";

/**
 * A frame's finished columns as one Arrow IPC file (written and read by the one Arrow codec, src/arrow) (the file format, one record batch), read back
 * into the same cells, dtypes and order; DuckDB, pyarrow or any Arrow reader can open it. Each
 * field's metadata holds the frame's dtype (`fountframe:dtype`), the schema's the row count and
 * this layout's mark. A column is stored as:
 * - numbers with few distinct values (at most a quarter of the rows): Dictionary<Float64> (exact
 *   to the bit: -0 and NaN stay what they are), with the narrowest signed index that holds them;
 * - other whole numbers in int32 range (not -0): Int32; other numbers: Float64;
 * - text: Dictionary<Utf8>, nulls in the validity bitmap; booleans: Bool, nulls likewise.
 *
 * Why dictionaries: danfo keeps every frame twice, as columns and as rows. A float copied into a
 * row is allocated as a number object of its own (21.7 M of them for bench S1, 2–3 s); decoded
 * from codes, the rows share one object per distinct value (S1's metrics have ~10,600).
 */
export type { ArrowModule } from "../arrow/arrowCodec";

const MARK_KEY = "fountframe:columns";
const MARK = "1";
const ROW_COUNT_KEY = "fountframe:rows";
const DTYPE_KEY = "fountframe:dtype";
/** a numeric column is coded while its distinct values stay under this share of its rows */
const MOST_DISTINCT_SHARE = 0.25;
/** numeric columns gathered at once from the rows: 32 × 8 bytes × the row count of working space */
const COLUMNS_PER_GATHER = 32;

const DTYPES: ReadonlySet<string> = new Set<ColumnDtype>(["float32", "int32", "string", "boolean"]);

/**
 * The table as an Arrow IPC file, or undefined when a cell is of no kind its dtype allows (text in
 * a numeric column, a number in a text one, undefined, an object). `rows`, when given, hold the
 * same cells row by row (a frame's rows): numeric columns are read from them, a few dozen at a
 * time. A frame's numbers are objects allocated (and moved by the collector) row by row: read down
 * a column, each is a cache miss.
 */
export function columnsToArrow(arrow: ArrowModule, table: ColumnTable, rows?: readonly (readonly unknown[])[]): Uint8Array | undefined {
  const { rowCount } = table;
  if (rows && rows.length < rowCount) return undefined;
  const width = table.columns.length;
  const data = new Array<ArrowData>(width);
  let dictionaryId = 0;
  const numeric: number[] = [];
  for (let column = 0; column < width; column++) {
    const dtype = table.dtypes[column];
    const cells = table.data[column];
    if (dtype === "float32" || dtype === "int32") {
      numeric.push(column);
    } else if (dtype === "string") {
      const coded = codeText(cells, rowCount);
      if (!coded) return undefined;
      data[column] = dictionaryColumn(arrow, utf8Column(arrow, coded.values), coded.codes, dictionaryId++, coded);
    } else {
      const bits = booleanBits(cells, rowCount);
      if (!bits) return undefined;
      data[column] = boolColumn(arrow, bits.values, rowCount, bits);
    }
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
      const numbers = gathered[index];
      const coded = codeNumbers(numbers, scratch);
      if (coded) {
        data[column] = dictionaryColumn(arrow, float64Column(arrow, coded.values), coded.codes, dictionaryId++);
      } else if (isInt32(numbers)) {
        data[column] = int32Column(arrow, Int32Array.from(numbers));
      } else {
        data[column] = float64Column(arrow, numbers.slice());
      }
    });
  }
  const fields = data.map((columnData, column) =>
    fieldOf(arrow, table.columns[column], columnData, new Map([[DTYPE_KEY, table.dtypes[column]]])),
  );
  const schema = schemaOf(
    arrow,
    fields,
    new Map([
      [MARK_KEY, MARK],
      [ROW_COUNT_KEY, String(rowCount)],
    ]),
  );
  return arrowFileBytes(arrow, schema, [recordBatchOf(arrow, schema, data, rowCount)]);
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

/** The table a kept-columns file holds; throws when the bytes are not such a file. */
export function columnsFromArrow(arrow: ArrowModule, file: Uint8Array): DecodedTable {
  const read = readArrowFile(arrow, file);
  if (read.schema.metadata.get(MARK_KEY) !== MARK) throw new Error("not a kept-columns file");
  const rowCount = Number(read.schema.metadata.get(ROW_COUNT_KEY));
  if (!Number.isSafeInteger(rowCount) || rowCount < 0 || (read.batches.length > 0 && read.batches[0].numRows !== rowCount))
    throw new Error("kept-columns file: bad row count");
  if (read.batches.length > 1) throw new Error("kept-columns file: more than one record batch");
  const batch = read.batches[0] as (typeof read.batches)[number] | undefined;
  if (!batch && (rowCount > 0 || read.schema.fields.length > 0)) throw new Error("kept-columns file: no record batch");
  const columns: string[] = [];
  const dtypes: ColumnDtype[] = [];
  const data: unknown[][] = [];
  const sources: RowSource[] = [];
  read.schema.fields.forEach((field, column) => {
    const dtype = field.metadata.get(DTYPE_KEY);
    if (dtype === undefined || !DTYPES.has(dtype)) throw new Error("kept-columns file: bad column");
    const stored = batch!.data.children[column];
    if (stored.length !== rowCount) throw new Error("kept-columns file: column cut short");
    columns.push(field.name);
    dtypes.push(dtype as ColumnDtype);
    const cells = new Array<unknown>(rowCount);
    const layout = storedLayout(arrow, stored);
    if (layout === "float64Dictionary" && stored.nullCount === 0) {
      // the column holds its numbers unboxed (an array of doubles: no null written first); the rows
      // share one boxed number per distinct value
      const values = floatValues(stored);
      const codes = codesOf(stored, rowCount);
      numbersFromCodes(cells, codes, values);
      sources.push({ values: genericCopy(values), codes });
    } else if (layout === "utf8Dictionary") {
      const values = dictionaryTexts(stored);
      textFromCodes(cells, codesOf(stored, rowCount), values, stored);
      sources.push({ values: cells });
    } else if (layout === "int32" || layout === "float64") {
      if (stored.nullCount > 0) throw new Error("kept-columns file: nulls among numbers");
      // a generic array from the start: each number is boxed once, and the rows share it
      if (rowCount > 0) cells[0] = null;
      const numbers = stored.values as Int32Array | Float64Array;
      for (let row = 0; row < rowCount; row++) cells[row] = numbers[row];
      sources.push({ values: cells });
    } else if (layout === "bool") {
      const values = valuesOf(arrow, stored, rowCount);
      for (let row = 0; row < rowCount; row++) cells[row] = values[row];
      sources.push({ values: cells });
    } else {
      throw new Error("kept-columns file: unknown column type");
    }
    data.push(cells);
  });
  return { table: { columns, dtypes, data, rowCount }, rows: rowsOf(sources, rowCount) };
}

function floatValues(stored: ArrowData): Float64Array {
  try {
    return dictionaryFloats(stored);
  } catch {
    throw new Error("kept-columns file: bad dictionary");
  }
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

// Two loops, each seeing one kind of `values`: a loop that reads both a Float64Array and arrays
// of values boxes every number it reads (20 M allocations for bench S1).

function numbersFromCodes(cells: unknown[], codes: Codes, values: Float64Array): void {
  const count = values.length;
  for (let row = 0; row < codes.length; row++) {
    const code = codes[row];
    if (code < 0 || code >= count) throw new Error("kept-columns file: code out of range");
    cells[row] = values[code];
  }
}

function textFromCodes(cells: unknown[], codes: Codes, values: readonly string[], stored: ArrowData): void {
  const count = values.length;
  for (let row = 0; row < codes.length; row++) {
    if (!isValidRow(stored, row)) {
      cells[row] = null;
      continue;
    }
    const code = codes[row];
    if (code < 0 || code >= count) throw new Error("kept-columns file: code out of range");
    cells[row] = values[code];
  }
}

/** A text column's distinct strings in first-appearance order, a code per row and the validity bitmap (nulls unset); undefined past text and nulls. */
function codeText(
  cells: readonly unknown[],
  rowCount: number,
): { codes: Codes; values: string[]; valid: Uint8Array; nullCount: number } | undefined {
  const codeOf = new Map<string, number>();
  const values: string[] = [];
  const codes = new Int32Array(rowCount);
  const valid = new Uint8Array((rowCount + 7) >> 3);
  let nullCount = 0;
  for (let row = 0; row < rowCount; row++) {
    const value = cells[row];
    if (value === null) {
      nullCount++;
      continue;
    }
    if (typeof value !== "string") return undefined;
    let code = codeOf.get(value);
    if (code === undefined) {
      code = values.length;
      values.push(value);
      codeOf.set(value, code);
    }
    codes[row] = code;
    valid[row >> 3] |= 1 << (row & 7);
  }
  return { codes: narrowed(codes, values.length), values, valid, nullCount };
}

/** A boolean column's value and validity bitmaps; undefined past booleans and nulls. */
function booleanBits(
  cells: readonly unknown[],
  rowCount: number,
): { values: Uint8Array; valid: Uint8Array; nullCount: number } | undefined {
  const values = new Uint8Array((rowCount + 7) >> 3);
  const valid = new Uint8Array((rowCount + 7) >> 3);
  let nullCount = 0;
  for (let row = 0; row < rowCount; row++) {
    const value = cells[row];
    if (value === null) {
      nullCount++;
      continue;
    }
    if (typeof value !== "boolean") return undefined;
    valid[row >> 3] |= 1 << (row & 7);
    if (value) values[row >> 3] |= 1 << (row & 7);
  }
  return { values, valid, nullCount };
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
  readonly codes: Int32Array;
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
    this.codes = new Int32Array(rowCount);
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

/** The codes in an array of their own, the narrowest signed one (Arrow's advice for dictionary indices) that holds `count` distinct ones. */
function narrowed(codes: Int32Array, count: number): Codes {
  if (count <= 0x80) return Int8Array.from(codes);
  if (count <= 0x8000) return Int16Array.from(codes);
  return codes.slice();
}
