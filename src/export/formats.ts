import { extname } from "node:path";
import { ValidationError } from "../errors";
import type { ColumnarOptions } from "./columnarTypes";
import type { ExportFormat, ExportSource, ExportSummary, ExportTarget, CsvOptions, ExcelOptions, JsonOptions } from "./types";
import { writeArrow } from "./writeArrow";
import { writeCSV } from "./writeCSV";
import { writeExcel } from "./writeExcel";
import { writeJSON } from "./writeJSON";
import { writeNDJSON } from "./writeNDJSON";
import { writeParquet } from "./writeParquet";
import { checkWriterOptions } from "./writerOptions";

export const EXPORT_FORMATS: readonly ExportFormat[] = ["csv", "xlsx", "json", "ndjson", "parquet", "arrow"];

const BY_EXTENSION: Record<string, ExportFormat> = {
  ".csv": "csv",
  ".xlsx": "xlsx",
  ".json": "json",
  ".ndjson": "ndjson",
  ".jsonl": "ndjson",
  ".parquet": "parquet",
  ".arrow": "arrow",
  ".feather": "arrow",
};

/** The format a file name asks for by its extension, or undefined. */
export function formatFromPath(path: string): ExportFormat | undefined {
  return BY_EXTENSION[extname(path).toLowerCase()];
}

export type WriteOptions = CsvOptions & ExcelOptions & JsonOptions & ColumnarOptions;

/** One writer by format name; the format is taken from the file's extension when not given. A bad option rejects, as the writers do. */
export async function writeTable(
  source: ExportSource,
  target: ExportTarget,
  format?: ExportFormat,
  options: WriteOptions = {},
): Promise<ExportSummary> {
  const chosen = format ?? (typeof target === "string" ? formatFromPath(target) : undefined);
  if (options.partitionBy?.length && chosen !== "parquet")
    throw new ValidationError(
      "partitionBy",
      `only Parquet is written as a partitioned folder; this output is ${chosen ?? "of no known format"}`,
    );
  if (options.resume && chosen !== "parquet" && chosen !== "arrow")
    throw new ValidationError(
      "resume",
      `continues Parquet, partitioned Parquet and Arrow exports only; this output is ${chosen ?? "of no known format"}`,
    );
  if (chosen && EXPORT_FORMATS.includes(chosen)) checkWriterOptions(chosen, options);
  switch (chosen) {
    case "csv":
      return writeCSV(source, target, options);
    case "xlsx":
      return writeExcel(source, target, options);
    case "json":
      return writeJSON(source, target, options);
    case "ndjson":
      return writeNDJSON(source, target, options);
    case "parquet":
      return writeParquet(source, target, options);
    case "arrow":
      return writeArrow(source, target, options);
    default:
      throw new ValidationError(
        "format",
        `must be one of ${EXPORT_FORMATS.join(", ")} (or a file name ending .csv, .xlsx, .json, .ndjson, .parquet, .arrow), got ${JSON.stringify(chosen ?? target)}`,
      );
  }
}
