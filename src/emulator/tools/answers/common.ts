import type { ToolArguments } from "../toolParams";
import type { BrandInStudy, Market } from "../market";

/** A tool's computed answer: the body's `data` member. */
export type ToolAnswer = (market: Market, args: ToolArguments) => unknown;

export const idsOf = (args: ToolArguments, name: string): readonly number[] => args.ids.get(name) ?? [];
export const textOf = (args: ToolArguments, name: string): string | undefined => args.texts.get(name)?.[0];

/** The audiences asked for, or All Adults. */
export function audiencesOf(args: ToolArguments, market: Market, name = "audiences"): readonly number[] {
  const given = idsOf(args, name);
  return given.length > 0 ? given : [market.defaultAudienceId];
}

/** Every brand × study × audience asked for, where the study surveyed the brand; study-major order. */
export function brandCells(
  market: Market,
  brands: readonly number[],
  studies: readonly number[],
  audiences: readonly number[],
): BrandInStudy[] {
  const cells: BrandInStudy[] = [];
  for (const studyId of studies) {
    const surveyed = new Set(market.studyBrands(studyId));
    for (const audienceId of audiences) {
      for (const brandId of brands) if (surveyed.has(brandId)) cells.push({ brandId, studyId, audienceId });
    }
  }
  return cells;
}

/** brand_id, brand_name (as the study's country spells it), study_id, audience_id. */
export function cellFields(market: Market, cell: BrandInStudy): Record<string, unknown> {
  return {
    brand_id: cell.brandId,
    brand_name: market.brandName(cell.brandId, cell.studyId),
    study_id: cell.studyId,
    audience_id: cell.audienceId,
  };
}

export const mean = (values: readonly number[]): number => values.reduce((sum, value) => sum + value, 0) / values.length;

/** The Power Grid quadrant of a brand strength and stature (centiles). */
export function quadrant(strength: number, stature: number): string {
  if (strength >= 50) return stature >= 50 ? "Leadership" : "Unrealized Potential";
  return stature >= 50 ? "Eroding" : "New or Unfocused";
}

/** What the comparison set is called in the answer when the caller gave it no name. */
export function comparisonName(args: ToolArguments): string {
  return textOf(args, "comparisonName") ?? (idsOf(args, "categories").length > 0 ? "Category average" : "Collection average");
}
