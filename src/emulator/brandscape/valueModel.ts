import { METRIC_ROWS } from "../dataset/data/metrics";
import { hash32, hashUnit } from "../prng";

/**
 * What a score is made of, so that the data reads like a market (docs/emulator.md, "The data"): a
 * brand's overall health in its country (drifting a little from year to year), its level on the
 * metric (a built metric's level is the mean of the metrics it is built from), the audience's
 * leaning (by metric and by the row's sector), and a little noise per year and audience. A
 * metric's columns share one draw, so its construct, percentile rank and indices agree.
 */
export const HEALTH_SHARE = 0.45;
export const LEVEL_SHARE = 0.4;
export const NOISE_SHARE = 0.15;
/** the most a brand's health moves per year, either way */
const HEALTH_TREND = 0.025;
const TREND_BASE_YEAR = 2022;

/** Built metrics and what they are built from (the BAV model's names say it). */
const BUILT_FROM: Readonly<Record<string, readonly string[]>> = {
  brand_strength: ["differentiation", "relevance", "energy"],
  brand_stature: ["esteem", "knowledge"],
  meaningful_difference: ["differentiation", "relevance"],
  familiarity: ["knowledge"],
  consideration: ["relevance", "knowledge"],
  trial: ["relevance", "knowledge"],
  regular_usage: ["relevance", "esteem"],
  preference: ["esteem", "relevance"],
  recommendation: ["esteem", "relevance"],
  loyalty: ["esteem", "relevance"],
  brand_love: ["esteem", "energy"],
  momentum: ["energy"],
  salience: ["knowledge"],
  advocacy: ["esteem"],
  brand_trust: ["esteem"],
  trendy: ["energy"],
  dynamic: ["energy"],
  innovative: ["differentiation", "energy"],
  unique: ["differentiation"],
  different: ["differentiation"],
  reliable: ["esteem"],
  high_quality: ["esteem"],
  leader: ["esteem", "knowledge"],
};

const METRIC_INDEX = new Map(METRIC_ROWS.map((metric, index) => [metric.key, index]));
const SOURCES: readonly (readonly number[])[] = METRIC_ROWS.map((metric, index) =>
  (BUILT_FROM[metric.key] ?? []).map((key) => METRIC_INDEX.get(key)!).concat(BUILT_FROM[metric.key] ? [] : [index]),
);

/**
 * The funnel narrows: a stage's percentage (and a base's size) is a share of the one before.
 * Ranks and indices are relative to other brands, so they are not scaled.
 */
const STAGE_SCALE: Readonly<Record<string, number>> = {
  familiarity: 0.95,
  consideration: 0.75,
  trial: 0.6,
  regular_usage: 0.42,
  preference: 0.34,
  recommendation: 0.28,
  loyalty: 0.24,
  total_base: 1,
  aware_base: 0.82,
  familiar_base: 0.64,
  user_base: 0.36,
};
export const stageScale = (metricKey: string, percentOrValue: boolean): number => (percentOrValue ? (STAGE_SCALE[metricKey] ?? 1) : 1);

/** The fielded audiences' general leaning, by audience rank (All Adults, Men, Women, 18-34, 35-54, 55+). */
const AUDIENCE_LEANING = [0, -0.02, 0.025, 0.05, 0.005, -0.045];
const MIXED_AUDIENCE_SPREAD = 0.12;

/** An audience's leaning on one metric (young audiences on energy, older ones on esteem): a table by rank and metric. */
export const AUDIENCE_METRIC_SHIFT: Float64Array = (() => {
  const ranks = 40;
  const table = new Float64Array(ranks * METRIC_ROWS.length);
  for (let rank = 0; rank < ranks; rank++) {
    for (let metric = 0; metric < METRIC_ROWS.length; metric++) {
      const youth = rank === 3 ? 1 : rank === 5 ? -1 : 0;
      const energetic = SOURCES[metric].includes(METRIC_INDEX.get("energy")!) ? 0.06 * youth : 0;
      const esteemed = SOURCES[metric].includes(METRIC_INDEX.get("esteem")!) ? -0.04 * youth : 0;
      const own = rank === 0 ? 0 : (hashUnit(0xa0d1, rank, metric) - 0.5) * 0.06;
      table[rank * METRIC_ROWS.length + metric] = energetic + esteemed + own;
    }
  }
  return table;
})();

/** A row's shift for its audience and sector: who likes what kind of brand. */
export function audienceRowShift(seed: number, audienceRank: number, sectorId: number): number {
  const leaning = AUDIENCE_LEANING[audienceRank] ?? (hashUnit(seed, audienceRank, 0x1ea) - 0.5) * 0.06;
  const bySector = audienceRank === 0 ? 0 : (hashUnit(seed, audienceRank, sectorId, 0x5ec7) - 0.5) * MIXED_AUDIENCE_SPREAD;
  return leaning + bySector;
}

/** A brand's health in its country in one year: its base health plus a steady drift. */
export function healthIn(seed: number, brandId: number, countryId: number, year: number): number {
  const base = hashUnit(seed, brandId, countryId, 0x4ea1);
  const trend = (hashUnit(seed, brandId, countryId, 0x7e2d) * 2 - 1) * HEALTH_TREND;
  const health = base + trend * (year - TREND_BASE_YEAR);
  return health < 0 ? 0 : health > 0.999 ? 0.999 : health;
}

const UNIT = 1 / 4294967296;

/** A brand's level on every metric in its country (the same every year and for every audience), built metrics from their sources. */
export function metricLevels(brandHash: number): Float64Array {
  const own = new Float64Array(METRIC_ROWS.length);
  for (let metric = 0; metric < own.length; metric++) own[metric] = (hash32(brandHash, metric, 0x1e7e1) >>> 0) * UNIT;
  const levels = new Float64Array(METRIC_ROWS.length);
  for (let metric = 0; metric < own.length; metric++) {
    const sources = SOURCES[metric];
    let sum = 0;
    for (const source of sources) sum += own[source];
    // a mean of several levels is narrower than one: stretch it back toward the full range
    const mean = sum / sources.length;
    const stretched = 0.5 + (mean - 0.5) * Math.sqrt(sources.length) * 0.8 + (own[metric] - 0.5) * (sources.length > 1 ? 0.2 : 0);
    levels[metric] = stretched < 0 ? 0 : stretched > 0.999 ? 0.999 : stretched;
  }
  return levels;
}

/** A value's draw in [0, 1) from its parts (metricBlock.ts inlines the same). */
export function combineDraw(health: number, level: number, noise: number, shift: number, scale: number): number {
  const draw = HEALTH_SHARE * health + LEVEL_SHARE * level + NOISE_SHARE * noise + shift;
  const clamped = draw < 0 ? 0 : draw > 0.9999 ? 0.9999 : draw;
  return clamped * scale;
}
