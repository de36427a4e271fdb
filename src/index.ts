// The public surface, chosen name by name (100 names): what API.md, the README and docs/api-surface.md
// document. Everything else in src/ is internal and may change; tests/unit/publicSurface.test.ts
// pins this list. Per-method and per-tool types are reached through one generic each
// (`EndpointOptions<"brands">`, `FiltersOf<"brands">`, `RecordOf<"brands">`, `ToolOptions<"swot">`).

// The client, its options, and the one-off functions (token first, one call, closed after)
export { Client, type EndpointMethods } from "./client/client";
export type { ClientOptions, ClientInit } from "./client/options";
export type { OneOffOptions } from "./client/oneOff";
export {
  audienceGroups,
  audiences,
  brandMetricGroups,
  brandMetrics,
  brands,
  brandscapeData,
  categories,
  cities,
  collections,
  companies,
  countries,
  regions,
  sectors,
  studies,
  years,
  rawQuery,
} from "./client/oneOff";
export { VERSION } from "./version";

// What a call asks for: the query, the method and resource names, each method's options and filters
export { Query, type QueryInit, type QueryJSON, type FilterValue } from "./query/query";
export type { MethodName, ResourceName } from "./endpoints/table";
export type { EndpointOptions, FiltersOf, IncludeOf } from "./params/types";

// What comes back: the frames every method returns (`import type { DataFrame } from "fountframe"`),
// the records of pages(), rawPages() and rawQuery() as the service documents them, and the pages
export type { DataFrame, Series } from "danfojs-node";
export type { RecordOf, RecordOfEndpoint, PageOf, WireRecord, NamedRecord, DocumentedRecord } from "./client/records";
export type { JsonRecord, ShapeOptions } from "./table/types";
export type { RecordPage } from "./pull/envelope";

// Pages or records into frames, and a frame's column as plain values
export { recordsToFrame, FrameBuilder } from "./rows/rowShape";
export { columnValues } from "./frame/columnValues";

// A brandscape frame's score columns as rows (metric, score type, value), mapped by brand-metrics;
// its options' type is `Parameters<typeof longScores>[1]` (the surface stays at 100 names)
export { longScores } from "./scores/longScores";

// Failures: every error extends FountError; the warnings' codes (process.emitWarning)
export {
  FountError,
  ValueError,
  ValidationError,
  APIError,
  DataNotFoundError,
  RateLimitExceededError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  UnprocessableEntityError,
  ServerError,
  APIConnectionError,
  APITimeoutError,
  ClientClosedError,
  InconsistentPagesError,
} from "./errors";
export { WARNING_CODES, type WarningCode } from "./warningCodes";

// Writers: a frame, records or a pull's pages to a file or stream
export { writeCSV, writeExcel, writeJSON, writeNDJSON, writeParquet, writeArrow, ExportError } from "./export";
export type {
  ExportSource,
  ExportTarget,
  ExportOptions,
  CsvOptions,
  ExcelOptions,
  JsonOptions,
  ColumnarOptions,
  ColumnType,
  ExportSummary,
} from "./export";

// Display in notebooks: tables and charts
export { show, showHtml, styledTable, frameToRecords, barChart, scatterChart, lineChart, showChart, renderSvg } from "./display";
export type { ShowOptions, StyledTableOptions, BarChartOptions, ScatterChartOptions, LineChartOptions, ShowChartOptions } from "./display";

// The service's analysis tools (client.tools; the tool table itself stays internal)
export type { ToolsClient, ToolMethod, ToolOptions, ToolResult } from "./tools";

// client.sync's options and report (openStore and the store are fountframe/store's)
export type { SyncOptions, SyncReport } from "./sync/types";
