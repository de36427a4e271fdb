/**
 * The score types of brandscape data, as the service's brandscape-data page documents them: the
 * brand-metrics flag that says a metric has the type, and the suffix its column carries.
 */
export const SCORE_TYPES = ["construct", "percentile_rank", "percentage", "value", "brandscape_index", "category_index"] as const;
export type ScoreType = (typeof SCORE_TYPES)[number];

export const SCORE_TYPE_SUFFIX: Readonly<Record<ScoreType, string>> = {
  construct: "_c",
  percentile_rank: "_rank",
  percentage: "_pct",
  value: "",
  brandscape_index: "_brandscape_index",
  category_index: "_category_index",
};

export const SCORE_TYPE_FLAG: Readonly<Record<ScoreType, string>> = {
  construct: "has_construct_score",
  percentile_rank: "has_percentile_rank_score",
  percentage: "has_percentage_score",
  value: "has_value_score",
  brandscape_index: "has_index_score",
  category_index: "has_index_score",
};

/** The score types whose suffix ends `column`, longest suffix first (`_brandscape_index` before a bare value). */
export function scoreTypesEnding(column: string): ScoreType[] {
  return SCORE_TYPES.filter((type) => column.endsWith(SCORE_TYPE_SUFFIX[type]) && column.length > SCORE_TYPE_SUFFIX[type].length).sort(
    (a, b) => SCORE_TYPE_SUFFIX[b].length - SCORE_TYPE_SUFFIX[a].length,
  );
}
