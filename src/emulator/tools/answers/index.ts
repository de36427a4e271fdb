import type { ToolAnswer } from "./common";
import { costOfEntry, partnershipExchangeMap, swot } from "./comparisons";
import { archetypes, commitmentFunnel, lovePlus } from "./entries";
import { brandVulnerabilityMap, brandWorthMap, categoryWorthMap } from "./positions";
import { brandPersonalityMatch, toplistMarket } from "./rankings";

export type { ToolAnswer } from "./common";

/** Each tool's answer by slug (catalogue.ts lists the same slugs). */
export const TOOL_ANSWERS: Readonly<Record<string, ToolAnswer>> = {
  archetypes: archetypes,
  "brand-personality-match": brandPersonalityMatch,
  "brand-vulnerability-map": brandVulnerabilityMap,
  "brand-worth-map": brandWorthMap,
  "category-worth-map": categoryWorthMap,
  "commitment-funnel": commitmentFunnel,
  "cost-of-entry": costOfEntry,
  "love-plus": lovePlus,
  "partnership-exchange-map": partnershipExchangeMap,
  swot: swot,
  "toplist-market": toplistMarket,
};
