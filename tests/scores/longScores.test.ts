import { longScores } from "../../src/scores/longScores";
import { scoreColumnMap } from "../../src/rows/scoreColumnMap";
import { tableToFrame } from "../../src/frame/finishTable";
import { captureWarnings, useEmulator } from "../client/fixture";

const env = useEmulator();
const METRIC_KEYS = ["differentiation", "brand_strength", "familiarity", "total_base"];

/** brand-metrics' own column lists, read straight from the service's records */
async function servedColumns(): Promise<Map<string, { name?: string; columns: string[] }>> {
  const records = await env.client().rawQuery("brand-metrics", { perPage: 1000 });
  return new Map(records.map((record) => [String(record.id), { name: record.name, columns: record.brandscape_data_columns as string[] }]));
}

describe("longScores", () => {
  it("has one row per (row, score column), mapped as brand-metrics' brandscape_data_columns say", async () => {
    const client = env.client();
    const wide = await client.brandscapeData({ studies: 1, audiences: [1], metricKeys: METRIC_KEYS });
    const long = await longScores(wide, { client });
    const wideColumns = wide.columns as string[];
    const scoreColumns = wideColumns.filter((column) => /_(c|rank|pct|brandscape_index|category_index)$|^total_base$/.test(column));
    expect(long.shape[0]).toBe(wide.shape[0] * scoreColumns.length);
    const keys = wideColumns.filter((column) => !scoreColumns.includes(column));
    expect(long.columns).toEqual([...keys, "metric", "metric_name", "score_type", "value"]);

    // every (metric, score type) names a column that metric's record lists, with its name
    const suffix: Record<string, string> = {
      construct: "_c",
      percentile_rank: "_rank",
      percentage: "_pct",
      value: "",
      brandscape_index: "_brandscape_index",
      category_index: "_category_index",
    };
    const records = [...(await servedColumns()).values()];
    const metrics = long.column("metric").values as string[];
    const names = long.column("metric_name").values as string[];
    const types = long.column("score_type").values as string[];
    const values = long.column("value").values as number[];
    const ids = long.column("id").values as number[];
    const wideIds = wide.column("id").values as number[];
    for (let row = 0; row < long.shape[0]; row += 7) {
      const column = metrics[row] + suffix[types[row]];
      const record = records.find((candidate) => candidate.columns.includes(column));
      expect(record?.name).toBe(names[row]);
      expect(values[row]).toBe(Number(wide.column(column).values[wideIds.indexOf(ids[row])]));
    }
    expect(new Set(types)).toEqual(new Set(["construct", "percentile_rank", "percentage", "value", "brandscape_index", "category_index"]));
  });

  it("fetches brand-metrics once per client", async () => {
    const client = env.client();
    const wide = await client.brandscapeData({ studies: 1, audiences: [1], metricKeys: ["relevance"] });
    env.emulator.resetStats();
    await longScores(wide, { client });
    await longScores(wide, { client, metrics: "relevance" });
    expect(env.emulator.stats.log.filter((entry) => entry.path.includes("brand-metrics"))).toHaveLength(1);
  });

  it("keeps the metrics and score types asked for", async () => {
    const client = env.client();
    const wide = await client.brandscapeData({ studies: 1, audiences: [1], metricKeys: METRIC_KEYS });
    const long = await longScores(wide, { client, metrics: ["familiarity", "brand_strength"], scoreTypes: "percentile_rank" });
    expect(long.shape[0]).toBe(wide.shape[0] * 2);
    expect(new Set(long.column("metric").values as string[])).toEqual(new Set(["familiarity", "brand_strength"]));
    expect(new Set(long.column("score_type").values as string[])).toEqual(new Set(["percentile_rank"]));
  });

  it("refuses bad options naming the parameter and what is allowed, the misspelt key with the closest one", async () => {
    const client = env.client();
    const wide = await client.brandscapeData({ studies: 1, audiences: [1], metricKeys: ["relevance"] });
    // @ts-expect-error a score type that does not exist
    await expect(longScores(wide, { client, scoreTypes: "rank" })).rejects.toThrow(
      /^scoreTypes: must be one or more of construct, percentile_rank, percentage, value, brandscape_index, category_index \(got "rank"\)$/,
    );
    await expect(longScores(wide, { client, metrics: "brand_strenght" })).rejects.toThrow(
      /metrics: "brand_strenght" .*did you mean brand_strength\?/,
    );
    // @ts-expect-error an option that does not exist
    await expect(longScores(wide, { client, metric: "relevance" })).rejects.toThrow(
      /^metric: is not an option of longScores \(did you mean metrics\?\)/,
    );
    await expect(longScores(wide, { client, metrics: "knowledge" })).rejects.toThrow(/no score column of knowledge/);
  });

  it("refuses what is no frame before any request, and a frame of no score column without a warning besides", async () => {
    const client = env.client();
    env.emulator.resetStats();
    for (const notFrame of [{ a: 1 }, null, [{ a: 1 }]])
      // @ts-expect-error not a frame
      await expect(longScores(notFrame, { client })).rejects.toThrow(/^frame: must be a danfo DataFrame \(a pull's frame\), got /);
    expect(env.emulator.stats.requests).toBe(0);
    const brands = await client.brands({ perPage: 5, maxPages: 1 });
    const { result, warnings } = await captureWarnings(() =>
      longScores(brands, { client }).then(
        () => undefined,
        (error: unknown) => error,
      ),
    );
    expect(String(result)).toMatch(/^ValidationError: frame: the frame has no score column/);
    expect(warnings).toEqual([]);
  });

  it("leaves out the columns it cannot place and names them in one warning", async () => {
    const client = env.client();
    const frame = await tableToFrame({
      columns: ["id", "brand_name", "relevance_c", "mystery_c", "made_up_score"],
      data: [
        [1, 2],
        ["A", "B"],
        [50, 60],
        [1, 2],
        [3, 4],
      ],
      dtypes: ["int32", "string", "float32", "float32", "float32"],
      rowCount: 2,
    });
    const { result: long, warnings } = await captureWarnings(() => longScores(frame, { client }));
    expect(long.columns).toEqual(["id", "brand_name", "metric", "metric_name", "score_type", "value"]);
    expect(long.values).toEqual([
      [1, "A", "relevance", "Relevance", "construct", 50],
      [2, "B", "relevance", "Relevance", "construct", 60],
    ]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ code: "FOUNTFRAME_UNPLACED_SCORE_COLUMNS" });
    expect(warnings[0].message).toMatch(/mystery_c, made_up_score$/);
  });
});

describe("scoreColumnMap", () => {
  it("reads a metric's key from its columns, not from a guessed suffix", () => {
    const map = scoreColumnMap([
      { id: 1, name: "Total Base", has_value_score: true, brandscape_data_columns: ["total_base"] },
      { id: 2, name: "Brand Rank", has_construct_score: true, has_value_score: false, brandscape_data_columns: ["brand_rank_c"] },
      { id: 3, name: "Odd", brandscape_data_columns: ["odd_c", "other_rank"] },
    ]);
    expect(map.get("total_base")).toMatchObject({ metric: "total_base", scoreType: "value" });
    expect(map.get("brand_rank_c")).toMatchObject({ metric: "brand_rank", scoreType: "construct" });
    expect(map.has("odd_c")).toBe(false);
  });
});
