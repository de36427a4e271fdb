const PLUS = 43;
const MINUS = 45;
const DOT = 46;
const ZERO = 48;
const NINE = 57;

const isDigit = (code: number): boolean => code >= ZERO && code <= NINE;

/**
 * The number a numeric string spells, or NaN when it is not one. Numeric means a plain decimal
 * (`47.3`, `-2`, `+5`, `.5`, `1e3`) with no surrounding spaces. Not numeric, so the column keeps its
 * strings: `""`, `" "`, `"0x10"` (and other radix forms), `"Infinity"`, `"NaN"`; codes with a leading
 * zero such as `"007"` or `"-01"` (zero-padded identifiers would lose their padding; `"0"`, `"0.5"`
 * are fine); whole numbers beyond 2^53 (`"12345678901234567890"`), which a JS number cannot hold
 * exactly.
 */
export function parseNumericString(text: string): number {
  const length = text.length;
  if (length === 0) return NaN;
  const last = text.charCodeAt(length - 1);
  if (!isDigit(last) && last !== DOT) return NaN;
  let start = 0;
  const first = text.charCodeAt(0);
  if (first === PLUS || first === MINUS) start = 1;
  const lead = text.charCodeAt(start);
  if (!isDigit(lead) && lead !== DOT) return NaN;
  // "0x10", "0b1", "0o7" and "007": Number() reads radix prefixes; a padded code is not a quantity.
  if (lead === ZERO && start + 1 < length) {
    const next = text.charCodeAt(start + 1);
    if (next !== DOT && next !== 101 && next !== 69) return NaN; // only "0.", "0e", "0E" may follow a leading 0
  }
  const value = Number(text);
  if (!Number.isFinite(value)) return NaN;
  if (!Number.isSafeInteger(value) && Math.abs(value) > Number.MAX_SAFE_INTEGER && isIntegerForm(text)) return NaN;
  return value;
}

function isIntegerForm(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === DOT || code === 101 || code === 69) return false;
  }
  return true;
}
