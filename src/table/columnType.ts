/**
 * The one decision of a column's type (API.md, "Column types"), for every path a pull takes: the
 * frame's dtypes, the Parquet and Arrow schema, and which text cells every writer turns into numbers.
 * Decided once per column, from what the column is declared to hold (the service's documentation,
 * or a frame's dtype), and otherwise from all of its values the caller counted, in any order.
 */

/** What a column is declared to hold before its values are read: the docs' type, or a frame's dtype. */
export type DeclaredType = "string" | "integer" | "number" | "boolean";

/** The types a column is written as (docs/parquet.md, "type mapping"); a frame maps them to its dtypes. */
export type ColumnType = "int64" | "double" | "boolean" | "utf8" | "date" | "timestamp";

export const COLUMN_TYPES: readonly ColumnType[] = ["int64", "double", "boolean", "utf8", "date", "timestamp"];

/** What a column's values said so far; "none" while every value seen was missing. */
export type SeenType = ColumnType | "none";

/** A column's present cells (not null, undefined or NaN), counted by kind. */
export interface CellCounts {
  present: number;
  /** numbers (and bigints) */
  numbers: number;
  /** strings that spell a number (parseNumericString) */
  numericStrings: number;
  booleans: number;
  /** true once a number or numeric string is not a whole number an int64 holds */
  fractions: boolean;
  /** ISO dates (`2024-02-29`) among the strings; undefined where the caller does not tell dates apart */
  dates?: number;
  /** ISO timestamps among the strings, and Date objects */
  timestamps?: number;
}

/**
 * The column's type, or undefined when it holds no value at all.
 *
 * - declared "string": text, never a number (`code_numeric` "056" and "826" alike); a column whose
 *   every value is an ISO date or timestamp is a date or timestamp column;
 * - declared "integer" or "number", and every value a number or numeric string: int64 for an
 *   integer without fractions, else double;
 * - declared "boolean", and every value a boolean: boolean;
 * - otherwise (undeclared, or values the declared type cannot hold) from the values: all booleans →
 *   boolean; all numbers or numeric strings → int64, or double once one has a fraction; all dates →
 *   date; dates and timestamps → timestamp; anything else or a mix → text.
 */
export function decideColumnType(counts: CellCounts, declared?: DeclaredType): ColumnType | undefined {
  const { present, numbers, numericStrings, booleans, fractions } = counts;
  if (present === 0) return undefined;
  const numeric = numbers + numericStrings === present;
  switch (declared) {
    case "string":
      return datesOrText(counts, numbers === 0 && booleans === 0);
    case "integer":
      if (numeric) return fractions ? "double" : "int64";
      break;
    case "number":
      if (numeric) return "double";
      break;
    case "boolean":
      if (booleans === present) return "boolean";
      break;
  }
  if (booleans === present) return "boolean";
  if (numeric) return fractions ? "double" : "int64";
  return datesOrText(counts, numbers === 0 && booleans === 0);
}

function datesOrText({ present, dates, timestamps }: CellCounts, onlyText: boolean): ColumnType {
  if (!onlyText || dates === undefined || timestamps === undefined) return "utf8";
  if (dates === present) return "date";
  if (dates + timestamps === present) return "timestamp";
  return "utf8";
}

/** A frame's dtype as a declaration: its text columns stay text (a numeric-looking code the frame kept as text stays so). */
export function declaredOfDtype(dtype: string | undefined): DeclaredType | undefined {
  return dtype === "string" ? "string" : undefined;
}

/** Counts cells of many columns, by position, for decideColumnType. */
export class CellTally {
  readonly #counts: CellCounts[] = [];

  /** One present or missing cell of column `position`. */
  add(position: number, value: unknown): void {
    if (isMissingCell(value)) return;
    const counts = (this.#counts[position] ??= {
      present: 0,
      numbers: 0,
      numericStrings: 0,
      booleans: 0,
      fractions: false,
      dates: 0,
      timestamps: 0,
    });
    counts.present++;
    switch (typeof value) {
      case "number":
      case "bigint":
        counts.numbers++;
        if (typeOfCell(value) !== "int64") counts.fractions = true;
        return;
      case "boolean":
        counts.booleans++;
        return;
      case "string": {
        const number = parseNumericString(value);
        if (number === number) {
          counts.numericStrings++;
          if (!Number.isInteger(number)) counts.fractions = true;
          return;
        }
        const kind = typeOfCell(value);
        if (kind === "date") counts.dates!++;
        else if (kind === "timestamp") counts.timestamps!++;
        return;
      }
      default:
        if (value instanceof Date) counts.timestamps!++;
    }
  }

  /** Column `position`'s type (undefined: no value), given what it is declared to hold. */
  typeOf(position: number, declared?: DeclaredType): ColumnType | undefined {
    const counts = this.#counts[position];
    return counts ? decideColumnType(counts, declared) : undefined;
  }
}

const INT64_LIMIT = 2 ** 63;
const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;
/** ISO 8601 as the service writes it (`2020-03-02T10:05:01.000000Z`), with or without an offset. */
const TIMESTAMP_TEXT = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/;
const MS_PER_DAY = 86_400_000;

/** null, undefined and NaN (a danfo frame's missing number) are missing. */
export function isMissingCell(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === "number" && Number.isNaN(value));
}

/** The type one present value asks for on its own (a numeric string is text here: only a column's counts make it a number). */
export function typeOfCell(value: unknown): ColumnType {
  switch (typeof value) {
    case "boolean":
      return "boolean";
    case "bigint":
      return value >= -(2n ** 63n) && value < 2n ** 63n ? "int64" : "double";
    case "number":
      return Number.isInteger(value) && value >= -INT64_LIMIT && value < INT64_LIMIT ? "int64" : "double";
    case "string":
      if (DATE_TEXT.test(value) && dayOf(value) !== undefined) return "date";
      if (TIMESTAMP_TEXT.test(value) && microsOf(value) !== undefined) return "timestamp";
      return "utf8";
    default:
      return value instanceof Date ? "timestamp" : "utf8";
  }
}

/** Two types one column holds, as one: int64 and double make double, date and timestamp make timestamp, else text. */
export function widen(a: SeenType, b: SeenType): SeenType {
  if (a === b || b === "none") return a;
  if (a === "none") return b;
  const pair = new Set([a, b]);
  if (pair.has("int64") && pair.has("double")) return "double";
  if (pair.has("date") && pair.has("timestamp")) return "timestamp";
  return "utf8";
}

/** `2024-02-29` as days since 1970-01-01, or undefined when it is no real day. */
export function dayOf(text: string): number | undefined {
  const match = DATE_TEXT.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // setUTCFullYear, not Date.UTC, which reads years 0 to 99 as 1900 to 1999
  const back = new Date(0);
  back.setUTCFullYear(year, month - 1, day);
  const ms = back.getTime();
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return undefined;
  return ms / MS_PER_DAY;
}

/** An ISO timestamp as microseconds since the epoch, UTC (no offset given: taken as UTC), or undefined. */
export function microsOf(text: string): bigint | undefined {
  const match = TIMESTAMP_TEXT.exec(text);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s, fraction, zone] = match;
  const [hour, minute, second] = [Number(h), Number(mi), Number(s ?? 0)];
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const day = dayOf(`${y}-${mo}-${d}`);
  if (day === undefined) return undefined;
  let offsetMinutes = 0;
  if (zone && zone !== "Z") {
    const digits = zone.replace(":", "");
    offsetMinutes = (digits[0] === "-" ? -1 : 1) * (Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5)));
  }
  const seconds = day * 86_400 + hour * 3600 + minute * 60 + second - offsetMinutes * 60;
  // a digit past the microsecond other than 0 would be cut: such a text is no timestamp the formats hold
  if (fraction !== undefined && fraction.length > 6 && !/^0+$/.test(fraction.slice(6))) return undefined;
  const micros = Number((fraction ?? "").padEnd(6, "0").slice(0, 6));
  return BigInt(seconds) * 1_000_000n + BigInt(micros);
}

/** An ISO date or timestamp text, as a column of dates or timestamps holds them (dayOf, microsOf). */
export function isDateText(value: unknown): boolean {
  return typeof value === "string" && (dayOf(value) !== undefined || microsOf(value) !== undefined);
}

/**
 * What a timestamp of the formats that hold one in UTC (Parquet's, Arrow's) makes of a date or
 * timestamp text, where that is not the text's own meaning: "offset" (a zone other than UTC, kept
 * as its instant), "no offset" (a wall-clock time, taken as UTC), "date" (a day, as its midnight
 * UTC). Undefined for a UTC timestamp (the service's `…Z`) and for any other text.
 */
export function timestampShift(text: string): "offset" | "no offset" | "date" | undefined {
  if (text.endsWith("Z")) return undefined;
  if (dayOf(text) !== undefined) return "date";
  const match = TIMESTAMP_TEXT.exec(text);
  if (match === null) return undefined;
  const zone = match[8];
  if (zone === undefined) return "no offset";
  return /^[+-]00:?00$/.test(zone) ? undefined : "offset";
}

export { MS_PER_DAY };

const PLUS = 43;
const MINUS = 45;
const DOT = 46;
const ZERO = 48;
const NINE = 57;
const LOWER_E = 101;
const UPPER_E = 69;

/** Powers of ten a double holds exactly: the quotient of two exact doubles is correctly rounded. */
const EXACT_POWERS_OF_TEN = Array.from({ length: 23 }, (_, exponent) => 10 ** exponent);
/** Up to 15 digits an integer mantissa is exact in a double. */
const MAX_FAST_DIGITS = 15;

/** An id as a column of ids holds it (the sync's key, the pull's duplicate check): numeric text is its number ("1", "1.0" are 1), other text stays text ("01"). */
export function idValue(id: unknown): unknown {
  if (typeof id !== "string") return id;
  const parsed = parseNumericString(id);
  return parsed === parsed ? parsed : id;
}

/** An id as the sync compares ids, pulled or stored: idValue's number, else its text. */
export type IdKey = number | string;

export function idKey(id: unknown): IdKey {
  const value = idValue(id);
  return typeof value === "number" ? value : typeof value === "bigint" ? Number(value) : String(value);
}

/**
 * The number a numeric string spells, or NaN when it is not one. Numeric means a plain decimal
 * (`47.3`, `-2`, `+5`, `.5`, `5.`, `1e3`) with no surrounding spaces. Not numeric, so the column
 * keeps its strings: `""`, `" "`, `"0x10"` (and other radix forms), `"Infinity"`, `"NaN"`; codes with
 * a leading zero such as `"007"` or `"-01"` (a padded identifier would lose its padding; `"0"` and
 * `"0.5"` are fine); whole numbers beyond 2^53 however written (`"12345678901234567890"`, `"1e19"`,
 * `"9007199254740993.0"`), which a number cannot hold exactly, and numbers past the double range (`"1e400"`, and `"1e-400"` or `"0.000…0001"` with
 * 400 zeros, which would be 0; a zero such as `"0.000"` or `"0e-400"` is 0).
 *
 * Plain decimals of up to 15 digits are read here (an exact mantissa divided by an exact power of ten
 * is the correctly rounded value, the same as Number() gives); V8's Number() of a string costs about
 * ten times as much, which matters at millions of cells. Anything else goes to Number().
 */
export function parseNumericString(text: string): number {
  const length = text.length;
  if (length === 0) return NaN;
  let index = 0;
  let code = text.charCodeAt(0);
  const negative = code === MINUS;
  if (negative || code === PLUS) {
    if (length === 1) return NaN;
    code = text.charCodeAt(++index);
  }
  if (code === ZERO && index + 1 < length) {
    // "0x10", "0b1", "0o7" (Number() reads radix prefixes) and "007" (a padded code): only "0.", "0e" may follow
    const next = text.charCodeAt(index + 1);
    if (next !== DOT && next !== LOWER_E && next !== UPPER_E) return NaN;
  }
  let mantissa = 0;
  let digits = 0;
  let fractionDigits = 0;
  let seenDot = false;
  for (; index < length; index++) {
    code = text.charCodeAt(index);
    if (code >= ZERO && code <= NINE) {
      mantissa = mantissa * 10 + (code - ZERO);
      digits++;
      if (seenDot) fractionDigits++;
    } else if (code === DOT && !seenDot) {
      seenDot = true;
    } else {
      break;
    }
  }
  if (digits === 0) return NaN;
  if (index < length) {
    if (code !== LOWER_E && code !== UPPER_E) return NaN;
    return parseWithExponent(text, index);
  }
  if (digits > MAX_FAST_DIGITS) return parseLongDecimal(text, seenDot);
  const magnitude = fractionDigits === 0 ? mantissa : mantissa / EXACT_POWERS_OF_TEN[fractionDigits];
  return negative ? -magnitude : magnitude;
}

/** "1e3", "1.5E-2": the mantissa was plain; the exponent must be [+-]digits to the end. */
function parseWithExponent(text: string, exponentAt: number): number {
  let index = exponentAt + 1;
  const sign = text.charCodeAt(index);
  if (sign === PLUS || sign === MINUS) index++;
  if (index >= text.length) return NaN;
  for (; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < ZERO || code > NINE) return NaN;
  }
  const value = Number(text);
  // past the double range either way ("1e400" is Infinity, "1e-400" is 0): the text is kept, not a number it is not
  if (value === 0 && underflows(text, exponentAt)) return NaN;
  return heldExactly(value);
}

/** NaN for a value a double holds only rounded as a whole number (beyond 2^53: "1e19", "9007199254740993.0") or not at all (Infinity). */
const heldExactly = (value: number): number =>
  (Number.isInteger(value) && !Number.isSafeInteger(value)) || !Number.isFinite(value) ? NaN : value;

/**
 * More than 15 digits: Number() rounds, but a whole number beyond 2^53 would come out changed
 * (written with a point too: "9007199254740993.0"), a number past the double range would be
 * Infinity, and a fraction past it toward zero ("0.000…0001", 400 zeros) would be 0.
 */
function parseLongDecimal(text: string, hasDot: boolean): number {
  const value = Number(text);
  if (value === 0 && underflows(text, text.length)) return NaN;
  // a fraction written out ("123456789012345678901234.5") is rounded as every decimal is
  if (hasDot && !/\.0*$/.test(text) && Number.isFinite(value)) return value;
  return heldExactly(value);
}

/**
 * A 0 read from digits (`text` up to `end`, the mantissa) that are not all zeros: the number is
 * below the double range, not 0. Asked only when the value is 0, so the hot path never scans.
 * (Up to 15 digits no fraction underflows, so parseNumericString's fast path needs no such check.)
 */
function underflows(text: string, end: number): boolean {
  for (let index = 0; index < end; index++) {
    const code = text.charCodeAt(index);
    if (code > ZERO && code <= NINE) return true;
  }
  return false;
}
