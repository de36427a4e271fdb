import type { JsonRecord } from "./types";

/** What an included object's columns are prefixed with when it clashes with the record's own columns. */
export const GLOBAL_PREFIX = "global_";

/** A JSON object nested in a record (not a list, not null): its fields become `parent_child` columns. */
export function isNestedObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * One row of a stacked record as (prefix, key, value) triples in field order: its column names are
 * `prefix + key`, a name repeated when two fields flatten to one (the last value wins).
 */
export type StackedRow = unknown[];

interface Task {
  value: unknown;
  prefix: string;
  key: string;
  /** a field of the record itself: only there is an include `global_`-prefixed */
  topLevel: boolean;
}

/** A nested object being walked, or a list whose elements are being expanded one by one. */
type Frame =
  | { kind: "object"; object: JsonRecord; keys: string[]; index: number; prefix: string; topLevel: boolean }
  | { kind: "list"; list: readonly unknown[]; index: number; prefix: string; key: string; base: StackedRow[]; expansions: StackedRow[][] };

/**
 * One record's rows with its lists stacked: the product of all its nested lists (itertools.product
 * order: the first list varies slowest), the other fields repeated on every row. A list of objects
 * flattens each element under the list's name (`categories_id`), a list of scalars gives one row per
 * scalar under the list's name, lists inside elements (and lists of lists) stack too, and an empty
 * list multiplies by one (the record keeps its row, without the list's columns, so a record is never
 * lost to an empty relation). Nested objects become `parent_child` fields, an object under a key of
 * `globalIncludes` at the top level `global_key_child`.
 *
 * A walk with its own stack, not the call stack: a record nested thousands of levels deep (which the
 * service's JSON allows) flattens like any other.
 */
export function stackedRows(record: JsonRecord, globalIncludes: ReadonlySet<string>): StackedRow[] {
  let rows: StackedRow[] = [[]];
  const stack: Frame[] = [{ kind: "object", object: record, keys: Object.keys(record), index: 0, prefix: "", topLevel: true }];
  let task: Task | undefined;
  for (;;) {
    if (task) {
      const { value, prefix, key, topLevel } = task;
      task = undefined;
      if (Array.isArray(value)) {
        if (value.length === 0) continue;
        // each element is expanded on a row of its own, then multiplied with the rows so far
        stack.push({ kind: "list", list: value, index: 0, prefix, key, base: rows, expansions: [] });
        rows = [[]];
        task = { value: value[0], prefix, key, topLevel: false };
      } else if (isNestedObject(value)) {
        const name = topLevel && globalIncludes.has(key) ? GLOBAL_PREFIX + key : prefix + key;
        stack.push({ kind: "object", object: value, keys: Object.keys(value), index: 0, prefix: `${name}_`, topLevel: false });
      } else {
        for (const row of rows) row.push(prefix, key, value);
      }
      continue;
    }
    const frame = stack.at(-1);
    if (!frame) return rows;
    if (frame.kind === "object") {
      if (frame.index < frame.keys.length) {
        const key = frame.keys[frame.index++];
        task = { value: frame.object[key], prefix: frame.prefix, key, topLevel: frame.topLevel };
      } else stack.pop();
      continue;
    }
    frame.expansions.push(rows);
    frame.index++;
    if (frame.index < frame.list.length) {
      rows = [[]];
      task = { value: frame.list[frame.index], prefix: frame.prefix, key: frame.key, topLevel: false };
      continue;
    }
    stack.pop();
    rows = product(frame.base, frame.expansions);
  }
}

/** Every row with every element's rows, the rows varying slowest. */
function product(base: readonly StackedRow[], expansions: readonly StackedRow[][]): StackedRow[] {
  const rows: StackedRow[] = [];
  for (const row of base) for (const expansion of expansions) for (const stacked of expansion) rows.push(row.concat(stacked));
  return rows;
}
