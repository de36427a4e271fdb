/**
 * The service's eleven analysis tools (shared/TOOLS.md), one row each: methods, option types,
 * validation, the CLI and the docs all come from this table. Rows marked (assumed) follow what
 * TOOLS.md marks as not shown by the service's documentation or the Python SDK.
 */

import { toSnakeCase } from "../endpoints/table";

/**
 * How a parameter's value is given and sent:
 * - `ids`: one positive integer id or a list of them, sent comma-joined;
 * - `id`: exactly one positive integer id;
 * - `keys`: one string key or a list of them, sent comma-joined;
 * - `text`: one string.
 */
export type ToolParamKind = "ids" | "id" | "keys" | "text";

export interface ToolParam {
  /** the option's name, camelCase */
  readonly name: string;
  /** the query parameter's name on the wire */
  readonly wire: string;
  readonly kind: ToolParamKind;
  readonly required: boolean;
}

/**
 * Two parameters of which at most one may be given; with `required`, exactly one.
 */
export interface EitherOr {
  readonly names: readonly [string, string];
  readonly required: boolean;
}

/**
 * How the response's `data` becomes rows:
 * - `records`: a list of flat records, one row each;
 * - `mergedEntries`: a list of entries, each row the entry's fields merged with its `data` object;
 * - `metricList`: a list of entries with `metrics: [{key, value}]`: one column per metric key;
 * - `metricValues`: a list of entries with `data: {<metric>: {value, ...}}`: one column per metric's value;
 * - `document`: an object of metadata fields (the `meta`) plus `data`, a list of records.
 */
export type ToolResponseKind = "records" | "mergedEntries" | "metricList" | "metricValues" | "document";

export interface ToolSpec {
  readonly slug: string;
  /** the method on `client.tools` */
  readonly method: string;
  readonly summary: string;
  readonly params: readonly ToolParam[];
  readonly eitherOr: readonly EitherOr[];
  readonly response: ToolResponseKind;
}

function param<N extends string, K extends ToolParamKind, R extends boolean>(
  name: N,
  kind: K,
  required: R,
  wire: string = toSnakeCase(name),
) {
  return { name, wire, kind, required } as const;
}
const ids = <N extends string, R extends boolean = false>(name: N, required?: R) => param(name, "ids", (required ?? false) as R);
const id = <N extends string, R extends boolean = false>(name: N, required?: R) => param(name, "id", (required ?? false) as R);

/** The comparison set of archetypes, cost-of-entry and swot. */
const comparisonSet = [ids("categories"), ids("collections")] as const;
const COMPARISON_NAME = param("comparisonName", "text", false, "comparisonName");
const brandStudyAudience = [ids("brands", true), ids("studies", true), ids("audiences")] as const;

export const TOOLS = [
  {
    slug: "archetypes",
    method: "archetypes",
    summary: "archetype scores of brands in a study, against a comparison set",
    params: [ids("studies", true), ids("brands"), ids("audiences"), ...comparisonSet],
    eitherOr: [{ names: ["categories", "collections"], required: false }],
    response: "mergedEntries",
  },
  {
    slug: "brand-personality-match",
    method: "brandPersonalityMatch",
    summary: "how well one brand matches each personality type",
    // the service takes a single id here, in list form (API.md)
    params: [id("brands", true), id("studies", true), id("audiences")],
    eitherOr: [],
    response: "records",
  },
  {
    slug: "brand-vulnerability-map",
    method: "brandVulnerabilityMap",
    summary: "one brand's vulnerability in each of its studies",
    params: [id("brand", true)],
    eitherOr: [],
    response: "records",
  },
  {
    slug: "brand-worth-map",
    method: "brandWorthMap",
    summary: "brands placed by brand stature and brand strength",
    params: brandStudyAudience,
    eitherOr: [],
    response: "document",
  },
  {
    slug: "category-worth-map",
    method: "categoryWorthMap",
    summary: "categories placed by their brands' average stature and strength",
    params: [ids("categories", true), ids("studies", true), ids("audiences")],
    eitherOr: [],
    response: "document", // (assumed) as brand-worth-map
  },
  {
    slug: "commitment-funnel",
    method: "commitmentFunnel",
    summary: "the share of people at each stage from familiarity to loyalty",
    params: brandStudyAudience,
    eitherOr: [],
    response: "metricList",
  },
  {
    slug: "cost-of-entry",
    method: "costOfEntry",
    summary: "how far one brand is from the average of a comparison set, metric by metric",
    params: [id("brand", true), id("study", true), id("audience"), ...comparisonSet, COMPARISON_NAME],
    eitherOr: [{ names: ["categories", "collections"], required: true }],
    response: "document",
  },
  {
    slug: "love-plus",
    method: "lovePlus",
    summary: "love, respect and their companions, per brand",
    params: brandStudyAudience,
    eitherOr: [],
    response: "metricValues",
  },
  {
    slug: "partnership-exchange-map",
    method: "partnershipExchangeMap",
    summary: "what brands would give and gain in a partnership with each comparison brand",
    params: [ids("brands", true), ids("comparisonBrands", true), ids("studies", true)],
    eitherOr: [],
    response: "document",
  },
  {
    slug: "swot",
    method: "swot",
    summary: "strengths, weaknesses, opportunities and threats against a comparison set",
    params: [...brandStudyAudience, ...comparisonSet, COMPARISON_NAME],
    eitherOr: [{ names: ["categories", "collections"], required: true }],
    response: "document", // (assumed)
  },
  {
    slug: "toplist-market",
    method: "toplistMarket",
    summary: "the market's top brands on chosen metrics, with the brands asked about",
    params: [...brandStudyAudience, ids("metrics"), param("metricKeys", "keys", false)],
    eitherOr: [{ names: ["metrics", "metricKeys"], required: true }],
    response: "records", // (assumed)
  },
] as const satisfies readonly ToolSpec[];

export type ToolMethod = (typeof TOOLS)[number]["method"];
export type ToolSlug = (typeof TOOLS)[number]["slug"];

export const TOOL_BY_METHOD: ReadonlyMap<string, ToolSpec> = new Map(TOOLS.map((tool) => [tool.method, tool]));
export const TOOL_BY_SLUG: ReadonlyMap<string, ToolSpec> = new Map(TOOLS.map((tool) => [tool.slug, tool]));

/** The resource listing the tools themselves, and the prefix of every tool's path. */
export const TOOLS_RESOURCE = "tools";
