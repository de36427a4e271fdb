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

/**
 * The number a numeric string spells, or NaN when it is not one. Numeric means a plain decimal
 * (`47.3`, `-2`, `+5`, `.5`, `5.`, `1e3`) with no surrounding spaces. Not numeric, so the column
 * keeps its strings: `""`, `" "`, `"0x10"` (and other radix forms), `"Infinity"`, `"NaN"`; codes with
 * a leading zero such as `"007"` or `"-01"` (a padded identifier would lose its padding; `"0"` and
 * `"0.5"` are fine); whole numbers beyond 2^53 (`"12345678901234567890"`), which a number cannot
 * hold exactly.
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
  return Number.isFinite(value) ? value : NaN;
}

/** More than 15 digits: Number() rounds, but a whole number beyond 2^53 would come out changed. */
function parseLongDecimal(text: string, hasDot: boolean): number {
  const value = Number(text);
  if (!hasDot && !Number.isSafeInteger(value)) return NaN;
  return value;
}
