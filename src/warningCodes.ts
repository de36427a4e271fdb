import { CACHE_NOT_WRITTEN_WARNING } from "./cache/responseCache";
import { INCONSISTENT_PAGES_WARNING } from "./pull/pageChecks";
import { PARTIAL_RESULT_WARNING, UNKNOWN_FIELD_WARNING, UNMATCHED_METRIC_KEYS_WARNING } from "./pull/pullWarnings";
import { UNPLACED_SCORE_COLUMNS_WARNING } from "./scores/longScores";
import { FIELD_CLASH_WARNING } from "./table/fieldClashes";
import { DROPPED_ZERO_WARNING, SLOW_FILTER_WARNING, UNKNOWN_FILTER_WARNING } from "./params/filterChecks";
import {
  COLUMN_TYPE_CHANGED_CODE,
  COLUMNS_LEFT_OUT_CODE,
  EXCEL_NUMBER_RANGE_CODE,
  EXCEL_TEXT_CUT_CODE,
  INFINITE_NUMBER_CODE,
  LONE_SURROGATE_WARNING,
  TIMESTAMP_TO_UTC_CODE,
} from "./export/columnCounts";

/** The codes of the warnings fountframe emits through `process.emitWarning`, one name for all. */
export const WARNING_CODES = Object.freeze({
  partialResult: PARTIAL_RESULT_WARNING,
  inconsistentPages: INCONSISTENT_PAGES_WARNING,
  unmatchedMetricKeys: UNMATCHED_METRIC_KEYS_WARNING,
  unknownFilter: UNKNOWN_FILTER_WARNING,
  unknownField: UNKNOWN_FIELD_WARNING,
  fieldClash: FIELD_CLASH_WARNING,
  slowFilter: SLOW_FILTER_WARNING,
  droppedZero: DROPPED_ZERO_WARNING,
  unplacedScoreColumns: UNPLACED_SCORE_COLUMNS_WARNING,
  cacheNotWritten: CACHE_NOT_WRITTEN_WARNING,
  // the writers' and the store's: a cell the format cannot hold as the frame does, named with what changed
  columnsLeftOut: COLUMNS_LEFT_OUT_CODE,
  columnTypeChanged: COLUMN_TYPE_CHANGED_CODE,
  excelTextCut: EXCEL_TEXT_CUT_CODE,
  excelNumberRange: EXCEL_NUMBER_RANGE_CODE,
  infiniteNumber: INFINITE_NUMBER_CODE,
  loneSurrogate: LONE_SURROGATE_WARNING.code,
  timestampToUtc: TIMESTAMP_TO_UTC_CODE,
});

export type WarningCode = (typeof WARNING_CODES)[keyof typeof WARNING_CODES];
