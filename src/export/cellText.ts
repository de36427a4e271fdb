import { cellJsonText } from "../text/jsonText";

/** What a spreadsheet reads as the start of a formula (OWASP's list, with csv-stringify's full-width forms). */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * A text cell that a spreadsheet would run as a formula, made inert with a leading `'`, as
 * csv-stringify's `escape_formulas` does (tests/export/formulaCells.test.ts checks they agree).
 * Only text: numbers such as -5 are left alone.
 */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export { EXCEL_MAX_CELL_TEXT } from "./excelText";

/** A cell for exceljs: numbers and booleans as themselves, missing empty, lists and objects as JSON text. */
export function excelValue(value: unknown): string | number | boolean | Date | null {
  switch (typeof value) {
    case "number":
      if (Number.isNaN(value)) return null;
      return Number.isFinite(value) ? value : String(value);
    case "boolean":
      return value;
    case "string":
      return value;
    case "undefined":
      return null;
    case "bigint":
      return String(value);
    default:
      if (value === null) return null;
      if (value instanceof Date) return value;
      return cellJsonText(value) ?? null;
  }
}
