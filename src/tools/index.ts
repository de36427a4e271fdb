export { ToolsClient, type ToolsHost } from "./toolsClient";
export { TOOLS, TOOL_BY_METHOD, TOOL_BY_SLUG, TOOLS_RESOURCE } from "./table";
export type { ToolSpec, ToolParam, ToolParamKind, ToolResponseKind, EitherOr, ToolMethod, ToolSlug } from "./table";
export type {
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
} from "./types";
