import { gatherRecords, gatherRows } from "../table/flatten";
import { chunkRows, isOwnRecords, pageColumnsOf, pageRecordCount } from "../table/pageChunk";
import { frameRowSlices, isFrameShape } from "../frame/frameShape";
import { checkRecordItems } from "../frame/recordItems";
import type { JsonRecord } from "../table/types";
import { pageRowShape } from "../rows/rowShape";
import type { ExportOptions, ExportSource, FrameSource, RecordPageLike } from "./types";
import { ValidationError } from "../errors";
import { declaredOfDtype, type DeclaredType } from "../table/columnType";
import type { ColumnStats } from "../table/columnPlan";
import { FieldClashes } from "../table/fieldClashes";

/** Column names and rows of cells placed under them: what ExportHeader reads, from a frame or from records. */
export interface CellRows {
  readonly names: readonly string[];
  /** rows[r][c], under names[c]; a row may be shorter than names, a cell it lacks is undefined */
  readonly rows: readonly (readonly unknown[])[];
  /** what the columns are declared to hold (the docs' types, or a frame's text columns), by name */
  readonly declaredTypes?: ReadonlyMap<string, DeclaredType>;
  /** what each column's cells are, counted as the rows were gathered (records only) */
  readonly stats?: ColumnStats;
}

/** Rows of a frame, already aligned with its columns. */
export interface FrameBatch {
  kind: "frame";
  columns: readonly string[];
  rows: readonly (readonly unknown[])[];
  /** the frame's text columns: they stay text */
  declaredTypes?: ReadonlyMap<string, DeclaredType>;
}

/**
 * A batch of records gathered as a frame gathers them (one gatherer: the same column names and
 * cells a frame of these records holds), or with `flatten: false` as they are (nested values kept
 * as cells), in source order.
 */
export interface RecordBatch extends CellRows {
  kind: "records";
}

export type SourceBatch = FrameBatch | RecordBatch;

/** One batch of records as the source gave it, before any shaping. */
export interface RawRecords {
  /** the records (a page of client.pages makes them when they are read) */
  readonly records: readonly JsonRecord[];
  /** the page they are, whose pull may hold its rows as columns beside it (pageColumnsOf) */
  page?: object;
  /** the page's endpoint, when the page names it (pages of client.pages) */
  endpoint?: string;
  /** the page's pull asked for stackData */
  stackData?: boolean;
}

/** Frames and large arrays go out in slices, so writers can wait for the disk between them. */
export const SLICE_ROWS = 5_000;

/** Any export source as batches of rows; pages are read one at a time, never gathered. */
export async function* sourceBatches(source: ExportSource, options: ExportOptions): AsyncGenerator<SourceBatch, void> {
  if (isFrameShape(source)) {
    yield* frameBatches(source);
    return;
  }
  // one shaping path with the frames: a page of client.pages names its endpoint, which decides column names
  const shapeOptions = { stackData: options.stackData, endpoint: options.endpoint, globalPrefix: options.globalPrefix };
  const clashes = new FieldClashes();
  for await (const batch of recordBatches(source)) {
    if (options.flatten === false) {
      const { names, rows, stats } = gatherRows(batch.records);
      yield { kind: "records", names, rows, stats };
      continue;
    }
    const shape = pageRowShape(batch, shapeOptions);
    // a page of client.pages whose pull decoded it to columns by these rules: the same rows, not gathered again
    const columns = pageColumnsOf(batch.page, shape);
    const gathered = columns ? chunkRows(columns.chunk) : gatherRecords(batch.records, shape);
    if (isOwnRecords(batch.page)) clashes.add(gathered.clashes);
    const { names, rows, stats } = gathered;
    yield { kind: "records", names, rows, declaredTypes: shape.declaredTypes, stats };
  }
  clashes.warn(options.endpoint ?? "records");
}

/** The records of a source that is not a frame (checked first by the caller), a slice or a page at a time, as they came; empty pages are skipped. */
export async function* recordBatches(source: ExportSource): AsyncGenerator<RawRecords, void> {
  if (Array.isArray(source)) {
    const records = source as readonly JsonRecord[];
    checkRecordItems(records, "source");
    for (let start = 0; start < records.length; start += SLICE_ROWS) yield { records: records.slice(start, start + SLICE_ROWS) };
    return;
  }
  if (typeof source === "object" && source !== null && isIterable(source)) {
    for await (const page of source as AsyncIterable<RecordPageLike | readonly JsonRecord[]>) {
      if (Array.isArray(page)) {
        if (page.length) yield { records: page as readonly JsonRecord[] };
        continue;
      }
      const count = pageRecordCount(page);
      if (count === undefined)
        throw new ValidationError("source", "each page must be an array of records or an object with `records` (a page of client.pages)");
      if (count === 0) continue;
      const { endpoint, stackData } = page as RecordPageLike;
      yield {
        page,
        endpoint,
        stackData,
        get records() {
          return (page as RecordPageLike).records;
        },
      };
    }
    return;
  }
  throw new ValidationError("source", "a danfo DataFrame, an array of records, or an iterable of record pages (client.pages)");
}

function* frameBatches(frame: FrameSource): Generator<FrameBatch> {
  const declaredTypes = frameDeclaredTypes(frame);
  for (const rows of frameRowSlices(frame, SLICE_ROWS)) yield { kind: "frame", columns: frame.columns, rows, declaredTypes };
}

/** A danfo frame's dtypes as declarations: a column it holds as text stays text ("056" and "826" alike). */
export function frameDeclaredTypes(frame: FrameSource): ReadonlyMap<string, DeclaredType> {
  const dtypes: unknown = (frame as { dtypes?: unknown }).dtypes;
  const declared = new Map<string, DeclaredType>();
  if (!Array.isArray(dtypes)) return declared;
  frame.columns.forEach((column, position) => {
    const type = declaredOfDtype(String(dtypes[position]));
    if (type) declared.set(column, type);
  });
  return declared;
}

function isIterable(source: object): boolean {
  return Symbol.asyncIterator in source || Symbol.iterator in source;
}
