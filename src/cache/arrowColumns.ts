import type { ColumnDtype, ColumnTable } from "../table/types";
import { doublesArray, freshArray } from "../frame/assembledColumn";
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
  utf16Column,
  utf8Column,
  valuesOf,
  type ArrowData,
  type ArrowModule,
  type Codes,
} from "../arrow/arrowCodec";

/**
 * A frame's finished columns as one Arrow IPC file (written and read by the one Arrow codec, src/arrow), one record batch, read
 * back into the same cells, dtypes and order; DuckDB, pyarrow or any Arrow reader can open it. Each
 * field's metadata holds the frame's dtype (`fountframe:dtype`), the schema's the row count and
 * this layout's mark. A column is stored as:
 * - numbers with few distinct values (at most a quarter of the rows): Dictionary<Float64> (exact
 *   to the bit: -0 and NaN stay what they are), with the narrowest signed index that holds them;
 * - other whole numbers in int32 range (not -0): Int32; other numbers: Float64;
 * - text: Dictionary<Utf8>, nulls in the validity bitmap; a column whose text holds a lone
 *   surrogate (no UTF-8 has it): Dictionary<Binary> of UTF-16LE code units, marked so in its field's
 *   metadata (`fountframe:text`); booleans: Bool, nulls likewise.
 * The names are the schema metadata's (`fountframe:names`, JSON): an IPC file keeps no empty field
 * name, and its field names are UTF-8 read with a decoder that drops a leading U+FEFF.
 *
 * Numbers are read back into arrays of unboxed doubles, as a pulled frame holds them (its rows are
 * made from its columns when first read, as a pulled frame's are); the dictionaries keep the file
 * (and the hash of it a read checks) about a quarter of the plain doubles' size.
 */
export type { ArrowModule } from "../arrow/arrowCodec";

const MARK_KEY = "fountframe:columns";
const MARK = "2";
const ROW_COUNT_KEY = "fountframe:rows";
const NAMES_KEY = "fountframe:names";
const DTYPE_KEY = "fountframe:dtype";
const TEXT_KEY = "fountframe:text";
const UTF16 = "utf-16le";
/** a code point of category Cs: with the u flag, a surrogate that is not half of a pair */
const LONE_SURROGATE = /\p{Cs}/u;
/** a numeric column is coded while its distinct values stay under this share of its rows */
const MOST_DISTINCT_SHARE = 0.25;

const DTYPES: ReadonlySet<string> = new Set<ColumnDtype>(["float32", "int32", "string", "boolean"]);

/**
 * The table as an Arrow IPC file, or undefined when a cell is of no kind its dtype allows (text in
 * a numeric column, a number in a text one, undefined, an object).
 */
export function columnsToArrow(arrow: ArrowModule, table: ColumnTable): Uint8Array | undefined {
  const { rowCount } = table;
  const width = table.columns.length;
  const data = new Array<ArrowData>(width);
  const textAsUtf16 = new Set<number>();
  let dictionaryId = 0;
  // one set of working arrays for every column: a fresh one each would be 340 × ~1 MB for bench S1
  const scratch = new Scratch(rowCount);
  for (let column = 0; column < width; column++) {
    const dtype = table.dtypes[column];
    const cells = table.data[column];
    if (dtype === "float32" || dtype === "int32") {
      const own = cells.length === rowCount ? cells : cells.slice(0, rowCount);
      if (own.length < rowCount || !numbersOnly(own)) return undefined;
      const { numbers } = scratch;
      numbers.set(own as number[]);
      const coded = codeNumbers(numbers, scratch);
      if (coded) {
        data[column] = dictionaryColumn(arrow, float64Column(arrow, coded.values), coded.codes, dictionaryId++);
      } else {
        data[column] = isInt32(numbers) ? int32Column(arrow, new Int32Array(numbers)) : float64Column(arrow, numbers.slice());
      }
    } else if (dtype === "string") {
      const coded = codeText(cells, rowCount);
      if (!coded) return undefined;
      const utf16 = coded.values.some((value) => LONE_SURROGATE.test(value));
      if (utf16) textAsUtf16.add(column);
      const values = utf16 ? utf16Column(arrow, coded.values) : utf8Column(arrow, coded.values);
      data[column] = dictionaryColumn(arrow, values, coded.codes, dictionaryId++, coded);
    } else {
      const bits = booleanBits(cells, rowCount);
      if (!bits) return undefined;
      data[column] = boolColumn(arrow, bits.values, rowCount, bits);
    }
  }
  const fields = data.map((columnData, column) => {
    const metadata = new Map<string, string>([[DTYPE_KEY, table.dtypes[column]]]);
    if (textAsUtf16.has(column)) metadata.set(TEXT_KEY, UTF16);
    return fieldOf(arrow, table.columns[column], columnData, metadata);
  });
  const schema = schemaOf(
    arrow,
    fields,
    new Map([
      [MARK_KEY, MARK],
      [ROW_COUNT_KEY, String(rowCount)],
      // JSON escapes a lone surrogate, and the text starts with "[", never with a U+FEFF
      [NAMES_KEY, JSON.stringify(table.columns)],
    ]),
  );
  return arrowFileBytes(arrow, schema, [recordBatchOf(arrow, schema, data, rowCount)]);
}

/**
 * The table a kept-columns file holds; throws when the bytes are not such a file. Numeric columns
 * come back as arrays of unboxed doubles, the others as arrays of cells: the frame's own columns.
 */
export function columnsFromArrow(arrow: ArrowModule, file: Uint8Array): ColumnTable {
  const read = readArrowFile(arrow, file);
  if (read.schema.metadata.get(MARK_KEY) !== MARK) throw new Error("not a kept-columns file");
  const rowCount = Number(read.schema.metadata.get(ROW_COUNT_KEY));
  if (!Number.isSafeInteger(rowCount) || rowCount < 0 || (read.batches.length > 0 && read.batches[0].numRows !== rowCount))
    throw new Error("kept-columns file: bad row count");
  if (read.batches.length > 1) throw new Error("kept-columns file: more than one record batch");
  const batch = read.batches[0] as (typeof read.batches)[number] | undefined;
  if (!batch && (rowCount > 0 || read.schema.fields.length > 0)) throw new Error("kept-columns file: no record batch");
  const columns = namesOf(read.schema.metadata.get(NAMES_KEY), read.schema.fields.length);
  const dtypes: ColumnDtype[] = [];
  const data: unknown[][] = [];
  read.schema.fields.forEach((field, column) => {
    const dtype = field.metadata.get(DTYPE_KEY);
    if (dtype === undefined || !DTYPES.has(dtype)) throw new Error("kept-columns file: bad column");
    const stored = batch!.data.children[column];
    if (stored.length !== rowCount) throw new Error("kept-columns file: column cut short");
    dtypes.push(dtype as ColumnDtype);
    data.push(cellsOf(arrow, stored, dtype as ColumnDtype, rowCount, field.metadata.get(TEXT_KEY)));
  });
  return { columns, dtypes, data, rowCount };
}

/** The column names a kept-columns file's schema metadata lists, one per field; throws on anything else. */
function namesOf(json: string | undefined, width: number): string[] {
  let names: unknown;
  try {
    names = JSON.parse(json ?? "");
  } catch {
    throw new Error("kept-columns file: no column names");
  }
  if (!Array.isArray(names) || names.length !== width || !names.every((name) => typeof name === "string"))
    throw new Error("kept-columns file: bad column names");
  return names as string[];
}

/** A stored column's cells as its dtype holds them in a frame; throws on a layout the dtype does not take. */
function cellsOf(arrow: ArrowModule, stored: ArrowData, dtype: ColumnDtype, rowCount: number, text: string | undefined): unknown[] {
  const layout = storedLayout(arrow, stored);
  if (dtype === "float32" || dtype === "int32") {
    if (stored.nullCount > 0) throw new Error("kept-columns file: nulls among numbers");
    const numbers = doublesArray(rowCount);
    if (layout === "float64Dictionary") numbersFromCodes(numbers, codesOf(stored, rowCount), floatValues(stored));
    else if (layout === "float64") copyDoubles(numbers, stored.values as Float64Array, rowCount);
    else if (layout === "int32") copyWholeNumbers(numbers, stored.values as Int32Array, rowCount);
    else throw new Error("kept-columns file: unknown column type");
    return numbers;
  }
  const cells = freshArray(rowCount);
  if (dtype === "string" && layout === "utf8Dictionary" && text === undefined)
    textFromCodes(cells, codesOf(stored, rowCount), dictionaryTexts(stored, "utf8"), stored);
  else if (dtype === "string" && layout === "binaryDictionary" && text === UTF16)
    textFromCodes(cells, codesOf(stored, rowCount), dictionaryTexts(stored, "utf16le"), stored);
  else if (dtype === "boolean" && layout === "bool") {
    const values = valuesOf(arrow, stored, rowCount);
    for (let row = 0; row < rowCount; row++) cells[row] = values[row];
  } else throw new Error("kept-columns file: unknown column type");
  return cells;
}

function floatValues(stored: ArrowData): Float64Array {
  try {
    return dictionaryFloats(stored);
  } catch {
    throw new Error("kept-columns file: bad dictionary");
  }
}

// small loops of their own, each meeting one kind of array (a loop that meets several boxes the
// numbers it moves)

function numbersFromCodes(numbers: number[], codes: Codes, values: Float64Array): void {
  const count = values.length;
  for (let row = 0; row < codes.length; row++) {
    const code = codes[row];
    if (code < 0 || code >= count) throw new Error("kept-columns file: code out of range");
    numbers[row] = values[code];
  }
}

function copyDoubles(numbers: number[], values: Float64Array, rowCount: number): void {
  for (let row = 0; row < rowCount; row++) numbers[row] = values[row];
}

function copyWholeNumbers(numbers: number[], values: Int32Array, rowCount: number): void {
  for (let row = 0; row < rowCount; row++) numbers[row] = values[row];
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
  /** a numeric column's numbers */
  readonly numbers: Float64Array;

  constructor(rowCount: number) {
    this.most = Math.max(256, Math.floor(rowCount * MOST_DISTINCT_SHARE));
    let size = 1024;
    while (size < this.most * 2) size *= 2;
    this.codes = new Int32Array(rowCount);
    this.numbers = new Float64Array(rowCount);
    this.slots = new Int32Array(size);
    this.distinct = new Uint32Array(this.most * 2);
  }
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

/**
 * Whether every cell is a number, asked of the array's own builtins. A loop of ours reading a
 * frame's columns, some unboxed doubles and some cells, makes V8 generalize the arrays it reads:
 * each column of unboxed doubles is re-made as boxed numbers (for bench S1, 90 columns, 350 MB
 * of new objects for the collector, and the frame's own columns left twice their size).
 */
function numbersOnly(cells: readonly unknown[]): boolean {
  return !cells.includes(undefined) && cells.every(isNumber);
}

const isNumber = (value: unknown): boolean => typeof value === "number";

/** The codes in an array of their own, the narrowest signed one (Arrow's advice for dictionary indices) that holds `count` distinct ones. */
function narrowed(codes: Int32Array, count: number): Codes {
  // the typed arrays' own constructors copy and narrow at once (`from` walks an iterator)
  if (count <= 0x80) return new Int8Array(codes);
  if (count <= 0x8000) return new Int16Array(codes);
  return codes.slice();
}
