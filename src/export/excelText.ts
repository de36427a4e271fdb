/** Excel's most characters in one cell. */
export const EXCEL_MAX_CELL_TEXT = 32_767;

/** A text as a sheet cell holds it, and what had to change on the way. */
export interface ExcelText {
  text: string;
  /** longer than Excel's 32,767 characters: cut there (never inside a surrogate pair) */
  cut: boolean;
  /** lone surrogates (no character of their own) became U+FFFD, as UTF-8 must write them */
  replacedSurrogates: boolean;
}

/**
 * What XML 1.0 cannot hold or a reader would change: C0 controls but TAB and LF (CR, which an XML
 * parser reads as LF, included), DEL (exceljs drops it), U+FFFE, U+FFFF, any surrogate (lone ones
 * are replaced; pairs are checked and kept), and `_x` (a literal `_xHHHH_` a reader would decode).
 */
// eslint-disable-next-line no-control-regex -- the control characters are what it finds
const NEEDS_CARE = /[\x00-\x08\x0B-\x1F\x7F\uFFFE\uFFFF\uD800-\uDFFF]|_x/;
const ESCAPE_LOOKALIKE = /^_x[0-9A-Fa-f]{4}_/;

/**
 * A text for an Excel cell, keeping every character the sheet can hold. A control character,
 * U+FFFE and U+FFFF are written with Excel's own escape `_xHHHH_` (ECMA-376, ST_Xstring), which Excel
 * and SheetJS read back as the character; a literal `_xHHHH_` in the text gets its `_` escaped
 * (`_x005F_`) so it is read back as written. A lone surrogate becomes U+FFFD; text past 32,767
 * characters is cut there, one character earlier when the cut would split a surrogate pair.
 */
export function excelText(value: string): ExcelText {
  let text = value;
  let cut = false;
  if (text.length > EXCEL_MAX_CELL_TEXT) {
    const last = text.charCodeAt(EXCEL_MAX_CELL_TEXT - 1);
    const splitsPair = last >= 0xd800 && last <= 0xdbff && isLowSurrogate(text.charCodeAt(EXCEL_MAX_CELL_TEXT));
    text = text.slice(0, splitsPair ? EXCEL_MAX_CELL_TEXT - 1 : EXCEL_MAX_CELL_TEXT);
    cut = true;
  }
  if (!NEEDS_CARE.test(text)) return { text, cut, replacedSurrogates: false };
  let out = "";
  let replacedSurrogates = false;
  let from = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    let replacement: string | undefined;
    if (code >= 0xd800 && code <= 0xdfff) {
      if (code <= 0xdbff && isLowSurrogate(text.charCodeAt(index + 1))) {
        index++; // a pair: one character, kept
        continue;
      }
      replacement = "\uFFFD";
      replacedSurrogates = true;
    } else if ((code < 0x20 && code !== 0x09 && code !== 0x0a) || code === 0x7f || code === 0xfffe || code === 0xffff) {
      replacement = escapeOf(code);
    } else if (code === 0x5f && ESCAPE_LOOKALIKE.test(text.slice(index, index + 7))) {
      replacement = escapeOf(code);
    }
    if (replacement === undefined) continue;
    out += text.slice(from, index) + replacement;
    from = index + 1;
  }
  return { text: out + text.slice(from), cut, replacedSurrogates };
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

function escapeOf(code: number): string {
  return `_x${code.toString(16).toUpperCase().padStart(4, "0")}_`;
}
