import { captureWarnings } from "../client/fixture";
import { useStoreFixture } from "./helpers/storeFixture";

const TOKEN = "run-warnings-token";
// a name the docs do not give (country_code is), which the types refuse too
const MISSPELT = { country_codes: "US" } as Record<string, unknown> as Record<string, never>;

/** A sync pulls in many requests (the study lookup, a group of studies at a time): what it warns of the query, it warns of once. */
describe("a sync's warnings about its query", () => {
  const fx = useStoreFixture(TOKEN);

  it("names a misspelt filter in one warning per run, however many groups of studies it pulls", async () => {
    const { result, warnings } = await captureWarnings(() =>
      fx.client.sync(fx.store, "brandscapeData", { studies: [1, 2, 3], metricKeys: "differentiation", filters: MISSPELT }),
    );
    expect(result.partitions?.replaced).toEqual([1, 2, 3]);
    const unknownFilter = warnings.filter((warning) => (warning as { code?: string }).code === "FOUNTFRAME_UNKNOWN_FILTER");
    expect(unknownFilter.map((warning) => warning.message)).toEqual([expect.stringMatching(/country_codes: did you mean country_code\?/)]);
  });
  it("names a slow filter combination once per run too", async () => {
    const { warnings } = await captureWarnings(() =>
      fx.client.sync(fx.store, "brandscapeData", { studies: [1, 2, 3], brandName: "Toyota", metricKeys: "differentiation" }),
    );
    const slow = warnings.filter((warning) => (warning as { code?: string }).code === "FOUNTFRAME_SLOW_FILTER");
    expect(slow.map((warning) => warning.message)).toEqual([
      expect.stringMatching(/filtering by study \+ brand is not a left-to-right prefix/),
    ]);
  });
});
