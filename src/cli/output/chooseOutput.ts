import type { Writable } from "node:stream";
import { formatFromPath, type ColumnarOptions, type ColumnType, type CsvOptions, type ExportFormat } from "../../export";
import type { CliIo } from "../io";
import { UsageError } from "../exitCode";

export interface OutputFlags {
  out?: string;
  format?: ExportFormat | "table";
  bom?: boolean;
  /** false with --no-escape-formulas */
  escapeFormulas?: boolean;
  /** --partition-by: Parquet only, into a folder */
  partitionBy?: string[];
  /** --types: Parquet and Arrow */
  types?: Record<string, ColumnType>;
  /** --resume: Parquet and Arrow files (and partitioned folders) */
  resume?: boolean;
}

/** The writer options the output flags set. */
export type OutputOptions = Pick<CsvOptions, "bom" | "escapeFormulas"> & Pick<ColumnarOptions, "partitionBy" | "types" | "resume">;

export type OutputPlan =
  { kind: "table" } | { kind: "export"; format: ExportFormat; target: string | Writable; path: string | undefined; options: OutputOptions };

export interface OutputDefaults {
  terminal: ExportFormat | "table";
  piped: ExportFormat;
}

const RESOURCE_DEFAULTS: OutputDefaults = { terminal: "table", piped: "csv" };

/**
 * `--out FILE` (format from --format or the extension), else stdout: a table of the first rows on
 * a terminal, CSV when piped, or what --format says.
 */
export function chooseOutput(flags: OutputFlags, io: CliIo, defaults: OutputDefaults = RESOURCE_DEFAULTS): OutputPlan {
  const plan = chooseTarget(flags, io, defaults);
  const format = plan.kind === "table" ? "table" : plan.format;
  if (plan.kind === "export" && format === "csv")
    Object.assign(plan.options, { bom: flags.bom === true, escapeFormulas: flags.escapeFormulas !== false });
  if (format !== "csv" && flags.bom) throw new UsageError(`--bom: only CSV starts with a byte-order mark; this output is ${format}`);
  if (format !== "csv" && flags.escapeFormulas === false)
    throw new UsageError(`--no-escape-formulas: only CSV escapes formulas (Excel keeps text as text); this output is ${format}`);
  if (flags.types) {
    if (format !== "parquet" && format !== "arrow")
      throw new UsageError(`--types: only Parquet and Arrow files have column types; this output is ${format}`);
    if (plan.kind === "export") plan.options.types = flags.types;
  }
  if (flags.partitionBy) {
    if (format !== "parquet" || plan.kind !== "export" || !plan.path)
      throw new UsageError("--partition-by writes a Parquet folder: pass --out FOLDER --format parquet (or --out FOLDER.parquet)");
    plan.options.partitionBy = flags.partitionBy;
  }
  if (flags.resume) {
    if ((format !== "parquet" && format !== "arrow") || plan.kind !== "export" || !plan.path)
      throw new UsageError(
        `--resume continues a Parquet or Arrow export to a file or folder: pass --out FILE.parquet, --out FILE.arrow or --partition-by with --out FOLDER; this output is ${plan.kind === "export" && !plan.path ? `${format} to stdout` : format}`,
      );
    plan.options.resume = true;
  }
  return plan;
}

function chooseTarget(flags: OutputFlags, io: CliIo, defaults: OutputDefaults): OutputPlan {
  const options: OutputOptions = {};
  const toStdout = flags.out === undefined || flags.out === "-";
  if (!toStdout) {
    const format = flags.format ?? formatFromPath(flags.out!) ?? (flags.partitionBy ? "parquet" : undefined);
    if (!format)
      throw new UsageError(
        `--out: cannot tell the format of ${JSON.stringify(flags.out)} from its extension; name it .csv, .xlsx, .json, .ndjson, .parquet or .arrow, or pass --format`,
      );
    if (format === "table") throw new UsageError("--format table prints to the terminal; leave out --out");
    return { kind: "export", format, target: flags.out!, path: flags.out, options };
  }
  const format = flags.format ?? (io.stdout.isTTY ? defaults.terminal : defaults.piped);
  if (format === "table") return { kind: "table" };
  if (format === "xlsx" && io.stdout.isTTY)
    throw new UsageError("--format xlsx would print a binary workbook on the terminal; pass --out FILE.xlsx or pipe it");
  if ((format === "parquet" || format === "arrow") && io.stdout.isTTY)
    throw new UsageError(`--format ${format} would print a binary file on the terminal; pass --out FILE.${format} or pipe it`);
  return { kind: "export", format, target: io.stdout, path: undefined, options };
}
