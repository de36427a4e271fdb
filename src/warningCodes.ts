import { INCONSISTENT_PAGES_WARNING } from "./pull/pageChecks";
import { PARTIAL_RESULT_WARNING, UNKNOWN_FIELD_WARNING, UNMATCHED_METRIC_KEYS_WARNING } from "./pull/pullWarnings";
import { UNPLACED_SCORE_COLUMNS_WARNING } from "./scores/longScores";
import { SLOW_FILTER_WARNING, UNKNOWN_FILTER_WARNING } from "./params/filterChecks";

/** The codes of the warnings fountframe emits through `process.emitWarning`, one name for all. */
export const WARNING_CODES = Object.freeze({
  partialResult: PARTIAL_RESULT_WARNING,
  inconsistentPages: INCONSISTENT_PAGES_WARNING,
  unmatchedMetricKeys: UNMATCHED_METRIC_KEYS_WARNING,
  unknownFilter: UNKNOWN_FILTER_WARNING,
  unknownField: UNKNOWN_FIELD_WARNING,
  slowFilter: SLOW_FILTER_WARNING,
  unplacedScoreColumns: UNPLACED_SCORE_COLUMNS_WARNING,
});

export type WarningCode = (typeof WARNING_CODES)[keyof typeof WARNING_CODES];
