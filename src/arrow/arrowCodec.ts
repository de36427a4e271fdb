// The one Arrow encoder and decoder (apache-arrow): the cache's kept columns and writeArrow's files
// describe their columns to it; nothing else builds or reads Arrow data.
import type * as Arrow from "apache-arrow";
import type { ColumnType } from "../table/columnType";

export type ArrowModule = typeof Arrow;
export type ArrowData = Arrow.Data;
export type ArrowSchema = Arrow.Schema;

/** A cell as a typed column stores it: int64 and timestamp as bigint, date as days, null where missing. */
export type StoredCell = bigint | number | boolean | string | null;

/**
 * A typed column's cells: stored cells, null where missing, or, for a double column with a value in
 * every row, its numbers as they are (no cell boxed, no copy into an array).
 */
export type StoredColumn = readonly StoredCell[] | Float64Array;

/** Dictionary codes, the narrowest signed array that holds them. */
export type Codes = Int8Array | Int16Array | Int32Array;

let loading: Promise<ArrowModule> | undefined;
/** apache-arrow takes ~0.1 s to load: loaded on first use, never at require("fountframe"). */
export function loadArrow(): Promise<ArrowModule> {
  loading ??= import("apache-arrow");
  return loading;
}

/** A validity bitmap: bit r set where row r holds a value. */
export interface Validity {
  readonly valid: Uint8Array;
  readonly nullCount: number;
}

const EVERY_ROW_VALID: Validity = { valid: new Uint8Array(0), nullCount: 0 };

// ---- encoding

function arrowTypeOf(arrow: ArrowModule, type: ColumnType): Arrow.DataType {
  switch (type) {
    case "int64":
      return new arrow.Int64();
    case "double":
      return new arrow.Float64();
    case "boolean":
      return new arrow.Bool();
    case "utf8":
      return new arrow.Utf8();
    case "date":
      return new arrow.DateDay();
    case "timestamp":
      return new arrow.TimestampMicrosecond("UTC");
  }
}

/** Fields of typed columns (every one nullable), by name. */
export function typedFields(arrow: ArrowModule, names: readonly string[], types: readonly ColumnType[]): Arrow.Field[] {
  return names.map((name, position) => new arrow.Field(name, arrowTypeOf(arrow, types[position]), true));
}

/** A typed column's cells (as `cellAs` stores them, null where missing) as Arrow data: fixed-width ones straight into typed arrays. */
export function typedColumn(arrow: ArrowModule, type: ColumnType, cells: StoredColumn, rows: number): ArrowData {
  if (cells instanceof Float64Array) {
    if (type !== "double") throw new TypeError(`a Float64Array holds a double column's cells, not ${type} ones`);
    return arrow.makeData({ type: new arrow.Float64(), length: rows, nullCount: 0, data: cells });
  }
  const { valid, nullCount } = validityOfCells(cells, rows);
  const present = { length: rows, nullCount, nullBitmap: valid };
  switch (type) {
    case "int64":
    case "timestamp": {
      const data = int64Data(cells as readonly (bigint | number | null)[], rows);
      return arrow.makeData({ type: arrowTypeOf(arrow, type) as Arrow.Int64, ...present, data });
    }
    case "double": {
      const data = new Float64Array(rows);
      for (let row = 0; row < rows; row++) if (cells[row] !== null) data[row] = cells[row] as number;
      return arrow.makeData({ type: new arrow.Float64(), ...present, data });
    }
    case "date": {
      const data = new Int32Array(rows);
      for (let row = 0; row < rows; row++) if (cells[row] !== null) data[row] = cells[row] as number;
      return arrow.makeData({ type: new arrow.DateDay(), ...present, data });
    }
    case "boolean": {
      const bits = new Uint8Array((rows + 7) >> 3);
      for (let row = 0; row < rows; row++) if (cells[row] === true) bits[row >> 3] |= 1 << (row & 7);
      return arrow.makeData({ type: new arrow.Bool(), ...present, data: bits });
    }
    case "utf8":
      return utf8Column(arrow, cells as readonly (string | null)[]);
  }
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const TWO_TO_32 = 2 ** 32;

/**
 * 64-bit integers, null left 0: a bigint as it is, a safe integer (a number: TypedBatches keeps a
 * page's whole numbers so) written as its two 32-bit halves, no bigint made for it.
 */
function int64Data(cells: readonly (bigint | number | null)[], rows: number): BigInt64Array {
  const data = new BigInt64Array(rows);
  // the halves as a little-endian machine lays them out; elsewhere every cell is made a bigint
  const halves = LITTLE_ENDIAN ? new Int32Array(data.buffer) : undefined;
  for (let row = 0; row < rows; row++) {
    const cell = cells[row];
    if (cell === null) continue;
    if (halves && typeof cell === "number" && Number.isSafeInteger(cell)) {
      // two's complement: the low half is the number modulo 2^32, the high half its floor over 2^32
      halves[2 * row] = cell >>> 0;
      halves[2 * row + 1] = Math.floor(cell / TWO_TO_32);
    } else {
      const value = BigInt(cell);
      if (BigInt.asIntN(64, value) !== value) throw new RangeError(`INT64 value out of range: ${value} (row ${row})`);
      data[row] = value;
    }
  }
  return data;
}

function validityOfCells(cells: readonly StoredCell[], rows: number): Validity {
  const valid = new Uint8Array((rows + 7) >> 3);
  let nullCount = 0;
  for (let row = 0; row < rows; row++) {
    if (cells[row] === null) nullCount++;
    else valid[row >> 3] |= 1 << (row & 7);
  }
  return { valid, nullCount };
}

/** Text, null where missing: ASCII at once, else arrow's own builder (UTF-8, a lone surrogate as U+FFFD). */
export function utf8Column(arrow: ArrowModule, texts: readonly (string | null)[]): ArrowData {
  return asciiColumn(arrow, texts) ?? arrow.vectorFromArray(texts as (string | null)[], new arrow.Utf8()).data[0];
}

/** Texts all ASCII (a byte a character) as Utf8 data: one encoding of them all, offsets from their lengths; else undefined. */
function asciiColumn(arrow: ArrowModule, texts: readonly (string | null)[]): ArrowData | undefined {
  const rows = texts.length;
  const valueOffsets = new Int32Array(rows + 1);
  // the bitmap in 64-byte steps, as arrow's builder makes it: a file writes it whole, so the same bytes either way
  const valid = new Uint8Array((((rows + 7) >> 3) + 63) & ~63);
  const present: string[] = [];
  let nullCount = 0;
  let length = 0;
  for (let row = 0; row < rows; row++) {
    const text = texts[row];
    if (text === null || text === undefined) nullCount++;
    else {
      valid[row >> 3] |= 1 << (row & 7);
      present.push(text);
      length += text.length;
      if (length > INT32_MAX) return undefined;
    }
    valueOffsets[row + 1] = length;
  }
  const joined = present.join("");
  const data = Buffer.from(joined, "utf8");
  if (data.length !== joined.length) return undefined;
  return arrow.makeData({ type: new arrow.Utf8(), length: rows, nullCount, nullBitmap: valid, valueOffsets, data });
}

const INT32_MAX = 2 ** 31 - 1;

/** Texts as Binary data of their UTF-16 code units, little-endian: every JS string exactly, a lone surrogate included. */
export function utf16Column(arrow: ArrowModule, texts: readonly string[]): ArrowData {
  const valueOffsets = new Int32Array(texts.length + 1);
  let length = 0;
  for (let row = 0; row < texts.length; row++) {
    length += texts[row].length * 2;
    if (length > INT32_MAX) throw new RangeError("texts past 2 GiB of UTF-16");
    valueOffsets[row + 1] = length;
  }
  const data = Buffer.from(texts.join(""), "utf16le");
  return arrow.makeData({ type: new arrow.Binary(), length: texts.length, nullCount: 0, valueOffsets, data });
}

/** Whole numbers as Int32, no nulls. */
export function int32Column(arrow: ArrowModule, values: Int32Array): ArrowData {
  return arrow.makeData({ type: new arrow.Int32(), length: values.length, nullCount: 0, data: values });
}

/** Numbers as Float64, no nulls. */
export function float64Column(arrow: ArrowModule, values: Float64Array): ArrowData {
  return arrow.makeData({ type: new arrow.Float64(), length: values.length, nullCount: 0, data: values });
}

/** Booleans as bits, nulls unset in `validity`. */
export function boolColumn(arrow: ArrowModule, bits: Uint8Array, rows: number, validity: Validity = EVERY_ROW_VALID): ArrowData {
  return arrow.makeData({ type: new arrow.Bool(), length: rows, nullCount: validity.nullCount, nullBitmap: validity.valid, data: bits });
}

/** A dictionary column: a code per row into `dictionary` (data of its values), dictionary id `id`. */
export function dictionaryColumn(
  arrow: ArrowModule,
  dictionary: ArrowData,
  codes: Codes,
  id: number,
  validity: Validity = EVERY_ROW_VALID,
): ArrowData {
  const type = new arrow.Dictionary(dictionary.type, indexType(arrow, codes), id);
  return arrow.makeData({
    type,
    length: codes.length,
    nullCount: validity.nullCount,
    nullBitmap: validity.valid,
    data: codes,
    dictionary: arrow.makeVector(dictionary),
  });
}

function indexType(arrow: ArrowModule, codes: Codes): Arrow.Int8 | Arrow.Int16 | Arrow.Int32 {
  if (codes instanceof Int8Array) return new arrow.Int8();
  if (codes instanceof Int16Array) return new arrow.Int16();
  return new arrow.Int32();
}

/** A field for `data` (nullable when it holds a null), with its metadata. */
export function fieldOf(arrow: ArrowModule, name: string, data: ArrowData, metadata?: ReadonlyMap<string, string>): Arrow.Field {
  return new arrow.Field(name, data.type, data.nullCount > 0, metadata ? new Map(metadata) : undefined);
}

export function schemaOf(arrow: ArrowModule, fields: Arrow.Field[], metadata?: ReadonlyMap<string, string>): ArrowSchema {
  return new arrow.Schema(fields, metadata ? new Map(metadata) : undefined);
}

/** One record batch of `rows` rows: the columns' data in the schema's order. */
export function recordBatchOf(arrow: ArrowModule, schema: ArrowSchema, children: ArrowData[], rows: number): Arrow.RecordBatch {
  const data = arrow.makeData({ type: new arrow.Struct(schema.fields), length: rows, nullCount: 0, children });
  return new arrow.RecordBatch(schema, data);
}

/** A whole Arrow IPC file (the file format) of one schema's batches, in memory. */
export function arrowFileBytes(arrow: ArrowModule, schema: ArrowSchema, batches: Arrow.RecordBatch[]): Uint8Array {
  return arrow.tableToIPC(new arrow.Table(schema, batches), "file");
}

/** One record batch as an Arrow IPC stream (its schema, then the batch), in memory. */
export function arrowStreamBytes(arrow: ArrowModule, batch: Arrow.RecordBatch): Uint8Array {
  return arrow.tableToIPC(new arrow.Table([batch]), "stream");
}

/** An Arrow IPC file written as it goes: each batch's bytes handed to `write` in order, waited for. */
export interface ArrowFileStream {
  write(batch: Arrow.RecordBatch): Promise<void>;
  close(): Promise<void>;
}

export function openArrowFileStream(arrow: ArrowModule, schema: ArrowSchema, write: (bytes: Uint8Array) => Promise<void>): ArrowFileStream {
  // the writer hands its sink a piece per buffer (a column's validity, its data, the padding):
  // a batch's pieces are kept here and written as one, not awaited one by one
  let pieces: Uint8Array[] = [];
  const sink = Object.assign(new arrow.AsyncByteQueue(), {
    write(piece: Uint8Array) {
      if (piece.byteLength > 0) pieces.push(piece);
    },
  });
  const writer = new arrow.RecordBatchFileWriter();
  writer.reset(sink, schema);
  const writeHeld = async (): Promise<void> => {
    if (!pieces.length) return;
    const bytes = pieces.length === 1 ? pieces[0] : Buffer.concat(pieces);
    pieces = [];
    await write(bytes);
  };
  return {
    async write(batch) {
      writer.write(batch);
      await writeHeld();
    },
    async close() {
      writer.close();
      await writeHeld();
    },
  };
}

// ---- decoding

/** An Arrow IPC file read whole: its schema and record batches. */
export function readArrowFile(arrow: ArrowModule, bytes: Uint8Array): { schema: ArrowSchema; batches: Arrow.RecordBatch[] } {
  const table = arrow.tableFromIPC(bytes);
  return { schema: table.schema, batches: table.batches };
}

/**
 * One typed column of a record batch as stored cells (what typedColumn wrote, back exactly: int64
 * and timestamps as bigint, dates as days): the typed array's own values for the fixed-width types.
 */
export function typedCells(type: ColumnType, data: ArrowData, rows: number, arrow: ArrowModule): StoredCell[] {
  const cells = new Array<StoredCell>(rows);
  const vector = arrow.makeVector(data);
  const raw = type === "int64" || type === "timestamp" || type === "date" || type === "double";
  const values = data.values as ArrayLike<unknown>;
  const text = type === "utf8" ? textDecoder(data, "utf8") : undefined;
  for (let row = 0; row < rows; row++) {
    if (!vector.isValid(row)) cells[row] = null;
    else if (text) cells[row] = text(row);
    else cells[row] = (raw ? values[row] : vector.get(row)) as StoredCell;
  }
  return cells;
}

/**
 * Value `index` of variable-width data (Utf8, or utf16Column's Binary) as text: Node's decoding,
 * not arrow's, whose TextDecoder drops a text's leading U+FEFF.
 */
function textDecoder(data: ArrowData, encoding: "utf8" | "utf16le"): (index: number) => string {
  const { valueOffsets, values } = data as Arrow.Data<Arrow.Utf8 | Arrow.Binary>;
  const bytes = Buffer.from(values.buffer, values.byteOffset, values.byteLength);
  return (index) => bytes.toString(encoding, valueOffsets[index], valueOffsets[index + 1]);
}

/** How a column is stored, for a reader that takes a few layouts. */
export type StoredLayout = "float64Dictionary" | "utf8Dictionary" | "binaryDictionary" | "int32" | "float64" | "bool" | "other";

export function storedLayout(arrow: ArrowModule, data: ArrowData): StoredLayout {
  const { type } = data;
  if (arrow.DataType.isDictionary(type)) {
    if (arrow.DataType.isFloat(type.dictionary) && type.dictionary.precision === arrow.Precision.DOUBLE) return "float64Dictionary";
    if (arrow.DataType.isUtf8(type.dictionary)) return "utf8Dictionary";
    if (arrow.DataType.isBinary(type.dictionary)) return "binaryDictionary";
    return "other";
  }
  if (arrow.DataType.isInt(type) && type.bitWidth === 32 && type.isSigned) return "int32";
  if (arrow.DataType.isFloat(type) && type.precision === arrow.Precision.DOUBLE) return "float64";
  if (arrow.DataType.isBool(type)) return "bool";
  return "other";
}

/** A dictionary column's codes, one per row: an IPC buffer is padded to 8 bytes, so it can hold more. */
export function codesOf(data: ArrowData, rows: number): Codes {
  return (data.values as Codes).subarray(0, rows);
}

/** A dictionary column's values: its doubles (one array), or its texts. */
export function dictionaryFloats(data: ArrowData): Float64Array {
  const dictionary = data.dictionary!.data;
  if (dictionary.length !== 1 || !(dictionary[0].values instanceof Float64Array)) throw new Error("bad dictionary");
  return dictionary[0].values;
}

/** A dictionary column's texts: its Utf8 values as UTF-8, or its Binary ones (utf16Column's) as UTF-16LE code units. */
export function dictionaryTexts(data: ArrowData, encoding: "utf8" | "utf16le"): string[] {
  const dictionary = data.dictionary!.data;
  if (dictionary.length !== 1) throw new Error("bad dictionary");
  const text = textDecoder(dictionary[0], encoding);
  const texts = new Array<string>(dictionary[0].length);
  for (let value = 0; value < texts.length; value++) texts[value] = text(value);
  return texts;
}

/** Whether row `row` of `data` holds a value. */
export function isValidRow(data: ArrowData, row: number): boolean {
  if (data.nullCount === 0) return true;
  const at = row + data.offset;
  return (data.nullBitmap![at >> 3] & (1 << (at & 7))) !== 0;
}

/** A column's values one by one (booleans, or anything read through arrow's own getters). */
export function valuesOf(arrow: ArrowModule, data: ArrowData, rows: number): unknown[] {
  const vector = arrow.makeVector(data);
  const values = new Array<unknown>(rows);
  for (let row = 0; row < rows; row++) values[row] = vector.get(row);
  return values;
}
