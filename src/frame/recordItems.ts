import { ValidationError } from "../errors";

/**
 * Refuses an array of records holding an array (pages given where records go): read as a record,
 * it would make one column per index, without a word. `parameter` is the caller's name for it.
 */
export function checkRecordItems(records: readonly unknown[], parameter: string): void {
  const page = records.findIndex((record) => Array.isArray(record));
  if (page >= 0)
    throw new ValidationError(
      parameter,
      `an array of records (objects), but item ${page} is an array: pass pages one at a time (client.pages, a generator, FrameBuilder.add) or their records as one array (pages.flat())`,
    );
}
