import { writeTable, type ExportOptions, type ExportSummary, type ExportTarget } from "../../export";
import { bytesWrittenTo, isOutputFailure } from "../../export/output";
import { isResumeRefusal } from "../../export/resumableExport";
import { keptWork } from "../../export/resumeState";
import { gatherPageChunk, pageColumnsOf } from "../../table/pageChunk";
import type { PageChunk, RowShape } from "../../table/types";
import { pageRowShape } from "../../rows/rowShape";
import type { RecordPage } from "../../pull/envelope";
import { IncompleteOutputError } from "../exitCode";
import { whileInterruptible } from "../interrupts";
import type { CliIo } from "../io";
import type { OutputPlan } from "./chooseOutput";
import { firstRows, ttyTable } from "./ttyTable";
import { terminalWidth } from "../../display/textTable";
import { counted } from "../../text/counted";

const PREVIEW_ROWS = 20;

export type PreviewShape = Pick<ExportOptions, "stackData" | "flatten">;

/** A pull's pages to where the plan says: a preview table, or an export streamed page by page. */
export async function renderPages(
  pages: AsyncIterable<RecordPage>,
  plan: OutputPlan,
  shape: PreviewShape,
  io: CliIo,
  quiet: boolean,
): Promise<void> {
  const resumeNote = () => (plan.kind === "export" && plan.options.resume && plan.path ? keptWorkNote(plan.path) : undefined);
  await whileInterruptible(
    io,
    async () => {
      if (plan.kind === "table") {
        io.stdout.write(await previewTable(pages, shape, terminalWidth(io.stdout)));
        return;
      }
      const summary = await toldIfIncomplete(plan.target, () =>
        writeTable(pages, plan.target, plan.format, { ...shape, ...plan.options }),
      ).catch((error: unknown) => {
        const note = isResumeRefusal(error) ? undefined : resumeNote();
        if (note) io.stderr.write(`${note}\n`);
        throw error;
      });
      if (!quiet && plan.path) io.stderr.write(`${describeSummary(summary)}\n`);
    },
    resumeNote,
  );
}

/** What a resumable export stopped early kept, and how to go on: one sentence, or undefined when it kept nothing. */
function keptWorkNote(target: string): string | undefined {
  const kept = keptWork(target);
  if (!kept) return undefined;
  const pages = kept.pagesDone > kept.firstPage ? `pages ${kept.firstPage}–${kept.pagesDone}` : `page ${kept.firstPage}`;
  return `${pages} of ${kept.lastPage} kept in ${kept.folder}; run the same command with --resume to continue`;
}

/** An export that fails after bytes reached a stream, FIFO or device says that output is incomplete. */
export async function toldIfIncomplete<T>(target: ExportTarget, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (bytesWrittenTo(target) === 0 || isOutputFailure(error)) throw error;
    throw new IncompleteOutputError(error, typeof target === "string" ? target : "stdout");
  }
}

/** Reads pages only until the preview is full, then stops the pull; each page's rows as the one gatherer cuts them (or its pull decoded them). */
async function previewTable(pages: AsyncIterable<RecordPage>, shape: PreviewShape, width: number): Promise<string> {
  let rowShape: RowShape | undefined;
  const head = new HeadRows(PREVIEW_ROWS);
  let total: number | undefined;
  let more = false;
  for await (const page of pages) {
    total ??= page.total;
    rowShape ??= pageRowShape(page, { stackData: shape.stackData });
    head.add(pageColumnsOf(page, rowShape)?.chunk ?? gatherPageChunk(page.records, rowShape));
    if (head.rowsRead >= PREVIEW_ROWS) {
      more = head.rowsRead > PREVIEW_ROWS || page.page < page.lastPage;
      break; // ends the pull: requests still in flight are cancelled
    }
  }
  return ttyTable(firstRows(head, PREVIEW_ROWS), { total, rowsRead: head.rowsRead, more }, width);
}

/** The first rows of a pull's chunks, by column name, columns in first-appearance order. */
class HeadRows {
  readonly names: string[] = [];
  readonly rows: unknown[][] = [];
  rowsRead = 0;
  readonly #columnByName = new Map<string, number>();

  constructor(private readonly wanted: number) {}

  add(chunk: PageChunk): void {
    const target = chunk.names.map((name) => {
      let column = this.#columnByName.get(name);
      if (column === undefined) {
        column = this.names.push(name) - 1;
        this.#columnByName.set(name, column);
      }
      return column;
    });
    for (let row = 0; row < chunk.rowCount && this.rows.length < this.wanted; row++) {
      const cells = new Array<unknown>(this.names.length);
      chunk.columns.forEach((column, index) => (cells[target[index]] = column[row]));
      this.rows.push(cells);
    }
    this.rowsRead += chunk.rowCount;
  }
}

export function describeSummary(summary: ExportSummary): string {
  const sheets = summary.sheets && summary.sheets.length > 1 ? ` in ${summary.sheets.length} sheets (${summary.sheets.join(", ")})` : "";
  const partitions = summary.partitions ? ` in ${summary.partitions.length} partitions` : "";
  const resumed = summary.resumedFromPage ? ` (continued from page ${summary.resumedFromPage})` : "";
  return `wrote ${counted(summary.rows, "row")} × ${counted(summary.columns.length, "column")} to ${summary.path}${sheets}${partitions}${resumed}`;
}
