import type { DataFrame } from "danfojs-node";
import { ValidationError } from "../errors";

/**
 * One column's values as a typed array: `columnValues<number>(frame, "id")` instead of
 * `frame.column("id").values as number[]`. The type is the caller's word (a frame's columns are
 * typed at run time); a column the frame does not have is a ValidationError naming the ones it has.
 */
export function columnValues<T = unknown>(frame: DataFrame, name: string): T[] {
  const columns = frame.columns as string[];
  if (!columns.includes(name)) {
    throw new ValidationError("column", `the frame has no column ${JSON.stringify(name)}; it has: ${columns.join(", ")}`);
  }
  return [...(frame.column(name).values as T[])];
}
