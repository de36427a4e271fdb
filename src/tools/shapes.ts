import type { JsonRecord } from "../table/types";
import type { ToolResponseKind } from "./table";

/** A tool's answer as rows (still to be flattened) and its metadata fields. */
export interface ShapedAnswer {
  rows: JsonRecord[];
  meta: Record<string, unknown>;
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
    return { rows: recordList(records, "data.data"), meta };
  }
  const entries = recordList(data, "data");
  switch (kind) {
    case "records":
      return { rows: entries, meta: {} };
    case "mergedEntries":
      return { rows: entries.map((entry, at) => mergeEntry(entry, at)), meta: {} };
    case "metricList":
      return { rows: entries.map((entry, at) => spreadMetricList(entry, at)), meta: {} };
    case "metricValues":
      return { rows: entries.map((entry, at) => spreadMetricValues(entry, at)), meta: {} };
  }
}

function recordList(value: unknown, where: string): JsonRecord[] {
  if (!Array.isArray(value)) throw new ToolShapeError(`\`${where}\` should be a list of records, got ${describe(value)}`);
  const bad = value.findIndex((item) => !isObject(item));
  if (bad >= 0) throw new ToolShapeError(`\`${where}[${bad}]\` should be a record, got ${describe(value[bad])}`);
  return value as JsonRecord[];
}

/** archetypes: the entry's own fields, then its `data` scores (a score named like a field: `data_<name>`). */
function mergeEntry(entry: JsonRecord, at: number): JsonRecord {
  const { data, ...own } = entry;
  if (!isObject(data)) throw new ToolShapeError(`\`data[${at}].data\` should be an object of scores, got ${describe(data)}`);
  const row: JsonRecord = { ...own };
  for (const [key, value] of Object.entries(data)) row[key in own ? `data_${key}` : key] = value;
  return row;
}

/** commitment-funnel: `metrics: [{key, value}]` → one column per key (a key named like a field: `metrics_<key>`). */
function spreadMetricList(entry: JsonRecord, at: number): JsonRecord {
  const { metrics, ...own } = entry;
  if (!Array.isArray(metrics))
    throw new ToolShapeError(`\`data[${at}].metrics\` should be a list of {key, value}, got ${describe(metrics)}`);
  const row: JsonRecord = { ...own };
  metrics.forEach((metric, position) => {
    if (!isObject(metric) || typeof metric.key !== "string" || metric.key === "" || !("value" in metric)) {
      throw new ToolShapeError(`\`data[${at}].metrics[${position}]\` should be {key, value}, got ${describe(metric)}`);
    }
    row[metric.key in own ? `metrics_${metric.key}` : metric.key] = metric.value;
  });
  return row;
}

/** love-plus: `data: {<metric>: {value, ...}}` → one column per metric holding its value. */
function spreadMetricValues(entry: JsonRecord, at: number): JsonRecord {
  const { data, ...own } = entry;
  if (!isObject(data)) throw new ToolShapeError(`\`data[${at}].data\` should be an object of metrics, got ${describe(data)}`);
  const row: JsonRecord = { ...own };
  for (const [key, metric] of Object.entries(data)) {
    if (!isObject(metric) || !("value" in metric)) {
      throw new ToolShapeError(`\`data[${at}].data.${key}\` should be an object with a \`value\`, got ${describe(metric)}`);
    }
    row[key in own ? `data_${key}` : key] = metric.value;
  }
  return row;
}

function describe(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  return typeof value === "object" ? "an object" : `${typeof value} ${JSON.stringify(value).slice(0, 40)}`;
}
