import { tenths, type BrandInStudy, type Market } from "../market";
import { audiencesOf, brandCells, cellFields, comparisonName, idsOf, mean, type ToolAnswer } from "./common";

const PILLARS = ["differentiation", "relevance", "esteem", "knowledge"] as const;
const POWER_GRID = ["brand_strength", "brand_stature"] as const;
const FUNNEL = ["familiarity", "consideration", "trial", "preference", "loyalty"] as const;

/** A metric's headline score: the construct (centile) score where it has one, the funnel's percentages. */
const centile = (market: Market, cell: BrandInStudy, key: string) => market.value(cell, key);
const setAverage = (market: Market, cell: BrandInStudy, set: readonly number[], key: string) =>
  mean(set.map((brandId) => centile(market, { ...cell, brandId }, key)));

/** cost-of-entry: per metric, how far the brand is below the comparison set's average. */
export const costOfEntry: ToolAnswer = (market, args) => {
  const cell = { brandId: idsOf(args, "brand")[0], studyId: idsOf(args, "study")[0], audienceId: audiencesOf(args, market, "audience")[0] };
  const set = market.comparisonSet(cell.studyId, idsOf(args, "categories"), idsOf(args, "collections"));
  const surveyed = market.studyBrands(cell.studyId).includes(cell.brandId);
  const data =
    !surveyed || set.length === 0
      ? []
      : [...PILLARS, ...POWER_GRID].map((key) => {
          const brandValue = centile(market, cell, key);
          const comparisonValue = tenths(setAverage(market, cell, set, key));
          return {
            metric_key: key,
            brand_value: brandValue,
            comparison_value: comparisonValue,
            cost_of_entry: tenths(Math.max(0, comparisonValue - brandValue)),
          };
        });
  return {
    brand_id: cell.brandId,
    study_id: cell.studyId,
    audience_id: cell.audienceId,
    comparison_name: comparisonName(args),
    comparison_brand_count: set.length,
    data,
  };
};

/** swot: pillars above/below the set are strengths/weaknesses, funnel stages opportunities/threats. */
export const swot: ToolAnswer = (market, args) => {
  const data: Record<string, unknown>[] = [];
  const cells = brandCells(market, idsOf(args, "brands"), idsOf(args, "studies"), audiencesOf(args, market));
  for (const cell of cells) {
    const set = market.comparisonSet(cell.studyId, idsOf(args, "categories"), idsOf(args, "collections"));
    if (set.length === 0) continue;
    for (const key of [...PILLARS, ...FUNNEL]) {
      const brandValue = centile(market, cell, key);
      const comparisonValue = tenths(setAverage(market, cell, set, key));
      const ahead = brandValue >= comparisonValue;
      const internal = (PILLARS as readonly string[]).includes(key);
      data.push({
        ...cellFields(market, cell),
        metric_key: key,
        brand_value: brandValue,
        comparison_value: comparisonValue,
        difference: tenths(brandValue - comparisonValue),
        quadrant: internal ? (ahead ? "strength" : "weakness") : ahead ? "opportunity" : "threat",
      });
    }
  }
  return { comparison_name: comparisonName(args), brands: idsOf(args, "brands"), studies: idsOf(args, "studies"), data };
};

/** partnership-exchange-map: what each brand would gain from each partner on the four pillars. */
export const partnershipExchangeMap: ToolAnswer = (market, args) => {
  const data: Record<string, unknown>[] = [];
  const audienceId = market.defaultAudienceId;
  for (const cell of brandCells(market, idsOf(args, "brands"), idsOf(args, "studies"), [audienceId])) {
    for (const partnerId of idsOf(args, "comparison_brands")) {
      if (partnerId === cell.brandId || !market.studyBrands(cell.studyId).includes(partnerId)) continue;
      const partner = { ...cell, brandId: partnerId };
      const gains = PILLARS.map((key) => tenths(centile(market, partner, key) - centile(market, cell, key)));
      data.push({
        ...cellFields(market, cell),
        partner: { id: partnerId, name: market.brandName(partnerId, cell.studyId) },
        ...Object.fromEntries(PILLARS.map((key, at) => [`${key}_gain`, gains[at]])),
        fit: tenths(100 - mean(gains.map(Math.abs))),
      });
    }
  }
  return { audience_id: audienceId, brands: idsOf(args, "brands"), comparison_brands: idsOf(args, "comparison_brands"), data };
};
