import { Rng } from "../prng";
import { METRIC_GROUP_ROWS, METRIC_ROWS, metricColumnNames, metricTitle } from "./data/metrics";
import { stamps } from "./timestamps";
import type { MetricGroupRecord, MetricRecord } from "./types";

export interface MetricGroupTables {
  metricGroups: MetricGroupRecord[];
  activeMetricGroups: Set<number>;
}

export function buildMetricGroups(seed: number): MetricGroupTables {
  const rng = new Rng(seed + 61);
  const activeMetricGroups = new Set<number>();
  const metricGroups = METRIC_GROUP_ROWS.map((row, index): MetricGroupRecord => {
    const id = index + 1;
    if (row.active) activeMetricGroups.add(id);
    return {
      id,
      name: row.name,
      key: row.key,
      description: `The ${row.name.toLowerCase()} metrics.`,
      is_public: row.public,
      ...stamps(rng),
    };
  });
  return { metricGroups, activeMetricGroups };
}

export interface MetricTables {
  metrics: MetricRecord[];
  metricGroup: Map<number, number>;
  metricKey: Map<number, string>;
  customMetrics: Set<number>;
}

export function buildMetrics(seed: number, groups: readonly MetricGroupRecord[]): MetricTables {
  const rng = new Rng(seed + 62);
  const groupByKey = new Map(groups.map((group) => [group.key, group]));
  const metricGroup = new Map<number, number>();
  const metricKey = new Map<number, string>();
  const customMetrics = new Set<number>();
  const metrics = METRIC_ROWS.map((row, index): MetricRecord => {
    const id = index + 1;
    metricGroup.set(id, groupByKey.get(row.groupKey)!.id);
    metricKey.set(id, row.key);
    if (row.kind === "custom") customMetrics.add(id);
    const legacy = row.kind === "legacy";
    return {
      id,
      name: metricTitle(row.key),
      description: `${metricTitle(row.key)}, as measured by the BAV survey.`,
      is_active: !legacy,
      is_public: row.kind !== "custom",
      is_core: row.kind === "core",
      is_legacy: legacy,
      // the flags and the column list say the same: brandscape-data serves exactly these columns
      // (a legacy metric keeps its columns, null in every row)
      has_construct_score: row.scores.has("has_construct_score"),
      has_percentile_rank_score: row.scores.has("has_percentile_rank_score"),
      has_percentage_score: row.scores.has("has_percentage_score"),
      has_value_score: row.scores.has("has_value_score"),
      has_index_score: row.scores.has("has_index_score"),
      brandscape_data_columns: metricColumnNames(row),
      ...stamps(rng),
    };
  });
  return { metrics, metricGroup, metricKey, customMetrics };
}
