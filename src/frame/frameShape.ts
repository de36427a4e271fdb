import { ValidationError } from "../errors";

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

/** The frame's rows, each an array of cells (a one-column frame can still give a flat array). */
export function frameRows(frame: FrameShape): unknown[][] {
  const values = frame.values;
  if (!Array.isArray(values)) throw new ValidationError("frame", "a danfo DataFrame, whose `values` are an array of rows");
  return values.map((row: unknown) => (Array.isArray(row) ? row : [row]));
}
