import type { DataFrame } from "danfojs-node";
import type { ToolMethod, ToolParamKind, TOOLS } from "./table";

/** An id: a positive integer, or its digits as a string. */
export type ToolId = number | string;

/** What a parameter of each kind accepts (lists: one value, an array, or "a,b"). */
export type ToolValue<K extends ToolParamKind> = K extends "ids"
  ? ToolId | readonly ToolId[]
  : K extends "id"
    ? ToolId
    : K extends "keys"
      ? string | readonly string[]
      : string;

type SpecOf<M extends ToolMethod> = Extract<(typeof TOOLS)[number], { method: M }>;
type ParamOf<M extends ToolMethod> = SpecOf<M>["params"][number];
type PairOf<M extends ToolMethod> = SpecOf<M>["eitherOr"][number];
// a tool without a pair has no pair names (a bare `never extends ...` would infer `unknown` and hide every optional)
type PairName<M extends ToolMethod> = [PairOf<M>] extends [never] ? never : PairOf<M> extends { names: readonly (infer N)[] } ? N : never;
type KindOf<M extends ToolMethod, N> = Extract<ParamOf<M>, { name: N }>["kind"];

type Required_<M extends ToolMethod> = {
  [P in ParamOf<M> as P["required"] extends true ? P["name"] : never]: ToolValue<P["kind"]>;
};
type Optional_<M extends ToolMethod> = {
  [P in ParamOf<M> as P["required"] extends true ? never : P["name"] extends PairName<M> ? never : P["name"]]?: ToolValue<P["kind"]>;
};

/** One side of an either-or pair given (the other refused); both optional when the pair is. */
type OneOf<M extends ToolMethod, A extends string, B extends string, Needed extends boolean> = Needed extends true
  ? ({ [K in A]: ToolValue<KindOf<M, A>> } & { [K in B]?: never }) | ({ [K in B]: ToolValue<KindOf<M, B>> } & { [K in A]?: never })
  : ({ [K in A]?: ToolValue<KindOf<M, A>> } & { [K in B]?: never }) | ({ [K in B]?: ToolValue<KindOf<M, B>> } & { [K in A]?: never });

type Pair<M extends ToolMethod> = [PairOf<M>] extends [never]
  ? unknown
  : PairOf<M> extends { names: readonly [infer A extends string, infer B extends string]; required: infer Needed extends boolean }
    ? OneOf<M, A, B, Needed>
    : unknown;

/** The options object of a tool's method, from its row of the tool table. */
export type ToolOptions<M extends ToolMethod> = Required_<M> & Optional_<M> & Pair<M>;

export type ArchetypesOptions = ToolOptions<"archetypes">;
export type BrandPersonalityMatchOptions = ToolOptions<"brandPersonalityMatch">;
export type BrandVulnerabilityMapOptions = ToolOptions<"brandVulnerabilityMap">;
export type BrandWorthMapOptions = ToolOptions<"brandWorthMap">;
export type CategoryWorthMapOptions = ToolOptions<"categoryWorthMap">;
export type CommitmentFunnelOptions = ToolOptions<"commitmentFunnel">;
export type CostOfEntryOptions = ToolOptions<"costOfEntry">;
export type LovePlusOptions = ToolOptions<"lovePlus">;
export type PartnershipExchangeMapOptions = ToolOptions<"partnershipExchangeMap">;
export type SwotOptions = ToolOptions<"swot">;
export type ToplistMarketOptions = ToolOptions<"toplistMarket">;

/** A tool's answer: its rows, and the response's metadata fields (`{}` where it has none). */
export interface ToolResult {
  frame: DataFrame;
  meta: Record<string, unknown>;
}

/** `client.tools`: one method per tool, and the list of tools the service offers. */
export type ToolMethods = {
  [M in ToolMethod]: (options: ToolOptions<M>) => Promise<ToolResult>;
};
