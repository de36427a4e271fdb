import type { WireRecord } from "../dataset/types";
import type { IncludeSet } from "../resources/includes";

/**
 * The service's analysis tools as the service lists them (TOOLS.md), in the emulator's own terms:
 * what each tool reads from its query string, and its record in `GET tools`.
 */

/** `list`: ids joined by commas; `one`: a single id (`oneInList`: a single id under a plural name); `text`: a string. */
export type ToolParamForm = "list" | "one" | "oneInList" | "text" | "keys";

export interface ToolParamRule {
  readonly name: string;
  readonly form: ToolParamForm;
  readonly required: boolean;
  /** what the ids name, for the `exists` check */
  readonly refers?: "brands" | "studies" | "audiences" | "categories" | "collections" | "metrics";
}

export interface ToolDefinition {
  readonly id: number;
  readonly slug: string;
  readonly name: string;
  readonly description: string;
  readonly params: readonly ToolParamRule[];
  /** pairs of which one must be given (`required`) or at most one may be */
  readonly oneOf: ReadonlyArray<{ readonly names: readonly [string, string]; readonly required: boolean }>;
  readonly inPreview: boolean;
}

const rule = (name: string, form: ToolParamForm, required: boolean, refers?: ToolParamRule["refers"]): ToolParamRule => ({
  name,
  form,
  required,
  refers,
});

const BRANDS = rule("brands", "list", true, "brands");
const STUDIES = rule("studies", "list", true, "studies");
const AUDIENCES = rule("audiences", "list", false, "audiences");
const CATEGORIES = rule("categories", "list", false, "categories");
const COLLECTIONS = rule("collections", "list", false, "collections");
const COMPARISON_NAME = rule("comparisonName", "text", false);
const COMPARISON_SET = { names: ["categories", "collections"] as const, required: true };

export const TOOL_DEFINITIONS: readonly ToolDefinition[] = [
  {
    id: 1,
    slug: "archetypes",
    name: "Archetypes",
    description: "Which of twelve archetypes a brand embodies, against a comparison set.",
    params: [STUDIES, rule("brands", "list", false, "brands"), AUDIENCES, CATEGORIES, COLLECTIONS],
    oneOf: [{ ...COMPARISON_SET, required: false }],
    inPreview: false,
  },
  {
    id: 2,
    slug: "brand-personality-match",
    name: "Brand Personality Match",
    description: "How closely a brand matches each personality type.",
    params: [
      rule("brands", "oneInList", true, "brands"),
      rule("studies", "oneInList", true, "studies"),
      rule("audiences", "oneInList", false, "audiences"),
    ],
    oneOf: [],
    inPreview: false,
  },
  {
    id: 3,
    slug: "brand-vulnerability-map",
    name: "Brand Vulnerability Map",
    description: "Where a brand is exposed, market by market.",
    params: [rule("brand", "one", true, "brands")],
    oneOf: [],
    inPreview: false,
  },
  {
    id: 4,
    slug: "brand-worth-map",
    name: "Brand Worth Map",
    description: "Brands placed by stature and strength on the Power Grid.",
    params: [BRANDS, STUDIES, AUDIENCES],
    oneOf: [],
    inPreview: false,
  },
  {
    id: 5,
    slug: "category-worth-map",
    name: "Category Worth Map",
    description: "Categories placed by their brands' stature and strength.",
    params: [rule("categories", "list", true, "categories"), STUDIES, AUDIENCES],
    oneOf: [],
    inPreview: true,
  },
  {
    id: 6,
    slug: "commitment-funnel",
    name: "Commitment Funnel",
    description: "From familiarity to loyalty: how many stay at each stage.",
    params: [BRANDS, STUDIES, AUDIENCES],
    oneOf: [],
    inPreview: false,
  },
  {
    id: 7,
    slug: "cost-of-entry",
    name: "Cost of Entry",
    description: "What it takes for a brand to reach the level of a comparison set.",
    params: [
      rule("brand", "one", true, "brands"),
      rule("study", "one", true, "studies"),
      rule("audience", "one", false, "audiences"),
      CATEGORIES,
      COLLECTIONS,
      COMPARISON_NAME,
    ],
    oneOf: [COMPARISON_SET],
    inPreview: false,
  },
  {
    id: 8,
    slug: "love-plus",
    name: "Love Plus",
    description: "Love and the feelings that come with it.",
    params: [BRANDS, STUDIES, AUDIENCES],
    oneOf: [],
    inPreview: false,
  },
  {
    id: 9,
    slug: "partnership-exchange-map",
    name: "Partnership Exchange Map",
    description: "What two brands would give each other in a partnership.",
    params: [BRANDS, rule("comparison_brands", "list", true, "brands"), rule("studies", "list", true, "studies")],
    oneOf: [],
    inPreview: false,
  },
  {
    id: 10,
    slug: "swot",
    name: "SWOT",
    description: "Strengths, weaknesses, opportunities and threats against a comparison set.",
    params: [BRANDS, STUDIES, AUDIENCES, CATEGORIES, COLLECTIONS, COMPARISON_NAME],
    oneOf: [COMPARISON_SET],
    inPreview: true,
  },
  {
    id: 11,
    slug: "toplist-market",
    name: "Toplist Market",
    description: "The market's leading brands on chosen metrics.",
    params: [BRANDS, STUDIES, AUDIENCES, rule("metrics", "list", false, "metrics"), rule("metric_keys", "keys", false)],
    oneOf: [{ names: ["metrics", "metric_keys"], required: true }],
    inPreview: true,
  },
];

export const TOOL_BY_SLUG: ReadonlyMap<string, ToolDefinition> = new Map(TOOL_DEFINITIONS.map((tool) => [tool.slug, tool]));

const TOOL_STAMPS = { created_at: "2022-09-14T08:30:00.000000Z", updated_at: "2024-11-04T16:12:45.000000Z" };

const flags = (params: readonly ToolParamRule[], holds: (param: ToolParamRule) => boolean): Record<string, boolean> =>
  Object.fromEntries(params.map((param) => [param.name, holds(param)]));

/**
 * A tool's record in `GET tools` and `GET tools/{id}`, as the tools page documents it: the
 * parameter objects map each name to true/false. `origin` is the emulator's own, for the endpoint URL.
 */
export function toolRecord(tool: ToolDefinition, origin: string): WireRecord {
  return {
    id: tool.id,
    name: tool.name,
    slug: tool.slug,
    short_description: tool.description,
    description: `<p>${tool.description}</p>`,
    documentation_url: `https://fount.wppbav.com/tools/${tool.slug}`,
    api_documentation_url: `https://developer.wppbav.com/docs/brand-data/${tool.slug}`,
    api_endpoint_url: `${origin}/api/v2/tools/${tool.slug}`,
    supported_parameters: flags(tool.params, () => true),
    required_parameters: flags(tool.params, (param) => param.required),
    multiple_choice_parameters: flags(tool.params, (param) => param.form === "list" || param.form === "keys"),
    extra_parameters: {},
    // only the available formats are listed
    export_formats: tool.inPreview ? { xlsx: true } : { xlsx: true, pptx: true },
    is_in_preview: tool.inPreview,
    ...TOOL_STAMPS,
  };
}

const TOOL_GROUPS = [
  { id: 1, name: "Brand Diagnostics" },
  { id: 2, name: "Competitive Landscape" },
];
const USE_CASES = [
  { id: 1, name: "Brand health check" },
  { id: 2, name: "Pitch preparation" },
  { id: 3, name: "Partnership scouting" },
];

/** The tool list's includes (group, resources, use_cases); their contents are not documented, so these shapes are the emulator's. */
export const TOOL_INCLUDES = {
  group: { value: (tool: WireRecord) => TOOL_GROUPS[(tool.id as number) % 2] },
  resources: {
    value: (tool: WireRecord) => [
      { id: tool.id as number, title: `${String(tool.name)} guide`, url: `https://fount.wppbav.com/guides/${String(tool.slug)}` },
    ],
  },
  use_cases: { value: (tool: WireRecord) => USE_CASES.filter((useCase) => useCase.id <= 1 + ((tool.id as number) % 3)) },
} satisfies IncludeSet;
