import { useStoreFixture } from "./helpers/storeFixture";
import { captureWarnings } from "../client/fixture";

const TOKEN = "query-warnings-token";
const QUERY = {
  studies: [1, 2, 3],
  metricKeys: ["differentiation", "diferentiation"],
  fields: ["differentiation_c", "relevence_rank", "category_name"],
};

/** A sync pulls its query a few studies at a time: what is wrong with the query is said once a run. */
describe("a sync's warnings about its query", () => {
  const fx = useStoreFixture(TOKEN);
  const byCode = (warnings: { code?: string; message: string }[], code: string) =>
    warnings.filter((warning) => warning.code === code).map((warning) => warning.message);
  const brandscapePulls = () =>
    new Set(
      fx.emulator.stats.log
        .filter((entry) => entry.path.endsWith("/brandscape-data"))
        .map((entry) => /filter\[studies\]=([^&]*)/.exec(decodeURIComponent(entry.query))?.[1]),
    );
  const hintRequests = () => fx.emulator.stats.log.filter((entry) => entry.path.endsWith("/brand-metrics")).length;

  it("names a misspelt metric key and an unknown field once, over every pull of the run, and asks the key's hint once", async () => {
    const { result, warnings } = await captureWarnings(() => fx.client.sync(fx.store, "brandscapeData", QUERY));
    expect(result.partitions?.replaced).toEqual([1, 2, 3]);
    // the run pulled its studies in more than one pull: each pull's first page found the same faults
    expect(brandscapePulls().size).toBeGreaterThan(1);
    const keys = byCode(warnings, "FOUNTFRAME_UNMATCHED_METRIC_KEYS");
    expect(keys).toHaveLength(1);
    expect(keys[0]).toContain('"diferentiation"');
    const fields = byCode(warnings, "FOUNTFRAME_UNKNOWN_FIELD");
    expect(fields).toHaveLength(1);
    expect(fields[0]).toMatch(/"relevence_rank"$/);
    expect(hintRequests()).toBe(1);
  });

  it("says them again in the next run", async () => {
    await captureWarnings(() => fx.client.sync(fx.store, "brandscapeData", QUERY));
    fx.emulator.revise({ studies: [2] });
    const { warnings } = await captureWarnings(() => fx.client.sync(fx.store, "brandscapeData", QUERY));
    expect(byCode(warnings, "FOUNTFRAME_UNMATCHED_METRIC_KEYS")).toHaveLength(1);
    expect(byCode(warnings, "FOUNTFRAME_UNKNOWN_FIELD")).toHaveLength(1);
  });
});
