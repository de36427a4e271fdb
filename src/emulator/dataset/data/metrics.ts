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
  { key: "equity", name: "Brand Equity", active: true, public: true },
  { key: "base_sizes", name: "Base Sizes", active: true, public: true },
];

export type MetricKind = "core" | "imagery" | "legacy" | "custom";

/**
 * The score types of brandscape-data (its page): each a brand-metrics flag and the column
 * suffixes it stands for. A metric's columns are its key with the suffixes of its score types,
 * in this order.
 */
export const SCORE_TYPES = [
  { flag: "has_value_score", suffixes: [""] },
  { flag: "has_construct_score", suffixes: ["_c"] },
  { flag: "has_percentile_rank_score", suffixes: ["_rank"] },
  { flag: "has_percentage_score", suffixes: ["_pct"] },
  { flag: "has_index_score", suffixes: ["_brandscape_index", "_category_index"] },
] as const;

export type ScoreFlag = (typeof SCORE_TYPES)[number]["flag"];
export type ScoreSuffix = (typeof SCORE_TYPES)[number]["suffixes"][number];

export interface MetricRow {
  readonly key: string;
  readonly groupKey: string;
  readonly kind: MetricKind;
  readonly scores: ReadonlySet<ScoreFlag>;
  /** the docs: usage, preference and recommendation differ by category; every other score is the brand's */
  readonly categorySpecific: boolean;
}

/** Score sets by group, so that not every metric has every score type (as the docs warn). */
const CONSTRUCT_RANK: ScoreFlag[] = ["has_construct_score", "has_percentile_rank_score"];
const GROUP_SCORES: Readonly<Record<string, readonly ScoreFlag[]>> = {
  pillars: CONSTRUCT_RANK, // the docs' example: differentiation_c, differentiation_rank
  power_grid: [...CONSTRUCT_RANK, "has_index_score"],
  funnel: ["has_percentile_rank_score", "has_percentage_score", "has_index_score"],
  imagery: ["has_construct_score", "has_percentile_rank_score", "has_percentage_score", "has_index_score"],
  legacy: CONSTRUCT_RANK,
  custom: [...CONSTRUCT_RANK, "has_percentage_score"],
  equity: [...CONSTRUCT_RANK, "has_percentage_score", "has_index_score"],
  base_sizes: ["has_value_score"],
};

const CATEGORY_SPECIFIC = new Set(["regular_usage", "trial", "preference", "recommendation"]);

const inGroup = (groupKey: string, kind: MetricKind, keys: string): MetricRow[] =>
  keys
    .trim()
    .split(/\s+/)
    .map((key) => ({ key, groupKey, kind, scores: new Set(GROUP_SCORES[groupKey]), categorySpecific: CATEGORY_SPECIFIC.has(key) }));

/** 78 metrics, 338 metric columns; with the 10 metadata columns 348 wide (the docs: "≈ 350 fields"). */
export const METRIC_ROWS: readonly MetricRow[] = [
  ...inGroup("pillars", "core", "differentiation relevance esteem knowledge energy"),
  ...inGroup("power_grid", "core", "brand_strength brand_stature"),
  ...inGroup("funnel", "core", "familiarity consideration trial regular_usage preference recommendation loyalty"),
  ...inGroup(
    "imagery",
    "imagery",
    `
    arrogant authentic best_brand carefree caring charming cutting_edge daring different distinctive
    down_to_earth dynamic energetic friendly fun gaining_in_popularity glamorous good_value healthy
    helpful high_performance high_quality independent innovative intelligent kind leader obliging
    original prestigious progressive reliable restrained rugged sensuous simple socially_responsible
    straightforward stylish traditional trendy trustworthy unapproachable unique up_to_date
    upper_class visionary`,
  ),
  ...inGroup("legacy", "legacy", "energized_differentiation brand_vitality"),
  ...inGroup("custom", "custom", "purpose_index sustainability_score client_affinity"),
  ...inGroup("equity", "core", "meaningful_difference momentum brand_love worth_more salience advocacy brand_trust brand_asset"),
  ...inGroup("base_sizes", "core", "total_base aware_base familiar_base user_base"),
];

/** A metric's brandscape-data columns (brand-metrics `brandscape_data_columns`). */
export const metricColumnNames = (metric: MetricRow): string[] =>
  SCORE_TYPES.filter((type) => metric.scores.has(type.flag)).flatMap((type) => type.suffixes.map((suffix) => metric.key + suffix));

/** "best_brand" → "Best Brand" */
export const metricTitle = (key: string): string =>
  key
    .split("_")
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join(" ");
