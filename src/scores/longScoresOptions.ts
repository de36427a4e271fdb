import { ValidationError } from "../errors";
import type { Client } from "../client/client";
import { nearName, notAllowedName } from "../text/closestName";
import { SCORE_TYPES, type ScoreType } from "../rows/scoreTypes";
import type { ScoreColumnMap } from "../rows/scoreColumnMap";

export interface LongScoresOptions {
  /**
   * The client whose service's brand-metrics records map the columns (fetched once per client).
   * Without one, a client from the environment (FOUNT_API_TOKEN, FOUNT_BASE_URL) is made for the
   * call and closed after it.
   */
  client?: Client;
  /** brand-metric keys to keep (`"differentiation"`, `["familiarity", "consideration"]`); default every metric */
  metrics?: string | readonly string[];
  /** score types to keep; default all six */
  scoreTypes?: ScoreType | readonly ScoreType[];
}

export interface CheckedLongScoresOptions {
  client?: Client;
  metrics?: readonly string[];
  scoreTypes?: ReadonlySet<ScoreType>;
}

const OPTION_NAMES = ["client", "metrics", "scoreTypes"];

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

/** The options checked before any request: names, types and the six score types. */
export function checkLongScoresOptions(options: unknown): CheckedLongScoresOptions {
  if (options === undefined) return {};
  if (options === null || typeof options !== "object" || Array.isArray(options)) {
    throw new ValidationError("options", `must be an object with ${OPTION_NAMES.join(", ")}`);
  }
  const given = options as Record<string, unknown>;
  for (const name of Object.keys(given)) {
    if (!OPTION_NAMES.includes(name)) throw new ValidationError(name, notAllowedName(name, "an option of longScores", OPTION_NAMES));
  }
  const checked: CheckedLongScoresOptions = {};
  if (given.client !== undefined) {
    const client = given.client as { rawQuery?: unknown };
    if (typeof client?.rawQuery !== "function") throw new ValidationError("client", "must be a fountframe Client");
    checked.client = given.client as Client;
  }
  if (given.metrics !== undefined) {
    const metrics = asList(given.metrics);
    if (metrics.length === 0 || !metrics.every((key) => typeof key === "string" && key !== "")) {
      throw new ValidationError("metrics", `must be a brand-metric key or a non-empty list of them (got ${JSON.stringify(given.metrics)})`);
    }
    checked.metrics = metrics as string[];
  }
  if (given.scoreTypes !== undefined) {
    const types = asList(given.scoreTypes);
    const bad = types.find((type) => !SCORE_TYPES.includes(type as ScoreType));
    if (types.length === 0 || bad !== undefined || types.length === 0) {
      throw new ValidationError(
        "scoreTypes",
        `must be one or more of ${SCORE_TYPES.join(", ")} (got ${JSON.stringify(bad ?? given.scoreTypes)})`,
      );
    }
    checked.scoreTypes = new Set(types as ScoreType[]);
  }
  return checked;
}

/** `metrics` against the service's own keys: a key it does not know is refused with the closest one. */
export function checkMetricKeys(metrics: readonly string[] | undefined, map: ScoreColumnMap): void {
  if (!metrics) return;
  const known = [...new Set([...map.values()].map((score) => score.metric))];
  for (const key of metrics) {
    if (known.includes(key)) continue;
    const near = nearName(key, known);
    const hint = near ? `did you mean ${near}? ` : "";
    throw new ValidationError(
      "metrics",
      `${JSON.stringify(key)} is not a brand-metric key of the service; ${hint}client.brandMetrics() lists them`,
    );
  }
}
