import { writeTable, type ExportOptions, type ExportSummary, type ExportTarget } from "../../export";
import { bytesWrittenTo, isOutputFailure } from "../../export/output";
import { isResumeRefusal } from "../../export/resumableExport";
import { keptWork } from "../../export/resumeState";
import { RecordGatherer } from "../../table/flatten";
import { pageRowShape } from "../../rows/rowShape";
import type { RecordPage } from "../../pull/envelope";
import { IncompleteOutputError } from "../exitCode";
import { whileInterruptible } from "../interrupts";
import type { CliIo } from "../io";
import type { OutputPlan } from "./chooseOutput";
import { firstRows, ttyTable } from "./ttyTable";

const PREVIEW_ROWS = 20;
const DEFAULT_WIDTH = 100;

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
        io.stdout.write(await previewTable(pages, shape, io.stdout.columns ?? DEFAULT_WIDTH));
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

/** Reads pages only until the preview is full, then stops the pull; the rows gathered as a frame gathers them. */
async function previewTable(pages: AsyncIterable<RecordPage>, shape: PreviewShape, width: number): Promise<string> {
  let gatherer: RecordGatherer | undefined;
  let total: number | undefined;
  let more = false;
  for await (const page of pages) {
    total ??= page.total;
    gatherer ??= new RecordGatherer(pageRowShape(page, { stackData: shape.stackData }));
    gatherer.add(page.records);
    const rowsRead = gatherer.result().rows.length;
    if (rowsRead >= PREVIEW_ROWS) {
      more = rowsRead > PREVIEW_ROWS || page.page < page.lastPage;
      break; // ends the pull: requests still in flight are cancelled
    }
  }
  const gathered = gatherer?.result() ?? { names: [], rows: [] };
  return ttyTable(firstRows(gathered, PREVIEW_ROWS), { total, rowsRead: gathered.rows.length, more }, width);
}

export function describeSummary(summary: ExportSummary): string {
  const sheets = summary.sheets && summary.sheets.length > 1 ? ` in ${summary.sheets.length} sheets (${summary.sheets.join(", ")})` : "";
  const partitions = summary.partitions ? ` in ${summary.partitions.length} partitions` : "";
  const resumed = summary.resumedFromPage ? ` (continued from page ${summary.resumedFromPage})` : "";
  return `wrote ${summary.rows} rows × ${summary.columns.length} columns to ${summary.path}${sheets}${partitions}${resumed}`;
}
