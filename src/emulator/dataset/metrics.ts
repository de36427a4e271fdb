import { Rng } from "../prng";
import { METRIC_GROUP_ROWS, METRIC_ROWS, metricTitle } from "./data/metrics";
import { stamps } from "./timestamps";
import type { MetricGroupRecord, MetricRecord } from "./types";

export function buildMetricGroups(seed: number): MetricGroupRecord[] {
  const rng = new Rng(seed + 61);
  return METRIC_GROUP_ROWS.map((row, index) => ({
    id: index + 1,
    key: row.key,
    name: row.name,
    active: row.active ? 1 : 0,
    public: row.public ? 1 : 0,
    position: index + 1,
    ...stamps(rng),
  }));
}

export function buildMetrics(seed: number, groups: readonly MetricGroupRecord[]): MetricRecord[] {
  const rng = new Rng(seed + 62);
  const groupByKey = new Map(groups.map((group) => [group.key, group]));
  return METRIC_ROWS.map((row, index) => {
    const group = groupByKey.get(row.groupKey)!;
    return {
      id: index + 1,
      key: row.key,
      name: metricTitle(row.key),
      brand_metric_group_id: group.id,
      active: row.kind === "legacy" ? 0 : 1,
      public: row.kind === "custom" ? 0 : 1,
      current: row.kind === "legacy" ? 0 : 1,
      legacy: row.kind === "legacy" ? 1 : 0,
      core: row.kind === "core" ? 1 : 0,
      custom: row.kind === "custom" ? 1 : 0,
      position: index + 1,
      ...stamps(rng),
    };
  });
}
