import { IncompletePullError } from "../../src/sync/types";
import { type Rewrite } from "./helpers/rewritingProxy";
import { useStoreFixture } from "./helpers/storeFixture";

const TOKEN = "study-ids-token";
const STUDIES = { studies: [1, 2, 3], metricKeys: "differentiation" };

/** The studies a brandscape-data request asked for (filter[studies]). */
const askedStudies = (params: URLSearchParams) => (params.get("filter[studies]") ?? "").split(",").filter(Boolean).map(Number);

/** Every record of a pull that asks for `study` comes labelled with another study's id. */
const relabelled =
  (study: number, as: number): Rewrite =>
  (path, params, body) => {
    if (path !== "brandscape-data" || !askedStudies(params).includes(study)) return undefined;
    for (const record of body.data as Record<string, unknown>[]) record.study_id = as;
    return body;
  };

/** A pull that asks for `study` alone answers no records. */
const emptyFor =
  (study: number): Rewrite =>
  (path, params, body) => {
    if (path !== "brandscape-data" || askedStudies(params).join() !== String(study)) return undefined;
    return { ...body, data: [], meta: { ...(body.meta as object), total: 0, last_page: 1, from: null, to: null } };
  };

/** A brandscape pull's rows must be the studies it asked for: rows of other studies are never dropped silently. */
describe("a brandscape sync whose rows are not of the studies asked", () => {
  const fx = useStoreFixture(TOKEN, { proxy: true });
  const byStudy = async () =>
    (await fx.store.query("SELECT study_id, count(*) AS n FROM brandscape_data GROUP BY 1 ORDER BY 1")).values.map((row) =>
      (row as unknown[]).map(Number),
    );
  const marks = async () => JSON.parse(String((await fx.store.query("SELECT study_marks FROM fountframe_sync")).values[0])) as object;

  it("refuses a first run's group whose rows say another study: no study of it committed, nor marked; the next run pulls them", async () => {
    fx.proxy.rewrite(relabelled(2, 99));
    const refused: unknown = await fx.client.sync(fx.store, "brandscapeData", STUDIES).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(IncompletePullError);
    expect(String(refused)).toMatch(
      /studies 2,3: the pull asked for studies 2,3 but its rows are of studies 99.*nothing of these studies was committed/,
    );
    const held = await byStudy();
    expect(held.map(([study]) => study)).toEqual([1]);
    expect(Object.keys(await marks())).toEqual(["1"]);
    fx.proxy.rewrite(undefined);
    const repaired = await fx.client.sync(fx.store, "brandscapeData", STUDIES);
    expect(repaired.partitions).toEqual({ replaced: [2, 3], removed: [] });
    expect((await byStudy()).map(([study]) => study)).toEqual([1, 2, 3]);
  });

  it("refuses a full run's group whose rows say another study, and keeps its studies' rows and marks", async () => {
    await fx.client.sync(fx.store, "brandscapeData", STUDIES);
    const [before, marksBefore] = [await byStudy(), await marks()];
    fx.proxy.rewrite(relabelled(2, 99));
    await expect(fx.client.sync(fx.store, "brandscapeData", { ...STUDIES, mode: "full" })).rejects.toThrow(
      /the pull asked for studies 2,3 but its rows are of studies 99/,
    );
    expect(await byStudy()).toEqual(before);
    expect(Object.keys(await marks())).toEqual(["1"]); // a full run forgets the marks of the studies it has still to pull
    expect(marksBefore).toHaveProperty("3");
  });

  it("refuses, in a full run too, a study the lookup lists with a mark that comes back without rows while the store holds some", async () => {
    await fx.client.sync(fx.store, "brandscapeData", STUDIES);
    const before = await byStudy();
    fx.proxy.rewrite(emptyFor(1));
    await expect(fx.client.sync(fx.store, "brandscapeData", { ...STUDIES, mode: "full" })).rejects.toThrow(
      /study 1: the lookup lists 1 .*but the brandscape data came back without rows of it/,
    );
    expect(await byStudy()).toEqual(before);
  });
});
