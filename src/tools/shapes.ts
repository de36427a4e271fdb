import { flattenRecord } from "../rows/rowShape";
import { sameCell } from "../table/flatten";
import { setField } from "../table/flattenRecords";
import type { JsonRecord } from "../table/types";
import type { ToolResponseKind } from "./table";

/** A tool's answer as rows (still to be flattened) and its metadata fields. */
export interface ShapedAnswer {
  rows: JsonRecord[];
  meta: Record<string, unknown>;
  /** columns that two of an entry's values named alike, with different values (the later kept), and their rows */
  clashes: Map<string, number>;
}

/** The response is not of the shape its tool answers with; the message says what was wrong. */
export class ToolShapeError extends Error {}

const isObject = (value: unknown): value is JsonRecord => value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * A tool's response body as rows, per its response kind (tools/table.ts). Pure; throws
 * ToolShapeError on any other shape rather than guessing, so a changed response is never read
 * into a silently wrong frame.
 */
export function shapeToolAnswer(kind: ToolResponseKind, body: unknown): ShapedAnswer {
  if (!isObject(body) || !("data" in body)) throw new ToolShapeError("the response had no `data` member");
  const data = body.data;
  if (kind === "document") {
    if (!isObject(data))
      throw new ToolShapeError(`\`data\` should be an object of metadata fields and a \`data\` list, got ${describe(data)}`);
    const { data: records, ...meta } = data;
    return { rows: recordList(records, "data.data"), meta, clashes: new Map() };
  }
  const entries = recordList(data, "data");
  const clashes = new Map<string, number>();
  const spread = (member: string, shape: (entry: JsonRecord, at: number, ownNames: ReadonlySet<string>) => EntryRow) => {
    const ownNames = new Set(entries.flatMap((entry) => flatNames(withoutMember(entry, member))));
    return entries.map((entry, at) => {
      const row = shape(entry, at, ownNames);
      for (const name of row.clashes) clashes.set(name, (clashes.get(name) ?? 0) + 1);
      return row.cells;
    });
  };
  switch (kind) {
    case "records":
      return { rows: entries, meta: {}, clashes };
    case "mergedEntries":
      return { rows: spread("data", mergeEntry), meta: {}, clashes };
    case "metricList":
      return { rows: spread("metrics", spreadMetricList), meta: {}, clashes };
    case "metricValues":
      return { rows: spread("data", spreadMetricValues), meta: {}, clashes };
  }
}

/** The column names a record flattens to, as a frame flattens it (`brand: {id}` is `brand_id`). */
const flatNames = (record: JsonRecord): string[] => Object.keys(flattenRecord(record));

function withoutMember(entry: JsonRecord, member: string): JsonRecord {
  const { [member]: _member, ...own } = entry;
  return own;
}

/**
 * An entry's row: its own fields, then the values spread from its scores or metrics, each under
 * its key, or `<prefix>_<key>` where it would flatten to a column of the entries' own fields (any
 * entry's: one key, one column). A name already set with another value is a clash: the spread
 * value (a repeated key: its later value) is kept and the name counted (a warning names it).
 */
class EntryRow {
  readonly cells: JsonRecord;
  readonly clashes = new Set<string>();
  readonly #ownNames: ReadonlySet<string>;
  readonly #prefix: string;

  constructor(own: JsonRecord, prefix: string, ownNames: ReadonlySet<string>) {
    this.#ownNames = ownNames;
    this.#prefix = prefix;
    this.cells = {};
    for (const [key, value] of Object.entries(own)) this.#set(key, value);
  }

  spread(key: string, value: unknown): void {
    const alone: JsonRecord = {};
    setField(alone, key, value);
    const meetsOwn = flatNames(alone).some((name) => this.#ownNames.has(name));
    this.#set(meetsOwn ? `${this.#prefix}_${key}` : key, value);
  }

  #set(name: string, value: unknown): void {
    if (Object.hasOwn(this.cells, name) && !sameCell(this.cells[name], value)) this.clashes.add(name);
    setField(this.cells, name, value);
  }
}

function recordList(value: unknown, where: string): JsonRecord[] {
  if (!Array.isArray(value)) throw new ToolShapeError(`\`${where}\` should be a list of records, got ${describe(value)}`);
  const bad = value.findIndex((item) => !isObject(item));
  if (bad >= 0) throw new ToolShapeError(`\`${where}[${bad}]\` should be a record, got ${describe(value[bad])}`);
  return value as JsonRecord[];
}

/** archetypes: the entry's own fields, then its `data` scores (a score named like a field: `data_<name>`). */
function mergeEntry(entry: JsonRecord, at: number, ownNames: ReadonlySet<string>): EntryRow {
  const { data, ...own } = entry;
  if (!isObject(data)) throw new ToolShapeError(`\`data[${at}].data\` should be an object of scores, got ${describe(data)}`);
  const row = new EntryRow(own, "data", ownNames);
  for (const [key, value] of Object.entries(data)) row.spread(key, value);
  return row;
}

/** commitment-funnel: `metrics: [{key, value}]` → one column per key (a key named like a field: `metrics_<key>`). */
function spreadMetricList(entry: JsonRecord, at: number, ownNames: ReadonlySet<string>): EntryRow {
  const { metrics, ...own } = entry;
  if (!Array.isArray(metrics))
    throw new ToolShapeError(`\`data[${at}].metrics\` should be a list of {key, value}, got ${describe(metrics)}`);
  const row = new EntryRow(own, "metrics", ownNames);
  metrics.forEach((metric, position) => {
    if (!isObject(metric) || typeof metric.key !== "string" || !("value" in metric)) {
      throw new ToolShapeError(`\`data[${at}].metrics[${position}]\` should be {key, value}, got ${describe(metric)}`);
    }
    row.spread(metric.key, metric.value);
  });
  return row;
}

/** love-plus: `data: {<metric>: {value, ...}}` → one column per metric holding its value. */
function spreadMetricValues(entry: JsonRecord, at: number, ownNames: ReadonlySet<string>): EntryRow {
  const { data, ...own } = entry;
  if (!isObject(data)) throw new ToolShapeError(`\`data[${at}].data\` should be an object of metrics, got ${describe(data)}`);
  const row = new EntryRow(own, "data", ownNames);
  for (const [key, metric] of Object.entries(data)) {
    if (!isObject(metric) || !("value" in metric)) {
      throw new ToolShapeError(`\`data[${at}].data.${key}\` should be an object with a \`value\`, got ${describe(metric)}`);
    }
    row.spread(key, metric.value);
  }
  return row;
}

function describe(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  return typeof value === "object" ? "an object" : `${typeof value} ${JSON.stringify(value).slice(0, 40)}`;
}
