import { flattenRecord } from "./flatten";
import { stackRecord } from "./stack";
import type { JsonRecord, ShapeOptions } from "./types";

/** The flat rows one record becomes under the options. */
export function shapeRecord(record: JsonRecord, options: ShapeOptions): JsonRecord[] {
  const globalPrefix = options.globalPrefix === true;
  return options.stackData === true ? stackRecord(record, globalPrefix) : [flattenRecord(record, globalPrefix)];
}
