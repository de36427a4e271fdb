import type { JsonRecord } from "../table/types";
import { SCORE_TYPE_FLAG, SCORE_TYPE_SUFFIX, scoreTypesEnding, type ScoreType } from "./scoreTypes";

/** What one brandscape-data column holds: which metric, which of its scores. */
export interface ScoreColumn {
  readonly column: string;
  /** the brand-metric key (`metricKeys`' name for it) */
  readonly metric: string;
  /** the brand-metric record's name */
  readonly metricName: string;
  readonly scoreType: ScoreType;
}

/** Every score column the service's brand-metrics records list, by column name. */
export type ScoreColumnMap = ReadonlyMap<string, ScoreColumn>;

/**
 * A metric's key and its columns' score types, read from its `brandscape_data_columns`: the stem
 * that every listed column extends by the documented suffix of one score type, each type once. The
 * record's `has_*` flags, where it sends them, rule out types it says it lacks. Undefined when no
 * stem explains every column (the record is then left out of the map).
 */
export function metricColumns(record: JsonRecord): ScoreColumn[] | undefined {
  const columns = record.brandscape_data_columns;
  if (!Array.isArray(columns) || columns.length === 0 || !columns.every((column) => typeof column === "string")) return undefined;
  const metricName = typeof record.name === "string" ? record.name : "";
  const allowed = (type: ScoreType) => record[SCORE_TYPE_FLAG[type]] !== false;
  // candidate stems from the first column, a suffixed reading before the bare value reading
  const first = columns[0] as string;
  const stems = [...scoreTypesEnding(first).map((type) => first.slice(0, first.length - SCORE_TYPE_SUFFIX[type].length))];
  for (const stem of stems) {
    const placed = (columns as string[]).map((column) => {
      if (!column.startsWith(stem)) return undefined;
      const suffix = column.slice(stem.length);
      return scoreTypesEnding(column).find((type) => SCORE_TYPE_SUFFIX[type] === suffix && allowed(type));
    });
    if (placed.every((type) => type !== undefined) && new Set(placed).size === placed.length) {
      return (columns as string[]).map((column, index) => ({ column, metric: stem, metricName, scoreType: placed[index]! }));
    }
  }
  return undefined;
}

/** The map of every column the records place; a column two records claim keeps the first. */
export function scoreColumnMap(records: readonly JsonRecord[]): ScoreColumnMap {
  const map = new Map<string, ScoreColumn>();
  for (const record of records) {
    for (const score of metricColumns(record) ?? []) if (!map.has(score.column)) map.set(score.column, score);
  }
  return map;
}
