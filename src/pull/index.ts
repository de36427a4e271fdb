export { Pull } from "./pull";
export { PullParts, type PullOptions } from "./parts";
export { recordsOf, recordCount, type PageBody, type RecordPage, type PulledPage, type PageFailure } from "./envelope";
export { INCONSISTENT_PAGES_WARNING } from "./pageChecks";
export { PARTIAL_RESULT_WARNING, UNMATCHED_METRIC_KEYS_WARNING, UNKNOWN_FIELD_WARNING } from "./pullWarnings";
export { markResumable, resumableOf, type PullIdentity, type ResumablePull } from "./resumablePull";
