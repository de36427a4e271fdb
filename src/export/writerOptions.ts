import { z } from "zod";
import { ValidationError } from "../errors";
import { checkOptionValues, rule, type OptionRule } from "../params/optionRules";
import { describeValue } from "../text/describeValue";
import { notAllowedName } from "../text/closestName";
import { COLUMN_TYPES, type ColumnType } from "../table/columnType";
import { EXCEL_MAX_DATA_ROWS } from "./excelSheets";
import { fitsPartitionFolders, PARTITION_BY_ALLOWED } from "./partitionFolder";
import type { ExportFormat } from "./types";

/**
 * One schema per writer, checked before anything is read or written: an option a writer does not
 * take, or a value it cannot write with (a batch of 0 rows, which would never end; a delimiter
 * that breaks the format), is a ValidationError naming the option and what it allows.
 */

const wholeFrom = (min: number, max = Number.MAX_SAFE_INTEGER) => z.number().int().min(min).max(max);

const COMMON: Record<string, OptionRule> = {
  stackData: rule(z.boolean(), "true or false"),
  endpoint: rule(z.string().min(1), 'an endpoint name, e.g. "brandscape-data"'),
  globalPrefix: rule(z.boolean(), "true or false"),
  columns: rule(z.array(z.string()), "a list of column names"),
  onNewColumns: rule(z.enum(["warn", "raise", "ignore"]), '"warn", "raise" or "ignore"'),
  flatten: rule(z.boolean(), "true or false"),
};

/** A field delimiter CSV can be read back with: not the quote, not a line break. */
const fieldDelimiter = z
  .string()
  .min(1)
  .max(16)
  .refine((text) => !/["\r\n]/.test(text));

const CSV: Record<string, OptionRule> = {
  ...COMMON,
  delimiter: rule(fieldDelimiter, 'a non-empty text of up to 16 characters without `"` or a line break, e.g. "," ";" "\\t"'),
  recordDelimiter: rule(z.enum(["\n", "\r\n"]), '"\\n" or "\\r\\n"'),
  bom: rule(z.boolean(), "true or false"),
  header: rule(z.boolean(), "true or false"),
  escapeFormulas: rule(z.boolean(), "true or false"),
};

const EXCEL: Record<string, OptionRule> = {
  ...COMMON,
  // a longer name is cut to Excel's 31 characters, and characters Excel refuses are replaced (checkSheetPlan)
  sheetName: rule(z.string().min(1), "a non-empty sheet name"),
  maxRowsPerSheet: rule(wholeFrom(1, EXCEL_MAX_DATA_ROWS), `a whole number from 1 to ${EXCEL_MAX_DATA_ROWS}`),
  onSheetOverflow: rule(z.enum(["split", "raise"]), '"split" or "raise"'),
};

const JSON_OPTIONS: Record<string, OptionRule> = {
  ...COMMON,
  indent: rule(wholeFrom(0, 10), "a whole number of spaces from 0 to 10"),
};

const COLUMNAR: Record<string, OptionRule> = {
  ...COMMON,
  types: rule(
    // checked key by key: zod's record skips a key named `__proto__`, which is a column like any other
    z.custom<Record<string, ColumnType>>(
      (value) =>
        typeof value === "object" &&
        value !== null &&
        !Array.isArray(value) &&
        Object.keys(value).every((name) => (COLUMN_TYPES as readonly unknown[]).includes((value as Record<string, unknown>)[name])),
    ),
    `an object of column name → type, each one of ${COLUMN_TYPES.join(", ")}`,
  ),
  batchRows: rule(wholeFrom(1), "a whole number of rows of 1 or more"),
  partitionBy: rule(z.array(z.string().min(1).refine(fitsPartitionFolders)).min(1), PARTITION_BY_ALLOWED),
  maxOpenFiles: rule(wholeFrom(1, 100_000), "a whole number from 1 to 100000"),
  resume: rule(z.boolean(), "true or false"),
};

const RULES: Record<ExportFormat, Record<string, OptionRule>> = {
  csv: CSV,
  xlsx: EXCEL,
  json: JSON_OPTIONS,
  ndjson: COMMON,
  parquet: COLUMNAR,
  arrow: { ...COLUMNAR },
};

const WRITER_NAMES: Record<ExportFormat, string> = {
  csv: "writeCSV",
  xlsx: "writeExcel",
  json: "writeJSON",
  ndjson: "writeNDJSON",
  parquet: "writeParquet",
  arrow: "writeArrow",
};

/**
 * `options` checked against `format`'s writer; an option given as undefined counts as not given.
 * The options come back as given (zod's parsed copy would be a plain object, where a column named
 * `__proto__` in `types` is lost).
 */
export function checkWriterOptions<T extends object>(format: ExportFormat, options: T | undefined): T {
  if (options === undefined) return {} as T;
  if (typeof options !== "object" || options === null || Array.isArray(options))
    throw new ValidationError("options", `must be an object of ${WRITER_NAMES[format]}'s options, got ${describeValue(options)}`);
  checkOptionValues(options, RULES[format], (key) => notAnOption(format, key));
  return options;
}

function notAnOption(format: ExportFormat, key: string): string {
  const takers = (Object.keys(RULES) as ExportFormat[])
    .filter((other) => Object.hasOwn(RULES[other], key))
    .map((other) => WRITER_NAMES[other]);
  if (takers.length) return `is an option of ${takers.join(" and ")} only, not of ${WRITER_NAMES[format]}`;
  return notAllowedName(key, `an option of ${WRITER_NAMES[format]}`, Object.keys(RULES[format]));
}

/** `types` as a map: a plain object's lookup would find `constructor` or `toString` on its prototype. */
export function declaredTypes(types: Readonly<Record<string, ColumnType>> | undefined): Map<string, ColumnType> {
  return new Map(types ? Object.keys(types).map((name) => [name, types[name]]) : []);
}
