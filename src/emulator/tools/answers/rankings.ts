import { tenths, type BrandInStudy } from "../market";
import { audiencesOf, cellFields, idsOf, mean, type ToolAnswer } from "./common";

/** Personality types, each from three brandscape image attributes (their `_pct`). */
const PERSONALITIES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ["Adventurer", ["daring", "dynamic", "carefree"]],
  ["Intellectual", ["intelligent", "innovative", "visionary"]],
  ["Socialite", ["fun", "trendy", "charming"]],
  ["Traditionalist", ["traditional", "reliable", "down_to_earth"]],
  ["Trendsetter", ["stylish", "progressive", "gaining_in_popularity"]],
  ["Pragmatist", ["good_value", "straightforward", "helpful"]],
  ["Idealist", ["socially_responsible", "caring", "authentic"]],
  ["Achiever", ["leader", "high_performance", "prestigious"]],
];

/** brand-personality-match: one record per personality type, best match first. */
export const brandPersonalityMatch: ToolAnswer = (market, args) => {
  const cell: BrandInStudy = {
    brandId: idsOf(args, "brands")[0],
    studyId: idsOf(args, "studies")[0],
    audienceId: audiencesOf(args, market)[0],
  };
  if (!market.studyBrands(cell.studyId).includes(cell.brandId)) return [];
  const matches = PERSONALITIES.map(([personality, attributes]) => ({
    personality,
    match: tenths(mean(attributes.map((key) => market.value(cell, `${key}_pct`)))),
  })).sort((a, b) => b.match - a.match);
  return matches.map((match, at) => ({ ...cellFields(market, cell), ...match, rank: at + 1 }));
};

const TOP = 10;

/**
 * toplist-market: per study, audience and metric, the market's top ten brands by the metric's
 * score, plus the brands asked about wherever they rank; `is_selected` marks the latter.
 */
export const toplistMarket: ToolAnswer = (market, args) => {
  const keys = [...idsOf(args, "metrics").map((id) => market.metricKey(id)), ...(args.texts.get("metric_keys") ?? [])];
  const selected = new Set(idsOf(args, "brands"));
  const records: Record<string, unknown>[] = [];
  for (const studyId of idsOf(args, "studies")) {
    const brands = market.studyBrands(studyId);
    if (!brands.some((brandId) => selected.has(brandId))) continue;
    for (const audienceId of audiencesOf(args, market)) {
      for (const key of keys) {
        const ranked = brands
          .map((brandId) => ({ brandId, value: market.value({ brandId, studyId, audienceId }, key) }))
          .sort((a, b) => b.value - a.value || a.brandId - b.brandId);
        ranked.forEach(({ brandId, value }, at) => {
          if (at >= TOP && !selected.has(brandId)) return;
          records.push({
            ...cellFields(market, { brandId, studyId, audienceId }),
            metric_key: key,
            value,
            rank: at + 1,
            is_selected: selected.has(brandId),
          });
        });
      }
    }
  }
  return records;
};
