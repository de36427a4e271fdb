export { Client, type EndpointMethods, type ClientOptions, type ClientInit, type OnErrors, type OneOffOptions } from "./client";
export {
  audienceGroups, audiences, brandMetricGroups, brandMetrics, brands, brandscapeData, categories, cities,
  collections, companies, countries, regions, sectors, studies, years, rawQuery,
} from "./client";
export { Query, MAX_PER_PAGE, type QueryInit, type QueryJSON, type FilterValue } from "./query";
export {
  FountError, ValueError, ValidationError, APIError, DataNotFoundError, RateLimitExceededError, ClientClosedError,
  InconsistentPagesError,
} from "./errors";
export { ENDPOINTS, type EndpointSpec, type MethodName, type ResourceName } from "./endpoints/table";
export { PARTIAL_RESULT_WARNING, INCONSISTENT_PAGES_WARNING, UNMATCHED_METRIC_KEYS_WARNING, type RecordPage } from "./pages";
export { flattenRecords, toColumnTable, tableToFrame, recordsToFrame, FrameBuilder, type JsonRecord, type ShapeOptions } from "./frame";
export * from "./params/types";
export { VERSION } from "./version";
export * from "./export";
export * from "./display";
// the service's analysis tools (issue 15)
export {
  TOOLS, type ToolsClient, type ToolSpec, type ToolParam, type ToolParamKind, type ToolResponseKind, type EitherOr,
  type ToolMethod, type ToolSlug, type ToolId, type ToolValue, type ToolOptions, type ToolResult, type ToolMethods,
  type ArchetypesOptions, type BrandPersonalityMatchOptions, type BrandVulnerabilityMapOptions, type BrandWorthMapOptions,
  type CategoryWorthMapOptions, type CommitmentFunnelOptions, type CostOfEntryOptions, type LovePlusOptions,
  type PartnershipExchangeMapOptions, type SwotOptions, type ToplistMarketOptions,
} from "./tools";
