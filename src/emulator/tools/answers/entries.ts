import { tenths, type BrandInStudy, type Market } from "../market";
import { audiencesOf, brandCells, cellFields, idsOf, mean, type ToolAnswer } from "./common";

/** Each archetype from two brandscape image attributes (their `_pct`). */
const ARCHETYPES: ReadonlyArray<readonly [string, readonly [string, string]]> = [
  ["innocent", ["simple", "trustworthy"]],
  ["everyman", ["down_to_earth", "friendly"]],
  ["hero", ["daring", "leader"]],
  ["outlaw", ["arrogant", "rugged"]],
  ["explorer", ["carefree", "dynamic"]],
  ["creator", ["innovative", "original"]],
  ["ruler", ["prestigious", "upper_class"]],
  ["magician", ["visionary", "unique"]],
  ["lover", ["sensuous", "stylish"]],
  ["caregiver", ["caring", "kind"]],
  ["jester", ["fun", "charming"]],
  ["sage", ["intelligent", "reliable"]],
];

const archetypeScores = (market: Market, cell: BrandInStudy): number[] =>
  ARCHETYPES.map(([, attributes]) => mean(attributes.map((key) => market.value(cell, `${key}_pct`))));

/**
 * archetypes: an entry per brand with its own fields and a `data` object of scores; against a
 * comparison set the scores are indices (100 = the set's average).
 */
export const archetypes: ToolAnswer = (market, args) => {
  const studies = idsOf(args, "studies");
  const categories = idsOf(args, "categories");
  const collections = idsOf(args, "collections");
  const compared = categories.length > 0 || collections.length > 0;
  const entries: Record<string, unknown>[] = [];
  const baseOf = new Map<string, number[]>(); // the comparison set's average scores, per study and audience
  for (const studyId of studies) {
    const brands = idsOf(args, "brands").length > 0 ? idsOf(args, "brands") : market.studyBrands(studyId);
    for (const cell of brandCells(market, brands, [studyId], audiencesOf(args, market))) {
      let scores = archetypeScores(market, cell);
      if (compared) {
        const key = `${studyId}:${cell.audienceId}`;
        if (!baseOf.has(key)) {
          const setScores = market
            .comparisonSet(studyId, categories, collections)
            .map((brandId) => archetypeScores(market, { ...cell, brandId }));
          baseOf.set(
            key,
            setScores.length === 0 ? [] : ARCHETYPES.map((_, at) => mean(setScores.map((scoresOfBrand) => scoresOfBrand[at]))),
          );
        }
        const base = baseOf.get(key)!;
        if (base.length === 0) continue;
        scores = scores.map((score, at) => (100 * score) / base[at]);
      }
      const top = scores.indexOf(Math.max(...scores));
      const { brand_id, brand_name, ...rest } = cellFields(market, cell);
      entries.push({
        brand: { id: brand_id, name: brand_name },
        ...rest,
        primary_archetype: ARCHETYPES[top][0],
        scale: compared ? "index" : "score",
        data: Object.fromEntries(ARCHETYPES.map(([name], at) => [name, tenths(scores[at])])),
      });
    }
  }
  return entries;
};

/** The funnel's stages; each after the first keeps a share of the one before, so it narrows. */
const FUNNEL = ["familiarity", "consideration", "trial", "regular_usage", "loyalty"] as const;

/** commitment-funnel: an entry per brand with `metrics: [{key, value}]`, values as numeric strings. */
export const commitmentFunnel: ToolAnswer = (market, args) =>
  brandCells(market, idsOf(args, "brands"), idsOf(args, "studies"), audiencesOf(args, market)).map((cell) => {
    let level = market.value(cell, "familiarity_pct");
    const metrics = FUNNEL.map((key, stage) => {
      if (stage > 0) level *= 0.35 + 0.55 * (market.value(cell, `${key}_pct`) / 100);
      return { key, value: tenths(level).toFixed(1) };
    });
    return { ...cellFields(market, cell), metrics };
  });

/** Love+: the metric and the brandscape column it reads. */
const LOVE_PLUS: ReadonlyArray<readonly [string, string, string]> = [
  ["love", "Love", "preference_pct"],
  ["respect", "Respect", "esteem_c"],
  ["trust", "Trust", "trustworthy_pct"],
  ["fun", "Fun", "fun_pct"],
  ["leadership", "Leadership", "leader_pct"],
];

/** love-plus: an entry per brand with `data: {<metric>: {label, value, index}}`. */
export const lovePlus: ToolAnswer = (market, args) =>
  brandCells(market, idsOf(args, "brands"), idsOf(args, "studies"), audiencesOf(args, market)).map((cell) => {
    const values = LOVE_PLUS.map(([, , column]) => market.value(cell, column));
    const average = mean(values);
    return {
      ...cellFields(market, cell),
      data: Object.fromEntries(
        LOVE_PLUS.map(([key, label], at) => [key, { label, value: tenths(values[at]), index: Math.round((100 * values[at]) / average) }]),
      ),
    };
  });
