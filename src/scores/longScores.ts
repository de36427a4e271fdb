import type { DataFrame } from "danfojs-node";
import { Client } from "../client/client";
import { ValidationError } from "../errors";
import { describeValue } from "../text/describeValue";
import { tableToFrame } from "../frame/finishTable";
import type { ColumnDtype } from "../table/types";
import { checkLongScoresOptions, checkMetricKeys, type LongScoresOptions } from "./longScoresOptions";
import { placeColumns } from "./placeColumns";
import type { ScoreColumn, ScoreColumnMap } from "../rows/scoreColumnMap";
import { scoreColumnsOf } from "./scoreColumnsOf";

export const UNPLACED_SCORE_COLUMNS_WARNING = "FOUNTFRAME_UNPLACED_SCORE_COLUMNS";

const LONG_COLUMNS = ["metric", "metric_name", "score_type", "value"] as const;

/**
 * A brandscape frame's score columns as rows: the frame's row keys (ids, names, audience,
 * category, ...), then `metric`, `metric_name`, `score_type` and `value`, one row per frame row and
 * score column, each row's scores in the frame's column order. Which column is which comes from
 * the service's brand-metrics records (`brandscape_data_columns`), fetched once per client;
 * columns they do not place are left out and named in one warning (FOUNTFRAME_UNPLACED_SCORE_COLUMNS).
 */
export async function longScores(frame: DataFrame, options?: LongScoresOptions): Promise<DataFrame> {
  if (!isDataFrame(frame)) throw new ValidationError("frame", `must be a danfo DataFrame (a pull's frame), got ${describeValue(frame)}`);
  const checked = checkLongScoresOptions(options);
  const map = await mappingFor(checked.client);
  checkMetricKeys(checked.metrics, map);
  const columns = frame.columns as string[];
  const { keys, scores, unplaced } = placeColumns(columns, map);
  const picked = scores.filter(
    (score) =>
      (!checked.metrics || checked.metrics.includes(score.metric)) && (!checked.scoreTypes || checked.scoreTypes.has(score.scoreType)),
  );
  if (!picked.length)
    throw new ValidationError(checked.metrics || checked.scoreTypes ? "metrics" : "frame", noScoresMessage(checked.metrics, columns));
  if (unplaced.length) {
    process.emitWarning(
      `longScores: ${unplaced.length === 1 ? "a column" : `${unplaced.length} columns`} that the service's brand-metrics records do not place, left out: ${unplaced.join(", ")}`,
      { code: UNPLACED_SCORE_COLUMNS_WARNING },
    );
  }
  return meltScores(frame, keys, picked);
}

/** A danfo DataFrame, or one of the same shape (columns, dtypes, shape, column()): what the melt reads. */
function isDataFrame(frame: unknown): frame is DataFrame {
  const candidate = frame as Partial<DataFrame> | null | undefined;
  return (
    typeof candidate === "object" &&
    candidate !== null &&
    Array.isArray(candidate.columns) &&
    Array.isArray(candidate.dtypes) &&
    Array.isArray(candidate.shape) &&
    typeof candidate.column === "function"
  );
}

async function mappingFor(client: Client | undefined): Promise<ScoreColumnMap> {
  if (client) return scoreColumnsOf(client);
  const ownClient = new Client({ verbose: false });
  try {
    return await scoreColumnsOf(ownClient);
  } finally {
    await ownClient.aclose();
  }
}

function noScoresMessage(metrics: readonly string[] | undefined, columns: readonly string[]): string {
  const asked = metrics ? ` of ${metrics.join(", ")} with the score types asked for` : "";
  return `the frame has no score column${asked} (its columns: ${columns.slice(0, 12).join(", ")}${columns.length > 12 ? ", ..." : ""})`;
}

/** The melt itself: every key column repeated once per score, the scores stacked row by row. */
async function meltScores(frame: DataFrame, keys: readonly string[], scores: readonly ScoreColumn[]): Promise<DataFrame> {
  const rowCount = frame.shape[0];
  const total = rowCount * scores.length;
  const frameDtypes = frame.dtypes as string[];
  const frameColumns = frame.columns as string[];
  const keyCells = keys.map((key) => frame.column(key).values as unknown[]);
  const scoreCells = scores.map((score) => frame.column(score.column).values as unknown[]);
  const data: unknown[][] = [...keys.map(() => new Array<unknown>(total)), ...LONG_COLUMNS.map(() => new Array<unknown>(total))];
  const [metricAt, nameAt, typeAt, valueAt] = LONG_COLUMNS.map((_, index) => keys.length + index);
  let out = 0;
  for (let row = 0; row < rowCount; row++) {
    for (let s = 0; s < scores.length; s++, out++) {
      for (let k = 0; k < keys.length; k++) data[k][out] = keyCells[k][row];
      data[metricAt][out] = scores[s].metric;
      data[nameAt][out] = scores[s].metricName;
      data[typeAt][out] = scores[s].scoreType;
      data[valueAt][out] = asNumber(scoreCells[s][row]);
    }
  }
  const dtypes: ColumnDtype[] = [
    ...keys.map((key) => frameDtypes[frameColumns.indexOf(key)] as ColumnDtype),
    "string",
    "string",
    "string",
    "float32",
  ];
  return tableToFrame({ columns: [...keys, ...LONG_COLUMNS], data, dtypes, rowCount: total });
}

/** A score as a number: a numeric string ("47.3", as some columns come) read, a missing one NaN. */
function asNumber(cell: unknown): number {
  if (typeof cell === "number") return cell;
  if (typeof cell === "string" && cell.trim() !== "") return Number(cell);
  return NaN;
}
