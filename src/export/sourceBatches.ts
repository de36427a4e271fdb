import { flattenRecords } from "../frame";
import { frameRows, isFrameShape } from "../frame/frameShape";
import type { JsonRecord } from "../records";
import { pageRowShape } from "../rows";
import type { ExportOptions, ExportSource, FrameSource, RecordPageLike } from "./types";
import { ValidationError } from "../errors";

/** Rows of a frame, already aligned with its columns. */
export interface FrameBatch {
  kind: "frame";
  columns: readonly string[];
  rows: readonly (readonly unknown[])[];
}

/** Rows as objects, flattened (unless asked not to), in source order. */
export interface RecordBatch {
  kind: "records";
  rows: readonly JsonRecord[];
}

export type SourceBatch = FrameBatch | RecordBatch;

/** Frames and large arrays go out in slices, so writers can wait for the disk between them. */
const SLICE_ROWS = 5_000;

/** Any export source as batches of rows; pages are read one at a time, never gathered. */
export async function* sourceBatches(source: ExportSource, options: ExportOptions): AsyncGenerator<SourceBatch, void> {
  if (isFrameShape(source)) {
    yield* frameBatches(source);
    return;
  }
  // one shaping path with the frames: a page of client.pages names its endpoint, which decides column names
  const shapeOptions = { stackData: options.stackData, endpoint: options.endpoint, globalPrefix: options.globalPrefix };
  const shape = (records: readonly JsonRecord[], page: { endpoint?: string } = {}): JsonRecord[] =>
    options.flatten === false ? [...records] : flattenRecords(records, pageRowShape(page, shapeOptions));
  if (Array.isArray(source)) {
    for (let start = 0; start < source.length; start += SLICE_ROWS) {
      yield { kind: "records", rows: shape(source.slice(start, start + SLICE_ROWS)) };
    }
    return;
  }
  if (typeof source === "object" && source !== null && isIterable(source)) {
    for await (const page of source as AsyncIterable<RecordPageLike | readonly JsonRecord[]>) {
      const records = Array.isArray(page) ? (page as readonly JsonRecord[]) : pageRecords(page);
      if (records.length) yield { kind: "records", rows: shape(records, Array.isArray(page) ? {} : (page as RecordPageLike)) };
    }
    return;
  }
  throw new ValidationError("source", "a danfo DataFrame, an array of records, or an iterable of record pages (client.pages)");
}

function* frameBatches(frame: FrameSource): Generator<FrameBatch> {
  const rows = frameRows(frame);
  for (let start = 0; start < rows.length; start += SLICE_ROWS) {
    yield { kind: "frame", columns: frame.columns, rows: rows.slice(start, start + SLICE_ROWS) };
  }
}

function isIterable(source: object): boolean {
  return Symbol.asyncIterator in source || Symbol.iterator in source;
}

function pageRecords(page: unknown): readonly JsonRecord[] {
  const records = (page as Partial<RecordPageLike> | null)?.records;
  if (!Array.isArray(records))
    throw new ValidationError("source", "each page must be an array of records or an object with `records` (a page of client.pages)");
  return records;
}
