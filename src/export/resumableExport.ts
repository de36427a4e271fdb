import { ValidationError } from "../errors";
import { COLUMNS_LEFT_OUT_CODE, warnOfLoneSurrogateNames } from "./columnCounts";
import { resumableOf, type ResumablePull } from "../pull/pull";
import type { RecordPage } from "../pull/envelope";
import { openArrow, readArrowBatches } from "./arrowFile";
import type { ColumnBatch, ColumnarOptions, ColumnarSchema, StoredCell } from "./columnarTypes";
import type { ColumnType } from "../table/columnType";
import { ExportError } from "./exportError";
import { checkReplaceable, followedLinks, ResumeFolder, withFileOutput } from "./output";
import {
  checkMaxOpenFiles,
  checkPartitionBy,
  datasetBatchRows,
  PARTITIONED_CELLS_PER_BATCH,
  writeDataset,
  type DatasetLayout,
} from "./partitioned";
import { addressWithoutCredentials, manifestOf, pageDigest, whatChanged, type ResumeIdentity, type ResumeManifest } from "./resumeState";
import { sourceColumns } from "./sourceColumns";
import { pageRecordCount } from "../table/pageChunk";
import { defaultBatchRows, joinedNotices, rowGroupRows, TARGET_CELLS_PER_BATCH, TypedBatches, warnOfCells } from "./typedBatches";
import type { ExportSource, ExportSummary, ExportTarget } from "./types";
import { writeBatches, type OpenColumnar } from "./writeColumnar";

/**
 * A pull's pages to a Parquet or Arrow file, or a partitioned Parquet folder, in pieces that a
 * later run can continue (docs/parquet.md, "Resuming"). The work is kept in `.name.resume/` beside
 * the target (an Output's ResumeFolder): a manifest (the pull's identity, meta.total, the last page
 * written, the schema) and segments (Arrow IPC, each a run of whole pages) that never change once
 * written. A checkpoint is taken at the first page end past a batch of rows (two for a partitioned
 * folder). At the end the segments' rows, cut into the batches an uninterrupted export makes, go
 * through the format's own writer, so the result has the same files and row groups as an export
 * that was never interrupted. A failure or an interrupt leaves the folder; a run with `resume: true`
 * checks that the pull, the service's meta.total and the options are the same, and fetches only the
 * pages after the last checkpoint. The schema is the first run's.
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
  const dataset: DatasetLayout | undefined = options.partitionBy?.length
    ? { partitionBy: checkPartitionBy(options.partitionBy), maxOpen: checkMaxOpenFiles(options.maxOpenFiles) }
    : undefined;
  if (dataset) await checkReplaceable(target);
  else await followedLinks(target); // a target in a loop of links is refused before the work folder is made
  const folder = new ResumeFolder(target);
  const wanted = identityOf(format, dataset ? "partitioned" : "file", pull, options);
  const kept = manifestOf(await folder.readManifest(), folder.path);
  if (kept) {
    const change = whatChanged(kept, wanted);
    if (change) throw startOver(target, folder.path, change);
    await folder.keepOnly(kept.segments);
    await folder.checkSegments(kept.segments, kept.segmentDigests);
  } else {
    await folder.start();
  }
  const state = new ResumeRun(folder, target, wanted, kept, options, dataset ? PARTITIONED_CELLS_PER_BATCH : TARGET_CELLS_PER_BATCH);
  try {
    // every page written, the last manifest saved before the one saying so: only the final file is left
    const written = kept && (kept.complete || kept.pagesDone >= kept.lastPage);
    // the last page written is asked again, to see that the pages before it still hold the same records
    if (!written)
      await state.writePages(kept ? pull.from(kept.pagesDone + (kept.lastPageDigest ? 0 : 1)) : (source as AsyncIterable<RecordPage>));
  } catch (error) {
    await folder.abandon(); // nothing reached a checkpoint: nothing to keep
    throw error;
  }
  const manifest = state.manifest!;
  const partitions = dataset ? await writeDatasetFrom(open, target, dataset, folder, manifest, options) : undefined;
  if (!dataset) await writeFileFrom(open, target, folder, manifest, fileBatchRows(format, manifest.schema.names.length, options.batchRows));
  await folder.remove();
  if (manifest.cellNotices) warnOfCells(manifest.cellNotices);
  warnOfLoneSurrogateNames(manifest.schema.names);
  if (manifest.droppedColumns.length && options.onNewColumns === "warn")
    process.emitWarning(`columns first seen after the schema was fixed were left out: ${manifest.droppedColumns.join(", ")}`, {
      code: COLUMNS_LEFT_OUT_CODE,
    });
  return {
    format,
    path: target,
    rows: manifest.rows,
    columns: [...manifest.schema.names],
    droppedColumns: manifest.droppedColumns,
    ...(partitions && { partitions }),
    ...(kept && { resumedFromPage: kept.pagesDone + 1 }),
  };
}

/** One run of a resumable export: pages in, a segment and a manifest out at each checkpoint. */
class ResumeRun {
  manifest: ResumeManifest | undefined;
  readonly #folder: ResumeFolder;
  readonly #target: string;
  readonly #identity: ResumeIdentity;
  readonly #kept: ResumeManifest | undefined;
  readonly #options: ColumnarOptions;
  /** cells of a batch when `batchRows` does not say: the uninterrupted writer's, so the schema is decided on the same rows */
  readonly #targetCells: number;

  constructor(
    folder: ResumeFolder,
    target: string,
    identity: ResumeIdentity,
    kept: ResumeManifest | undefined,
    options: ColumnarOptions,
    targetCells: number,
  ) {
    this.#folder = folder;
    this.#target = target;
    this.#identity = identity;
    this.#kept = kept;
    this.manifest = kept;
    this.#options = options;
    this.#targetCells = targetCells;
  }

  async writePages(pages: AsyncIterable<RecordPage>): Promise<void> {
    let pending: RecordPage[] = [];
    let pendingRows = 0;
    let checkpointRows = this.#kept?.checkpointRows;
    let last: RecordPage | undefined;
    const dataset = this.#identity.layout === "partitioned";
    for await (const page of pages) {
      if (!last && this.#kept) {
        this.#checkSameData(this.#kept, page);
        if (page.page === this.#kept.pagesDone) {
          this.#checkSameLastPage(this.#kept, page);
          last = page;
          continue;
        }
      }
      last = page;
      pending.push(page);
      pendingRows += pageRecordCount(page) ?? 0;
      checkpointRows ??= (await this.#batchRowsFor(page)) * (dataset ? 2 : 1);
      if (pendingRows < checkpointRows) continue;
      await this.#writePiece(pending, page, checkpointRows);
      pending = [];
      pendingRows = 0;
    }
    if (pending.length || !this.manifest) await this.#writePiece(pending, last, checkpointRows ?? 0);
    this.manifest = { ...this.manifest!, complete: true };
    await this.#folder.saveManifest(this.manifest);
  }

  /** A checkpoint: the pages' rows as one segment, then the manifest saying so. */
  async #writePiece(pages: RecordPage[], last: RecordPage | undefined, checkpointRows: number) {
    const before = this.manifest;
    const typed = new TypedBatches(
      drained(pages),
      this.#pieceOptions(before?.schema),
      { emptyColumns: before?.emptyColumns, rows: before?.rows },
      this.#targetCells,
    );
    const segments = [...(before?.segments ?? [])];
    const name = `segment-${String(segments.length).padStart(5, "0")}.arrow`;
    const { value: rows, digest } = await this.#folder.writeSegment(name, (sink) => writeBatches(sink, typed, openArrow));
    segments.push(name);
    const segmentDigests = before && !before.segmentDigests ? undefined : [...(before?.segmentDigests ?? []), digest];
    const dropped = new Set([...(before?.droppedColumns ?? []), ...typed.finish(false)]);
    this.manifest = {
      version: 2,
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
      cellNotices: joinedNotices(before?.cellNotices, typed.cellNotices()),
      segments,
      ...(segmentDigests && { segmentDigests }),
      lastPageDigest: last ? pageDigest(last) : before?.lastPageDigest,
    };
    await this.#folder.saveManifest(this.manifest);
  }
  /** Page `pagesDone`, asked again: the records it held when written, or rows moved across the pages written (or changed in it). */
  #checkSameLastPage(kept: ResumeManifest, page: RecordPage): void {
    if (pageDigest(page) !== kept.lastPageDigest)
      throw startOver(
        this.#target,
        this.#folder.path,
        `the data changed: page ${page.page}, the last one written, holds other records now than when it was written ` +
          "(records were added, removed or revised in the pages written)",
      );
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
    for await (const batch of sourceColumns(pagesOf([page]), this.#options)) return defaultBatchRows(batch.names.length, this.#targetCells);
    return defaultBatchRows(1, this.#targetCells);
  }

  #checkSameData(kept: ResumeManifest, page: RecordPage): void {
    const total = page.total ?? null;
    if (total !== kept.total)
      throw startOver(
        this.#target,
        this.#folder.path,
        `the data changed: the service's meta.total was ${kept.total} when pages ${this.#identity.pull.startPage}–${kept.pagesDone} were written, and is ${total} now`,
      );
    if (page.lastPage !== kept.lastPage)
      throw startOver(
        this.#target,
        this.#folder.path,
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

/** Rows of the batches the uninterrupted writer gives a file: Parquet's row groups, Arrow's record batches. */
function fileBatchRows(format: "parquet" | "arrow", columns: number, batchRows: number | undefined): number {
  return format === "parquet" ? rowGroupRows(columns, batchRows) : (batchRows ?? defaultBatchRows(columns));
}

/** The segments into one file, in page order, cut into the batches the uninterrupted writer makes: the same row groups. */
async function writeFileFrom(
  open: OpenColumnar,
  target: string,
  folder: ResumeFolder,
  manifest: ResumeManifest,
  batchRows: number,
): Promise<void> {
  await withFileOutput(target, async (sink) => {
    const file = await open(sink, manifest.schema);
    for await (const batch of inBatchesOf(segmentBatches(folder, manifest), batchRows)) await file.writeBatch(batch);
    await file.finish();
  });
}

/** The segments into a dataset, cut into the batches the uninterrupted writer makes: the same part files, the same row groups. */
async function writeDatasetFrom(
  open: OpenColumnar,
  target: string,
  layout: DatasetLayout,
  folder: ResumeFolder,
  manifest: ResumeManifest,
  options: ColumnarOptions,
): Promise<string[]> {
  const shape = { schema: manifest.schema, batchRows: datasetBatchRows(options.batchRows, manifest.schema.names.length) };
  const { partitions } = await writeDataset(
    open,
    target,
    layout,
    inBatchesOf(segmentBatches(folder, manifest), shape.batchRows),
    () => shape,
  );
  return partitions;
}

async function* segmentBatches(folder: ResumeFolder, manifest: ResumeManifest): AsyncGenerator<ColumnBatch, void> {
  for (const [at, name] of manifest.segments.entries()) {
    const batches = readArrowBatches(await folder.readSegment(name, manifest.segmentDigests?.[at]), manifest.schema);
    for (;;) {
      const next = await batches.next().catch((error: unknown) => {
        throw folder.damaged(name, error);
      });
      if (next.done) break;
      yield next.value;
    }
  }
}

/** Batches of exactly `rows` rows (the last one fewer), whatever size they came in. */
async function* inBatchesOf(batches: AsyncIterable<ColumnBatch>, rows: number): AsyncGenerator<ColumnBatch, void> {
  let parts: RowRange[] = [];
  let count = 0;
  for await (const batch of batches) {
    for (let start = 0; start < batch.rows;) {
      const taken = Math.min(rows - count, batch.rows - start);
      parts.push({ batch, start, rows: taken });
      count += taken;
      start += taken;
      if (count < rows) continue;
      yield joined(parts, count);
      parts = [];
      count = 0;
    }
  }
  if (count > 0) yield joined(parts, count);
}

interface RowRange {
  readonly batch: ColumnBatch;
  readonly start: number;
  readonly rows: number;
}

/** The ranges' rows as one batch: a whole batch as it is, else each column copied once into an array of its own. */
function joined(parts: readonly RowRange[], rows: number): ColumnBatch {
  const [first] = parts;
  if (parts.length === 1 && first.start === 0 && first.rows === first.batch.rows) return first.batch;
  const columns = first.batch.columns.map((_, position) => {
    const cells = new Array<StoredCell>(rows);
    let at = 0;
    for (const part of parts) {
      const source = part.batch.columns[position];
      for (let index = part.start; index < part.start + part.rows; index++) cells[at++] = source[index];
    }
    return cells;
  });
  return { rows, columns };
}

async function* pagesOf(pages: readonly RecordPage[]): AsyncGenerator<RecordPage, void> {
  yield* pages;
}

/** The pages, each let go once taken: a piece's raw records are not held beside its typed rows. */
async function* drained(pages: RecordPage[]): AsyncGenerator<RecordPage, void> {
  while (pages.length) yield pages.shift()!;
}
