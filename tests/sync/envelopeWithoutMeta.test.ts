import { IncompletePullError } from "../../src/sync/types";
import { captureWarnings } from "../client/fixture";
import { useStoreFixture } from "./helpers/storeFixture";

const TOKEN = "no-meta-token";
const STUDIES = { studies: [1, 2, 3], metricKeys: "differentiation", perPage: 100 };

/** An answer without meta, or with links alone, as a proxy or another service may send it. */
const withoutMeta =
  (resource: string, dropLinks = false) =>
  (path: string, _params: URLSearchParams, body: Record<string, unknown>) => {
    if (path !== resource) return undefined;
    delete body.meta;
    if (dropLinks) delete body.links;
    return body;
  };

/** A page 1 that says neither meta.total nor meta.last_page cannot tell a whole pull: a sync refuses it, whatever onErrors says. */
describe("a sync whose first page has no meta", () => {
  const fx = useStoreFixture(TOKEN, { proxy: true });
  const snapshot = async (table: string) => [
    (await fx.store.query(`SELECT * FROM ${table} ORDER BY id`)).values,
    (await fx.store.query("SELECT * FROM fountframe_sync ORDER BY 1")).values,
  ];
  const refusal = (run: Promise<unknown>) =>
    captureWarnings(() =>
      run.then(
        () => undefined,
        (error: unknown) => error,
      ),
    ).then(({ result }) => result);

  it.each([false, true])("refuses a brands full run (links dropped too: %s) and keeps the 439 rows", async (dropLinks) => {
    await fx.client.sync(fx.store, "brands", {});
    const before = await snapshot("brands");
    fx.proxy.rewrite(withoutMeta("brands", dropLinks));
    const result = await refusal(fx.client.sync(fx.store, "brands", { mode: "full" }));
    expect(result).toBeInstanceOf(IncompletePullError);
    expect(String(result)).toMatch(
      /sync of brands \(brands\): .*page 1 said neither meta\.total nor (a )?meta\.last_page.*nothing of it was committed/,
    );
    expect(await snapshot("brands")).toEqual(before);
    expect(before[0]).toHaveLength(439);
  });

  it("refuses an incremental brandscape run whose revised study came without meta: the study keeps its rows and mark", async () => {
    await fx.client.sync(fx.store, "brandscapeData", STUDIES);
    const before = await snapshot("brandscape_data");
    fx.emulator.revise({ studies: [2] });
    fx.proxy.rewrite(withoutMeta("brandscape-data"));
    const result = await refusal(fx.client.sync(fx.store, "brandscapeData", STUDIES));
    expect(result).toBeInstanceOf(IncompletePullError);
    expect(String(result)).toMatch(/study 2: .*page 1 said neither meta\.total nor (a )?meta\.last_page/);
    expect(await snapshot("brandscape_data")).toEqual(before);
  });

  it("refuses a study lookup without meta before it takes any study for gone", async () => {
    await fx.client.sync(fx.store, "brandscapeData", STUDIES);
    const before = await snapshot("brandscape_data");
    fx.proxy.rewrite(withoutMeta("studies"));
    for (const mode of ["auto", "full"] as const) {
      const result = await refusal(fx.client.sync(fx.store, "brandscapeData", { ...STUDIES, mode }));
      expect(result).toBeInstanceOf(IncompletePullError);
      expect(String(result)).toMatch(/the study lookup: .*page 1 said neither meta\.total nor (a )?meta\.last_page/);
      expect(await snapshot("brandscape_data")).toEqual(before);
    }
  });
});
