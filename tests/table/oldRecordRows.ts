// The flattener of objects that src/table/flatten.ts replaced (src/frame/recordRows.ts at f9d3eb5,
// its helpers inlined), kept as the oracle the one flattener is checked against: same column names,
// order, rows and row order.
type JsonRecord = Record<string, unknown>;

function isNestedObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function setField(row: JsonRecord, key: string, value: unknown): void {
  if (key === "__proto__") Object.defineProperty(row, key, { value, enumerable: true, writable: true, configurable: true });
  else row[key] = value;
}

function topLevelName(key: string, value: unknown, globalIncludes: ReadonlySet<string>): string {
  return globalIncludes.size > 0 && globalIncludes.has(key) && isNestedObject(value) ? "global_" + key : key;
}

/**
 * One record as flat rows (objects): nested objects become `parent_child` columns, at any depth.
 * With `stackLists`, the rows are the product of all its nested lists (itertools.product order: the
 * first list varies slowest), parent fields repeated on every row: a list of objects flattens each
 * element under the list's name (`categories_id`), a list of scalars gives one row per scalar under
 * the list's name, lists inside elements stack too, and an empty list multiplies by one (the record
 * keeps its row, without the list's columns, so a record is never lost to an empty relation).
 * Without it, a list is one cell value and the record makes one row. A key named `__proto__` is
 * a column like any other (setField).
 */
export function oldRecordRows(record: JsonRecord, globalIncludes: ReadonlySet<string>, stackLists: boolean): JsonRecord[] {
  let rows: JsonRecord[] = [newRow()];
  for (const key of Object.keys(record)) {
    const value = record[key];
    rows = appendValue(rows, value, topLevelName(key, value, globalIncludes), stackLists);
  }
  return rows;
}

interface Task {
  value: unknown;
  name: string;
}

/** A nested object being walked, or a list whose elements are being expanded one by one. */
type Frame =
  | { kind: "object"; object: JsonRecord; keys: string[]; index: number; name: string }
  | { kind: "list"; list: readonly unknown[]; index: number; name: string; base: JsonRecord[]; expansions: JsonRecord[][] };

/**
 * Adds `value` under `name` to every row (the rows are fresh objects of this record, filled in
 * place). A walk with its own stack, not the call stack: a record nested thousands of levels deep
 * (which the service's JSON allows) flattens like any other.
 */
function appendValue(rows: JsonRecord[], value: unknown, name: string, stackLists: boolean): JsonRecord[] {
  const stack: Frame[] = [];
  let task: Task | undefined = { value, name };
  for (;;) {
    if (task) {
      const current: Task = task;
      task = undefined;
      if (stackLists && Array.isArray(current.value)) {
        if (current.value.length === 0) continue;
        // each element is expanded on a row of its own, then multiplied with the rows so far
        stack.push({ kind: "list", list: current.value, index: 0, name: current.name, base: rows, expansions: [] });
        rows = [newRow()];
        task = { value: current.value[0], name: current.name };
      } else if (isNestedObject(current.value)) {
        stack.push({ kind: "object", object: current.value, keys: Object.keys(current.value), index: 0, name: current.name });
      } else {
        for (const row of rows) setField(row, current.name, current.value);
      }
      continue;
    }
    const frame = stack.at(-1);
    if (!frame) return rows;
    if (frame.kind === "object") {
      if (frame.index < frame.keys.length) {
        const key = frame.keys[frame.index++];
        task = { value: frame.object[key], name: `${frame.name}_${key}` };
      } else stack.pop();
      continue;
    }
    frame.expansions.push(rows);
    frame.index++;
    if (frame.index < frame.list.length) {
      rows = [newRow()];
      task = { value: frame.list[frame.index], name: frame.name };
      continue;
    }
    stack.pop();
    rows = product(frame.base, frame.expansions);
  }
}

/** Every row with every element's rows, the rows varying slowest. */
function product(base: readonly JsonRecord[], expansions: readonly JsonRecord[][]): JsonRecord[] {
  const rows: JsonRecord[] = [];
  // spread copies an own `__proto__` field as a field
  for (const row of base) for (const expansion of expansions) for (const stacked of expansion) rows.push({ ...row, ...stacked });
  return rows;
}

function newRow(): JsonRecord {
  return {};
}
