import { stringify } from "csv-stringify/sync";
import { escapeRegExp } from "../errors";
import { neutraliseFormula } from "./cellText";
import { csvText } from "../table/cellConversion";
import { ColumnCounts } from "../table/columnCounts";
import { hasLoneSurrogate, LONE_SURROGATE_WARNING, warnOfLoneSurrogateNames } from "./columnCounts";
import { withFileOutput } from "./output";
import { checkWriterOptions } from "./writerOptions";
import { TableRows } from "./tableRows";
import { chunkedWriter, mayRewrite, rewriteTurnedColumns, type RewritePass } from "./turnedColumns";
import { parse } from "csv-parse";
import type { CsvOptions, ExportSource, ExportSummary, ExportTarget } from "./types";

const UTF8_BOM = "\uFEFF";

/**
 * Writes a frame, records or a pull's pages as CSV with RFC 4180 quoting (csv-stringify): a field
 * holding the delimiter, a quote or a line break is quoted, quotes doubled. Pages are written as they
 * come, waiting for the disk, so a pull of any size runs in the memory of a page. Text cells that a
 * spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR first) get a leading `'` unless
 * `escapeFormulas: false`.
 */
export async function writeCSV(source: ExportSource, target: ExportTarget, given?: CsvOptions): Promise<ExportSummary> {
  const options = checkWriterOptions("csv", given);
  const delimiter = options.delimiter ?? ",";
  const recordDelimiter = options.recordDelimiter ?? "\n";
  const text = options.escapeFormulas === false ? csvText : safeCsvText;
  const lines = csvLines(delimiter, recordDelimiter, text);
  const table = new TableRows(source, options, { text }, mayRewrite(source, target));
  const loneSurrogates = new ColumnCounts();
  const { path, rows } = await withFileOutput(target, async (sink) => {
    if (options.bom) await sink.write(UTF8_BOM);
    let headerDone = options.header === false;
    const writeHeader = async (columns: readonly string[]) => {
      if (columns.length) await sink.write(lines([columns]));
      headerDone = true;
    };
    let written = 0;
    for await (const cells of table.batches()) {
      if (!headerDone) await writeHeader(table.columns!);
      const chunk = lines(cells);
      // UTF-8 writes a lone surrogate as U+FFFD: one look at the chunk, the cells only when it has one
      if (hasLoneSurrogate(chunk)) countLoneSurrogates(cells, table.columns!, loneSurrogates);
      await sink.write(chunk);
      written += cells.length;
    }
    if (!headerDone && table.columns) await writeHeader(table.columns);
    const header = options.header !== false && Boolean(table.columns?.length);
    await rewriteTurnedColumns(
      sink,
      table.streamed,
      csvRewrite(table.columns ?? [], { ...options, delimiter, recordDelimiter, header }, text),
    );
    return { path: sink.path, rows: written };
  }).finally(() => table.streamed.discard());
  const droppedColumns = table.finish();
  loneSurrogates.warn(LONE_SURROGATE_WARNING.what, LONE_SURROGATE_WARNING.hint, LONE_SURROGATE_WARNING.code);
  if (options.header !== false) warnOfLoneSurrogateNames(table.columns ?? []);
  return { format: "csv", path, rows, columns: [...(table.columns ?? [])], droppedColumns };
}

/** CSV read back (csv-parse, as written: RFC 4180), the turned columns' cells as the frame holds them, then written as before. */
function csvRewrite(
  columns: readonly string[],
  options: { delimiter: string; recordDelimiter: string; header: boolean; bom?: boolean },
  text: (value: unknown) => string,
): RewritePass {
  // the fields read back are the written texts already
  const lines = csvLines(options.delimiter, options.recordDelimiter);
  return async (written, write, turned) => {
    const cells = turned.columns
      .map((column) => ({ ...column, position: columns.indexOf(column.name) }))
      .filter(({ position }) => position >= 0);
    const out = chunkedWriter(write);
    if (options.bom) await out.add(UTF8_BOM);
    const records = parse({ delimiter: options.delimiter, record_delimiter: options.recordDelimiter, bom: true, relax_column_count: true });
    written.on("error", (error) => records.destroy(error)).pipe(records);
    let row = options.header ? -1 : 0;
    for await (const fields of records as AsyncIterable<string[]>) {
      if (row >= 0 && row < turned.end) {
        const texts = await turned.textsOf(row);
        for (const { before, index, position } of cells)
          if (row < before && fields[position] !== "") fields[position] = text(texts.get(index) ?? fields[position]);
      }
      await out.add(lines([fields]));
      row++;
    }
    await out.end();
  };
}

function countLoneSurrogates(rows: readonly (readonly unknown[])[], columns: readonly string[], counts: ColumnCounts): void {
  for (const row of rows)
    for (let position = 0; position < row.length; position++) {
      const cell = row[position];
      if (typeof cell === "string" && hasLoneSurrogate(cell)) counts.add(columns[position]);
    }
}

function safeCsvText(value: unknown): string {
  return typeof value === "string" ? neutraliseFormula(value) : csvText(value);
}

/** The characters a number's or a boolean's text is made of ("-1.5e+21", "-Infinity", "true", "false"). */
const SCALAR_TEXT = /[0-9.+\-eEInfityrualsN]/;

const isScalar = (cell: unknown): boolean =>
  cell === null || cell === undefined || typeof cell === "number" || typeof cell === "boolean" || typeof cell === "bigint";

/**
 * Rows of cells → CSV lines, each cell as `text` gives it (the cells as they are when they are
 * text already). csv-stringify costs ~0.8 µs a field (about 280 s for a million 350-column rows),
 * so a row none of whose fields holds the delimiter, a quote or a line break, which RFC 4180 writes
 * as its fields joined, is joined here; every other row goes through csv-stringify.
 * tests/export/csvQuoting.test.ts checks the two agree. A number's or a boolean's text is looked at
 * only when the delimiter shares a character with such texts.
 *
 * A delimiter of more than one character ("::") could also be found across a field's edge ("a:"
 * then "::" reads as "a", ":"), so with one a field holding any of its characters is quoted, on
 * both paths (csv-stringify by `quoted_match`): an unquoted field then holds none of them.
 */
export function csvLines(
  delimiter: string,
  recordDelimiter: string,
  text: (cell: unknown) => string = (cell) => cell as string,
): (rows: readonly (readonly unknown[])[]) => string {
  // a field with any line break is quoted, whatever the line end: csv-stringify only quotes the
  // record delimiter itself once one is given, and a bare "\r" inside a field breaks readers
  const delimiterText = delimiter.length > 1 ? anyCodeUnitOf(delimiter) : escapeRegExp(delimiter);
  const quotedMatch = delimiter.length > 1 ? { quoted_match: new RegExp(delimiterText) } : {};
  const options = {
    delimiter,
    record_delimiter: recordDelimiter,
    quote_record_delimiter: true,
    quote: '"',
    escape: '"',
    eof: true,
    ...quotedMatch,
  };
  const special = new RegExp(`["\\r\\n]|${delimiterText}`);
  const scalarsPlain = !SCALAR_TEXT.test(delimiter);
  // one row's fields at a time, the same array for every row
  const fields: string[] = [];
  return (rows) => {
    let lines = "";
    for (const row of rows) {
      fields.length = row.length;
      let plain = true;
      for (let at = 0; at < row.length; at++) {
        const cell = row[at];
        const field = text(cell);
        fields[at] = field;
        if (plain && !(scalarsPlain && isScalar(cell)) && special.test(field)) plain = false;
      }
      lines += plain ? fields.join(delimiter) + recordDelimiter : stringify([fields], options);
    }
    return lines;
  };
}

/** A pattern matching any one UTF-16 code unit of `text` (each, a surrogate's half too, on its own). */
function anyCodeUnitOf(text: string): string {
  const units = new Set<string>();
  for (let at = 0; at < text.length; at++) units.add(escapeRegExp(text[at]));
  return [...units].join("|");
}
