// Records → rows as their endpoint says: the endpoint table's row shape looked up here and handed
// to frame's one gatherer (frame itself reads no endpoint table). The public recordsToFrame and
// FrameBuilder are these.
import type { DataFrame } from "danfojs-node";
import * as frame from "../frame";
import type { JsonRecord, ShapeOptions } from "../records";
import { rowShapeOf } from "./rowShape";

export { rowShapeOf, pageRowShape, resourceOfEndpoint } from "./rowShape";

/** Records → frame in one call, shaped as `options.endpoint`'s records are. */
export function recordsToFrame(records: readonly JsonRecord[], options: ShapeOptions = {}): Promise<DataFrame> {
  return frame.recordsToFrame(records, rowShapeOf(options));
}

/**
 * recordsToFrame fed a page at a time: each page's records can be dropped once added. Given pages
 * of `client.pages(...)`, it shapes them as the frame methods do (the page names its endpoint).
 */
export class FrameBuilder extends frame.FrameBuilder {
  constructor(options: ShapeOptions = {}) {
    super(options, rowShapeOf);
  }
}

/** One record as one flat row (nested objects become `parent_child` columns; lists stay values). */
export function flattenRecord(record: JsonRecord, options: ShapeOptions = {}): JsonRecord {
  return frame.flattenRecord(record, rowShapeOf(options).globalIncludes);
}

/** Records as flat rows, in record order (with `stackData`, one row per combination of nested lists). */
export function flattenRecords(records: readonly JsonRecord[], options: ShapeOptions = {}): JsonRecord[] {
  return frame.flattenRecords(records, rowShapeOf(options));
}
