import { ValidationError } from "../errors";
import { rowsNotMade } from "./danfo";

/**
 * What is read of a danfo DataFrame by the display helpers and the writers: its column names and
 * row values. Recognised by shape, so danfo is never loaded to check.
 */
export interface FrameShape {
  readonly columns: readonly string[];
  readonly values: unknown;
}

/** A danfo DataFrame (or anything shaped like one): `columns` is an array and `values` is there. */
export function isFrameShape(value: unknown): value is FrameShape {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const candidate = value as Partial<FrameShape>;
  return Array.isArray(candidate.columns) && "values" in candidate;
}

/**
 * The frame's rows, each an array of cells (a one-column frame can still give a flat array); with
 * `maxRows`, the first ones only (a fountframe frame whose rows are not made yet gives them from its
 * columns and does not make them).
 */
export function frameRows(frame: FrameShape, maxRows = Infinity): unknown[][] {
  const head = maxRows === Infinity ? undefined : rowsNotMade(frame, 0, maxRows);
  if (head) return head;
  const values = rowValues(frame);
  return (maxRows === Infinity ? values : values.slice(0, maxRows)).map((row: unknown) => (Array.isArray(row) ? row : [row]));
}

/** How many rows the frame has (its `shape`, which a fountframe frame answers without making its rows). */
export function frameRowCount(frame: FrameShape): number {
  const shape: unknown = (frame as { shape?: unknown }).shape;
  if (Array.isArray(shape) && typeof shape[0] === "number") return shape[0];
  return rowValues(frame).length;
}

function rowValues(frame: FrameShape): unknown[] {
  const values = frame.values;
  if (!Array.isArray(values)) throw new ValidationError("frame", "a danfo DataFrame, whose `values` are an array of rows");
  return values;
}

/**
 * The frame's rows `size` at a time (a writer's batches): a fountframe frame whose rows are not made
 * yet gives them from its columns and does not make them.
 */
export function* frameRowSlices(frame: FrameShape, size: number): Generator<unknown[][]> {
  const rowCount = frameRowCount(frame);
  let all: unknown[][] | undefined;
  for (let start = 0; start < rowCount; start += size) {
    const slice = all ? undefined : rowsNotMade(frame, start, start + size);
    if (slice) yield slice;
    else {
      all ??= frameRows(frame);
      yield all.slice(start, start + size);
    }
  }
}
