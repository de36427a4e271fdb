export { fetchFirstPage, streamPages, type RecordPage, type PageFailure, type PullSettings } from "./pagePull";
export { warnSkippedPages, PARTIAL_RESULT_WARNING } from "./partialWarning";
export { readEnvelope } from "./envelope";
