import { IncompletePullError } from "../../src/sync/types";
import { type Rewrite } from "./helpers/rewritingProxy";
import { useStoreFixture } from "./helpers/storeFixture";

const TOKEN = "moved-ids-token";
const QUERY = { studies: [1, 2, 3], metricKeys: "esteem" };

/** Brandscape records whose id is a key of `ids` come with that key's value as their id. */
const renumbered =
  (ids: ReadonlyMap<number, number>): Rewrite =>
  (path, _params, body) => {
    if (path !== "brandscape-data") return undefined;
    for (const record of body.data as Record<string, unknown>[]) {
      const id = ids.get(Number(record.id));
      if (id !== undefined) record.id = id;
    }
    // in id order again, as the service sorts (the ids renumbered are next to each other)
    (body.data as Record<string, unknown>[]).sort((x, y) => Number(x.id) - Number(y.id));
    return body;
  };

/**
 * A row the service moves from one study to another (its id now in the other study's data) is
 * stored under the study that holds it now: the studies it moved between are replaced together,
 * whatever the order they are pulled in; an id the service lists in two studies at once is refused.
 */
describe("a brandscape row that moved to another study", () => {
  const fx = useStoreFixture(TOKEN, { proxy: true });
  const stored = async () =>
    (await fx.store.query("SELECT id, study_id FROM brandscape_data ORDER BY id")).values.map((row) => (row as unknown[]).map(Number));
  /** Two ids next to each other in id order, one of study 1, one of study 2 (swapped, every pull stays in id order). */
  const edge = async () => {
    const rows = await stored();
    const at = rows.findIndex(([, study], k) => k > 0 && study * rows[k - 1][1] === 2);
    const [a, b] = rows[at - 1][1] === 1 ? [rows[at - 1][0], rows[at][0]] : [rows[at][0], rows[at - 1][0]];
    return [a, b] as const;
  };
  const fresh = async () => {
    const frame = await fx.client.brandscapeData(QUERY);
    const ids = frame.column("id").values.map(Number);
    const studies = frame.column("study_id").values.map(Number);
    return ids.map((id, at) => [id, studies[at]]).sort((a, b) => a[0] - b[0]);
  };

  it.each([
    ["both studies revised", [1, 2]],
    ["only the study it moved into revised", [1]],
    ["only the study it moved out of revised", [2]],
  ])("%s: the table equals a fresh pull", async (_, revised) => {
    await fx.client.sync(fx.store, "brandscapeData", QUERY);
    const [a, b] = await edge();
    fx.proxy.rewrite(
      renumbered(
        new Map([
          [a, b],
          [b, a],
        ]),
      ),
    );
    fx.emulator.revise({ studies: revised });
    const result = await fx.client.sync(fx.store, "brandscapeData", QUERY);
    expect(result.mode).toBe("incremental");
    expect(result.partitions?.replaced).toEqual([1, 2]);
    expect(await stored()).toEqual(await fresh());
    expect(await fx.client.sync(fx.store, "brandscapeData", QUERY)).toMatchObject({ partitions: { replaced: [] } });
  });

  it("refuses an id the service lists in two studies at once, the rows and marks as they were", async () => {
    await fx.client.sync(fx.store, "brandscapeData", QUERY);
    const before = await stored();
    const marks = (await fx.store.query("SELECT study_marks FROM fountframe_sync")).values;
    const [a, b] = await edge();
    fx.proxy.rewrite(renumbered(new Map([[a, b]])));
    fx.emulator.revise({ studies: [1] });
    const refused: unknown = await fx.client.sync(fx.store, "brandscapeData", QUERY).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(IncompletePullError);
    expect((refused as Error).message).toMatch(/came twice/);
    expect(await stored()).toEqual(before);
    expect((await fx.store.query("SELECT study_marks FROM fountframe_sync")).values).toEqual(marks);
  });
});
