import { PassThrough } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";
import { checkSheetPlan, SheetRoller, type SheetPlan } from "./excelSheets";
import { RowSpool } from "./rowSpool";
import { mayRewrite, turnedCellsOfRow } from "./turnedColumns";
import { withFileOutput } from "./output";
import { checkWriterOptions } from "./writerOptions";
import { TableRows } from "./tableRows";
import type { ExcelOptions, ExportSource, ExportSummary, ExportTarget } from "./types";
import { warnOfLoneSurrogateNames } from "./columnCounts";
import { frameRowSlices, isFrameShape, type FrameShape } from "../frame/frameShape";
import { isDateText, isMissingCell } from "../table/columnType";

type ExcelModule = typeof import("exceljs");

/**
 * Writes an .xlsx workbook with exceljs's streaming writer: rows are zipped as they come, strings
 * inline (no shared-string table to hold). Numbers stay numbers, booleans TRUE/FALSE, a column of ISO
 * dates and timestamps Excel dates, missing values empty cells, lists and objects JSON text (never formulas);
 * text keeps every character Excel can hold (excelText: controls as `_xHHHH_`), and what it cannot
 * (past 32,767 characters, lone surrogates, ±Infinity) is warned of, naming the columns. The header is
 * bold, frozen and filtered; column widths fit the first rows. Past `maxRowsPerSheet` (Excel's 1,048,575 data rows by
 * default) the rows go on in further sheets, `data_2`, `data_3`, ..., each with the header.
 */
export async function writeExcel(source: ExportSource, target: ExportTarget, given?: ExcelOptions): Promise<ExportSummary> {
  const options = checkWriterOptions("xlsx", given);
  const plan = checkSheetPlan(options.sheetName, options.maxRowsPerSheet, options.onSheetOverflow);
  const excel = await loadExcel();
  const rewritable = mayRewrite(source, target);
  const table = new TableRows(source, options, "typed", rewritable, true);
  const spool = new RowSpool();
  const { path, rows, sheets } = await withFileOutput(target, async (sink) => {
    const batches = async function* () {
      for await (const cells of table.batches()) {
        if (rewritable) spool.add(cells);
        yield cells;
      }
    };
    const frameDates = isFrameShape(source) ? frameDateColumns(source, options.columns ?? source.columns) : undefined;
    // by column, whether it holds dates so far (a frame's: all its rows), read as each batch is written
    const dates = () => frameDates ?? (table.columns ?? []).map((name) => table.streamed.holdsDates(name));
    let book = await writeWorkbook(excel, batches(), () => table.columns, dates, plan, sink.write);
    const turned = table.streamed.turned();
    if (turned && sink.rewrite) {
      const positions = turned.columns.map(({ name }) => (table.columns ?? []).indexOf(name));
      const rewritten = async function* () {
        let row = 0;
        for await (const cells of spool.batches()) {
          for (const rowCells of cells) {
            if (row < turned.end) await turnedCellsOfRow(turned, row, rowCells, positions);
            row++;
          }
          yield cells;
        }
      };
      await sink.rewrite(async (_written, write) => {
        book = await writeWorkbook(excel, rewritten(), () => table.columns, dates, plan, write);
      });
      table.streamed.rewritten();
    }
    book.roller.warn();
    return { path: sink.path, rows: book.rows, sheets: [...book.roller.names] };
  }).finally(async () => {
    await table.streamed.discard();
    await spool.discard();
  });
  const droppedColumns = table.finish();
  warnOfLoneSurrogateNames(table.columns ?? []);
  return { format: "xlsx", path, rows, columns: [...(table.columns ?? [])], droppedColumns, sheets };
}

/** Rows into a workbook written to `write` as it is zipped; the header is `columns()` once the first batch is in. */
async function writeWorkbook(
  excel: ExcelModule,
  batches: AsyncIterable<unknown[][]>,
  columns: () => readonly string[] | undefined,
  dates: () => readonly boolean[],
  plan: SheetPlan,
  write: (chunk: Uint8Array) => Promise<void>,
): Promise<{ rows: number; roller: SheetRoller }> {
  const zipped = new PassThrough();
  // a write that failed (the target gone) stops the rows at the next batch, not after the last
  let pumpFailure: unknown;
  const pumping = pump(zipped, write).catch((error: unknown) => {
    pumpFailure ??= error;
    throw error;
  });
  pumping.catch(() => {});
  const workbook = new excel.stream.xlsx.WorkbookWriter({ stream: zipped, useStyles: true, useSharedStrings: false });
  let roller: SheetRoller | undefined;
  let written = 0;
  try {
    for await (const cells of batches) {
      if (pumpFailure !== undefined) throw pumpFailure;
      const inDates = dates();
      roller ??= new SheetRoller(workbook, columns()!, plan, cells, inDates);
      for (const row of cells) roller.addRow(row, inDates);
      written += cells.length;
      await nextTurn(); // lets the zip stream take the committed rows before the next batch
    }
    roller ??= new SheetRoller(workbook, columns() ?? [], plan);
    roller.finish();
    await Promise.all([workbook.commit(), pumping]);
  } catch (error) {
    zipped.destroy();
    await pumping.catch(() => {});
    throw error;
  }
  return { rows: written, roller };
}

async function pump(from: PassThrough, write: (chunk: Uint8Array) => Promise<void>): Promise<void> {
  for await (const chunk of from) await write(chunk as Uint8Array);
}

/** By column, whether a frame's column holds only ISO dates and timestamps (and one at least): Excel writes those as dates. */
function frameDateColumns(frame: FrameShape, columns: readonly string[]): boolean[] {
  const positions = columns.map((name) => frame.columns.indexOf(name));
  const dates = positions.map((position) => position >= 0);
  const present = positions.map(() => false);
  for (const rows of frameRowSlices(frame, FRAME_SLICE_ROWS))
    for (const row of rows)
      positions.forEach((position, at) => {
        if (!dates[at]) return;
        const value = row[position];
        if (isMissingCell(value)) return;
        present[at] = true;
        dates[at] = isDateText(value);
      });
  return dates.map((all, at) => all && present[at]);
}

const FRAME_SLICE_ROWS = 10_000;

/** exceljs is loaded on first use, so importing fountframe stays cheap. */
async function loadExcel(): Promise<ExcelModule> {
  const loaded = (await import("exceljs")) as ExcelModule & { default?: ExcelModule };
  return loaded.default ?? loaded;
}
