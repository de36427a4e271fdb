import { rm } from "node:fs/promises";
import { join } from "node:path";
import { ValidationError } from "../errors";
import { resumableOf, type RecordPage, type ResumablePull } from "../pull";
import type { ColumnarOptions, ColumnarSchema } from "./columnarTypes";
import type { ColumnType } from "./columnTypes";
import { ExportError } from "./exportError";
import { checkMaxOpenFiles, checkPartitionBy, checkReplaceable, PartitionFiles, replaceFolder } from "./partitioned";
import {
  addressWithoutCredentials,
  readManifest,
  resumeFolderOf,
  saveManifest,
  startFolder,
  tidyFolder,
  whatChanged,
  type ResumeIdentity,
  type ResumeManifest,
} from "./resumeState";
import { segmentBatches, writeSegment } from "./segmentFiles";
import { withSink } from "./sink";
import { sourceBatches } from "./sourceBatches";
import { defaultBatchRows, TypedBatches } from "./typedBatches";
import type { ExportSource, ExportSummary, ExportTarget } from "./types";
import type { OpenColumnar } from "./writeColumnar";

/**
 * A pull's pages to a Parquet or Arrow file, or a partitioned Parquet folder, in pieces that a
 * later run can continue (docs/parquet.md, "Resuming"). The work is kept in `.name.resume/` beside
 * the target: a manifest (the pull's identity, meta.total, the last page written, the schema) and
 * pieces that never change once written: segments (Arrow IPC, each a run of whole pages) joined
 * into the file at the end, or the dataset's part files, all of which are finished at each
 * checkpoint. A checkpoint is taken at the first page end past a batch of rows (two for a
 * partitioned folder). A failure or an interrupt leaves the folder; a run with `resume: true`
 * checks that the pull, the service's meta.total and the options are the same, and fetches only
 * the pages after the last checkpoint. The schema is the first run's.
 */
export async function writeResumable(
  format: "parquet" | "arrow",
  open: OpenColumnar,
  source: ExportSource,
  target: ExportTarget,
  options: ColumnarOptions,
): Promise<ExportSummary> {
  if (typeof target !== "string")
    throw new ValidationError("resume", "keeps its work in a folder beside the output: give a file or folder path, not a stream");
  const pull = resumableOf(source);
  if (!pull)
    throw new ValidationError(
      "resume",
      "continues a pull: give client.pages(...) or client.rawPages(...) as the source (a frame or records are in memory already)",
    );
  const partitionBy = options.partitionBy?.length ? checkPartitionBy(options.partitionBy) : undefined;
  const maxOpen = partitionBy ? checkMaxOpenFiles(options.maxOpenFiles) : 0;
  if (partitionBy) await checkReplaceable(target);
  const folder = resumeFolderOf(target);
  const wanted = identityOf(format, partitionBy ? "partitioned" : "file", pull, options);
  const kept = await readManifest(folder);
  if (kept) {
    const change = whatChanged(kept, wanted);
    if (change) throw startOver(target, folder, change);
    await tidyFolder(folder, kept);
  } else {
    await startFolder(folder).catch((error: unknown) => {
      throw new ExportError(`cannot write ${target}: ${(error as Error).message}`, { cause: error });
    });
  }
  const state = new ResumeRun(folder, target, wanted, kept, options);
  const files = partitionBy
    ? new PartitionFiles(open, join(folder, "data"), partitionBy, maxOpen, new Map(kept?.parts.partCounts ?? []))
    : undefined;
  try {
    // every page written, the last manifest saved before the one saying so: only the final file is left
    const written = kept && (kept.complete || kept.pagesDone >= kept.lastPage);
    if (!written) await state.writePages(kept ? pull.from(kept.pagesDone + 1) : (source as AsyncIterable<RecordPage>), files);
  } catch (error) {
    await files?.abort();
    if (!state.manifest) await rm(folder, { recursive: true, force: true }); // nothing reached a checkpoint: nothing to keep
    throw error;
  }
  const manifest = state.manifest!;
  if (files) await replaceFolder(join(folder, "data"), target);
  else await joinSegments(open, target, manifest);
  await rm(folder, { recursive: true, force: true });
  if (manifest.droppedColumns.length && options.onNewColumns === "warn")
    process.emitWarning(`columns first seen after the schema was fixed were left out: ${manifest.droppedColumns.join(", ")}`, {
      code: "FOUNTFRAME_COLUMNS_LEFT_OUT",
    });
  return {
    format,
    path: target,
    rows: manifest.rows,
    columns: [...manifest.schema.names],
    droppedColumns: manifest.droppedColumns,
    ...(files && { partitions: files.folders() }),
    ...(kept && { resumedFromPage: kept.pagesDone + 1 }),
  };
}

/** One run of a resumable export: pages in, a piece and a manifest out at each checkpoint. */
class ResumeRun {
  manifest: ResumeManifest | undefined;
  readonly #folder: string;
  readonly #target: string;
  readonly #identity: ResumeIdentity;
  readonly #kept: ResumeManifest | undefined;
  readonly #options: ColumnarOptions;

  constructor(folder: string, target: string, identity: ResumeIdentity, kept: ResumeManifest | undefined, options: ColumnarOptions) {
    this.#folder = folder;
    this.#target = target;
    this.#identity = identity;
    this.#kept = kept;
    this.manifest = kept;
    this.#options = options;
  }

  async writePages(pages: AsyncIterable<RecordPage>, files: PartitionFiles | undefined): Promise<void> {
    let pending: RecordPage[] = [];
    let pendingRows = 0;
    let checkpointRows = this.#kept?.checkpointRows;
    let last: RecordPage | undefined;
    for await (const page of pages) {
      if (!last && this.#kept) this.#checkSameData(this.#kept, page);
      last = page;
      pending.push(page);
      pendingRows += page.records.length;
      checkpointRows ??= (await this.#batchRowsFor(page)) * (files ? 2 : 1);
      if (pendingRows < checkpointRows) continue;
      await this.#writePiece(pending, page, checkpointRows, files);
      pending = [];
      pendingRows = 0;
    }
    if (pending.length || !this.manifest) await this.#writePiece(pending, last, checkpointRows ?? 0, files);
    this.manifest = { ...this.manifest!, complete: true };
    await saveManifest(this.#folder, this.manifest);
  }

  /** A checkpoint: the pages' rows as one piece (a segment, or finished part files), then the manifest saying so. */
  async #writePiece(pages: RecordPage[], last: RecordPage | undefined, checkpointRows: number, files: PartitionFiles | undefined) {
    const before = this.manifest;
    const typed = new TypedBatches(drained(pages), this.#pieceOptions(before?.schema), before?.emptyColumns);
    let rows: number;
    const segments = [...(before?.segments ?? [])];
    const partFiles = [...(before?.parts.files ?? [])];
    if (files) {
      const start = files.rows;
      for await (const batch of typed.batches()) await files.add(batch, typed.schema!, typed.batchRows);
      await files.closeAll();
      rows = files.rows - start;
      partFiles.push(...files.finishedFiles().filter((file) => !partFiles.includes(file)));
    } else {
      const name = `segment-${String(segments.length).padStart(5, "0")}.arrow`;
      rows = await writeSegment(join(this.#folder, name), typed);
      segments.push(name);
    }
    const dropped = new Set([...(before?.droppedColumns ?? []), ...typed.finish()]);
    this.manifest = {
      version: 1,
      ...this.#identity,
      total: before ? before.total : (last?.total ?? null),
      lastPage: last?.lastPage ?? before?.lastPage ?? 0,
      pagesDone: last?.page ?? before?.pagesDone ?? 0,
      complete: false,
      rows: (before?.rows ?? 0) + rows,
      checkpointRows,
      schema: before?.schema ?? typed.schema!,
      emptyColumns: before?.emptyColumns ?? typed.emptyColumns,
      droppedColumns: [...dropped],
      segments,
      parts: { files: partFiles, partCounts: files ? [...files.partCounts()] : [] },
    };
    await saveManifest(this.#folder, this.manifest);
  }

  /** The options of one piece: after the first, the schema is the one written, whatever later pages hold. */
  #pieceOptions(schema: ColumnarSchema | undefined): ColumnarOptions {
    const onNewColumns = this.#options.onNewColumns === "warn" ? "ignore" : this.#options.onNewColumns; // warned once, at the end
    if (!schema) return { ...this.#options, onNewColumns };
    // a null-prototype object: a column named `__proto__` is a key like any other
    const types: Record<string, ColumnType> = Object.create(null) as Record<string, ColumnType>;
    schema.names.forEach((name, position) => (types[name] = schema.types[position]));
    return { ...this.#options, onNewColumns, columns: schema.names, types };
  }

  /** Rows per batch for the first piece: the first page's columns as the writers shape them. */
  async #batchRowsFor(page: RecordPage): Promise<number> {
    if (this.#options.batchRows) return this.#options.batchRows;
    for await (const batch of sourceBatches(pagesOf([page]), this.#options))
      if (batch.kind === "records") return defaultBatchRows(batch.names.length);
    return defaultBatchRows(1);
  }

  #checkSameData(kept: ResumeManifest, page: RecordPage): void {
    const total = page.total ?? null;
    if (total !== kept.total)
      throw startOver(
        this.#target,
        this.#folder,
        `the data changed: the service's meta.total was ${kept.total} when pages ${this.#identity.pull.startPage}–${kept.pagesDone} were written, and is ${total} now`,
      );
    if (page.lastPage !== kept.lastPage)
      throw startOver(
        this.#target,
        this.#folder,
        `the pages changed: the pull ended at page ${kept.lastPage} when it began, and ends at page ${page.lastPage} now`,
      );
  }
}

/** The pull's identity and the options that decide what is written, as the manifest keeps them. */
function identityOf(
  format: "parquet" | "arrow",
  layout: "file" | "partitioned",
  pull: ResumablePull,
  options: ColumnarOptions,
): ResumeIdentity {
  const { types, columns, batchRows, partitionBy, onNewColumns, stackData, flatten, endpoint, globalPrefix } = options;
  return {
    format,
    layout,
    pull: { ...pull.identity, baseUrl: addressWithoutCredentials(pull.identity.baseUrl) },
    options: JSON.parse(
      JSON.stringify({ types, columns, batchRows, partitionBy, onNewColumns, stackData, flatten, endpoint, globalPrefix }),
    ) as Record<string, unknown>,
  };
}

const refusals = new WeakSet<object>();

/** Whether an export failed because its resume state belongs to other data (then "resume to continue" would be wrong). */
export function isResumeRefusal(error: unknown): boolean {
  return typeof error === "object" && error !== null && refusals.has(error);
}

function startOver(target: string, folder: string, change: string): ExportError {
  const error = new ExportError(
    `cannot resume the export to ${target}: ${change}. Nothing was written. ` +
      `To start over, remove ${folder} (or run without resume); to continue the earlier export, run it as it was`,
  );
  refusals.add(error);
  return error;
}

/** The segments into the target, in page order: each batch read back and written as the format's own. */
async function joinSegments(open: OpenColumnar, target: string, manifest: ResumeManifest): Promise<void> {
  const folder = resumeFolderOf(target);
  await withSink(target, async (sink) => {
    const file = await open(sink, manifest.schema);
    for await (const batch of segmentBatches(
      manifest.segments.map((name) => join(folder, name)),
      manifest.schema,
    ))
      await file.writeBatch(batch);
    await file.finish();
  });
}

async function* pagesOf(pages: readonly RecordPage[]): AsyncGenerator<RecordPage, void> {
  yield* pages;
}

/** The pages, each let go once taken: a piece's raw records are not held beside its typed rows. */
async function* drained(pages: RecordPage[]): AsyncGenerator<RecordPage, void> {
  while (pages.length) yield pages.shift()!;
}
