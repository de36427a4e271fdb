// The public surface, chosen name by name: what API.md and the README document. Everything else in
// src/ is internal and may change; tests/unit/publicSurface.test.ts pins this list.
export type {
  RecordOf,
  RecordOfEndpoint,
  RecordsByMethod,
  PageOf,
  WireRecord,
  WireFlag,
  NamedRecord,
  DocumentedRecord,
  DocumentedRoute,
} from "./client/records";
// the frames every method returns, for `import type { DataFrame } from "fountframe"`
export type { DataFrame, Series } from "danfojs-node";
export { Client, type EndpointMethods, type ClientOptions, type ClientInit, type OnErrors, type OneOffOptions } from "./client";
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
} from "./client";
export { Query, type QueryInit, type QueryJSON, type FilterValue } from "./query";
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
export type { MethodName, ResourceName } from "./endpoints/table";
export {
  PARTIAL_RESULT_WARNING,
  INCONSISTENT_PAGES_WARNING,
  UNMATCHED_METRIC_KEYS_WARNING,
  UNKNOWN_FIELD_WARNING,
  type RecordPage,
} from "./pages";
export { recordsToFrame, FrameBuilder } from "./rows";
export { columnValues } from "./frame";
export type { JsonRecord, ShapeOptions } from "./records";
export { UNKNOWN_FILTER_WARNING } from "./params/unknownFilters";
export { SLOW_FILTER_WARNING } from "./params/brandscapeRule";
export type {
  EndpointOptions,
  FiltersOf,
  IncludeOf,
  OptionsByMethod,
  FiltersByMethod,
  AudienceGroupsOptions,
  AudiencesOptions,
  BrandMetricGroupsOptions,
  BrandMetricsOptions,
  BrandsOptions,
  BrandscapeDataOptions,
  CategoriesOptions,
  CitiesOptions,
  CollectionsOptions,
  CompaniesOptions,
  CountriesOptions,
  RegionsOptions,
  SectorsOptions,
  StudiesOptions,
  YearsOptions,
  AudienceGroupsFilters,
  AudiencesFilters,
  BrandMetricGroupsFilters,
  BrandMetricsFilters,
  BrandsFilters,
  BrandscapeDataFilters,
  CategoriesFilters,
  CitiesFilters,
  CollectionsFilters,
  CompaniesFilters,
  CountriesFilters,
  RegionsFilters,
  SectorsFilters,
  StudiesFilters,
  YearsFilters,
} from "./params/types";
export { VERSION } from "./version";
export type { SyncOptions, SyncReport } from "./sync";
export { writeCSV, writeExcel, writeJSON, writeNDJSON, writeParquet, writeArrow, ExportError } from "./export";
export type {
  ExportSource,
  ExportTarget,
  ExportFormat,
  ExportOptions,
  CsvOptions,
  ExcelOptions,
  JsonOptions,
  ColumnarOptions,
  ColumnType,
  ExportSummary,
  RecordPageLike,
} from "./export";
export { show, showHtml, styledTable, frameToRecords, barChart, scatterChart, lineChart, showChart, renderSvg } from "./display";
export type {
  ShowOptions,
  StyledTableOptions,
  ColumnScale,
  FrameLike,
  ChartOptions,
  BarChartOptions,
  ScatterChartOptions,
  LineChartOptions,
  ShowChartOptions,
} from "./display";
// the service's analysis tools (client.tools; the tool table itself stays internal)
export type {
  ToolsClient,
  ToolMethod,
  ToolSlug,
  ToolId,
  ToolValue,
  ToolOptions,
  ToolResult,
  ToolMethods,
  ArchetypesOptions,
  BrandPersonalityMatchOptions,
  BrandVulnerabilityMapOptions,
  BrandWorthMapOptions,
  CategoryWorthMapOptions,
  CommitmentFunnelOptions,
  CostOfEntryOptions,
  LovePlusOptions,
  PartnershipExchangeMapOptions,
  SwotOptions,
  ToplistMarketOptions,
} from "./tools";
