export {
  fetchFirstPage,
  streamPages,
  type RecordPage,
  type PulledPage,
  type PageFailure,
  type PullSettings,
  type FirstPage,
} from "./pagePull";
export { INCONSISTENT_PAGES_WARNING } from "./pageConsistency";
export { warnPullEnd, PARTIAL_RESULT_WARNING } from "./partialWarning";
export { readEnvelope } from "./envelope";
export { UNMATCHED_METRIC_KEYS_WARNING, warnUnmatchedMetricKeys } from "./metricKeysCheck";
export { UNKNOWN_FIELD_WARNING, warnUnknownFields } from "./unknownFieldsCheck";
export { DecodedPage, recordsOf, recordCount, type PageBody } from "./pageBody";
export { markResumable, resumableOf, type PullIdentity, type ResumablePull } from "./resumablePull";
