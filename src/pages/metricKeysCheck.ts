import type { JsonRecord } from "../records";

export const UNMATCHED_METRIC_KEYS_WARNING = "FOUNTFRAME_UNMATCHED_METRIC_KEYS";

/** A metric key's columns: the key itself and its suffixed forms (`differentiation_rank`, ...). */
const matches = (key: string, column: string): boolean => column === key || column.startsWith(`${key}_`);

/**
 * The metric keys that matched no column of the first page. The service answers an unknown key
 * with no metric columns at all, not an error, so a typo (`brand_strenght`) would pass unseen.
 */
export function unmatchedMetricKeys(metricKeys: readonly string[] | undefined, records: readonly JsonRecord[]): string[] {
  if (!metricKeys?.length || !records.length) return [];
  const columns = new Set<string>();
  for (const record of records.slice(0, 10)) for (const key in record) columns.add(key);
  return metricKeys.filter((key) => ![...columns].some((column) => matches(key, column)));
}

/** One warning naming the metric keys that matched nothing; whether there was one. */
export function warnUnmatchedMetricKeys(
  endpoint: string,
  metricKeys: readonly string[] | undefined,
  records: readonly JsonRecord[],
): boolean {
  const unmatched = unmatchedMetricKeys(metricKeys, records);
  if (!unmatched.length) return false;
  process.emitWarning(
    `${endpoint}: metricKeys ${unmatched.map((key) => JSON.stringify(key)).join(", ")} matched no column; the result has no columns for ${unmatched.length === 1 ? "it" : "them"}. Check the spelling against client.brandMetrics().`,
    { code: UNMATCHED_METRIC_KEYS_WARNING },
  );
  return true;
}
