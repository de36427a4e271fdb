export interface MetricGroupRow {
  readonly key: string;
  readonly name: string;
  readonly active: boolean;
  readonly public: boolean;
}

export const METRIC_GROUP_ROWS: readonly MetricGroupRow[] = [
  { key: "pillars", name: "Brand Pillars", active: true, public: true },
  { key: "power_grid", name: "Power Grid", active: true, public: true },
  { key: "funnel", name: "Brand Funnel", active: true, public: true },
  { key: "imagery", name: "Image Attributes", active: true, public: true },
  { key: "legacy", name: "Legacy Metrics", active: false, public: true },
  { key: "custom", name: "Custom Metrics", active: true, public: false },
];

export type MetricKind = "core" | "imagery" | "legacy" | "custom";

export interface MetricRow {
  readonly key: string;
  readonly groupKey: string;
  readonly kind: MetricKind;
}

const inGroup = (groupKey: string, kind: MetricKind, keys: string): MetricRow[] =>
  keys
    .trim()
    .split(/\s+/)
    .map((key) => ({ key, groupKey, kind }));

/** 57 metrics × 6 suffixes + 7 ids = 349 brandscape columns. */
export const METRIC_ROWS: readonly MetricRow[] = [
  ...inGroup("pillars", "core", "differentiation relevance esteem knowledge energy"),
  ...inGroup("power_grid", "core", "brand_strength brand_stature"),
  ...inGroup("funnel", "core", "familiarity consideration trial regular_usage preference recommendation loyalty"),
  ...inGroup(
    "imagery",
    "imagery",
    `
    arrogant authentic best_brand carefree caring charming daring different distinctive
    down_to_earth dynamic friendly fun gaining_in_popularity good_value helpful high_performance
    high_quality innovative intelligent kind leader original prestigious progressive reliable
    rugged sensuous simple socially_responsible straightforward stylish traditional trendy
    trustworthy unique upper_class visionary`,
  ),
  ...inGroup("legacy", "legacy", "energized_differentiation brand_vitality"),
  ...inGroup("custom", "custom", "purpose_index sustainability_score client_affinity"),
];

/** A metric's brandscape-data columns are its key with each of these suffixes. */
export const SCORE_SUFFIXES = ["", "_c", "_rank", "_pct", "_brandscape_index", "_category_index"] as const;

/** "best_brand" → "Best Brand" */
export const metricTitle = (key: string): string =>
  key
    .split("_")
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join(" ");
