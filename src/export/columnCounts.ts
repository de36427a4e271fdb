import { ExportError } from "./exportError";
import { counted } from "../text/counted";

/** ±Infinity: a number past the double range (JSON's `1e400`), which JSON.parse and the frame hold so. */
export function isInfinite(value: unknown): boolean {
  return value === Infinity || value === -Infinity;
}

/** Text with a surrogate half of no pair, which UTF-8 cannot encode (it becomes U+FFFD). */
export function hasLoneSurrogate(text: string): boolean {
  return !(text as string & { isWellFormed(): boolean }).isWellFormed();
}

export const LONE_SURROGATE_WARNING = {
  what: "lone surrogates (UTF-16 halves of no character) were written as U+FFFD, as UTF-8 must",
  hint: "JSON and NDJSON keep them, as \\ud800 escapes (docs/writers.md).",
  code: "FOUNTFRAME_LONE_SURROGATE",
} as const;

/** Column names with a lone surrogate, which UTF-8 writes as U+FFFD as it does such a cell: one warning naming them. */
export function warnOfLoneSurrogateNames(columns: readonly string[]): void {
  const names = columns.filter(hasLoneSurrogate);
  if (names.length === 0) return;
  process.emitWarning(
    `${LONE_SURROGATE_WARNING.what}, in column names: ${names.map((name) => JSON.stringify(name)).join(", ")}. ${LONE_SURROGATE_WARNING.hint}`,
    { code: LONE_SURROGATE_WARNING.code },
  );
}

export const INFINITE_NUMBER_CODE = "FOUNTFRAME_INFINITE_NUMBER";

export const TIMESTAMP_TO_UTC_CODE = "FOUNTFRAME_TIMESTAMP_TO_UTC";

/** The codes of the writers' other warnings (WARNING_CODES lists them with the rest). */
export const COLUMNS_LEFT_OUT_CODE = "FOUNTFRAME_COLUMNS_LEFT_OUT";
export const COLUMN_TYPE_CHANGED_CODE = "FOUNTFRAME_COLUMN_TYPE_CHANGED";
export const EXCEL_TEXT_CUT_CODE = "FOUNTFRAME_EXCEL_TEXT_CUT";
export const EXCEL_NUMBER_RANGE_CODE = "FOUNTFRAME_EXCEL_NUMBER_RANGE";

/** The one error of columns outside the `columns` given, under onNewColumns "raise" (`holder`: the frame, or the source). */
export function columnsOutsideChosen(holder: "frame" | "source", columns: Iterable<string>): ExportError {
  return new ExportError(
    `the ${holder} has columns outside the \`columns\` given (${[...columns].join(", ")}), and onNewColumns is "raise"`,
  );
}

/** The one warning of columns an export left out, by how many rows held a value in each. */
export function warnOfColumnsLeftOut(found: ReadonlyMap<string, number | undefined>, chosen: boolean, fixed: "header" | "schema"): void {
  const detail = [...found].map(([column, rows]) => (rows === undefined ? column : `${column} (${counted(rows, "row")})`)).join(", ");
  process.emitWarning(
    chosen
      ? `columns outside the \`columns\` given were left out: ${detail}.`
      : fixed === "header"
        ? `columns first seen after the header was written were left out: ${detail}. Pass \`columns\` to fix the header, or export to NDJSON to keep every key.`
        : `columns first seen after the schema was fixed were left out: ${detail}. Pass \`columns\` and \`types\` to fix the schema.`,
    { code: COLUMNS_LEFT_OUT_CODE },
  );
}
