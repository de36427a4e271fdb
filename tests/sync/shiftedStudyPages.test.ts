import { IncompletePullError } from "../../src/sync/types";
import type { Rewrite } from "./helpers/rewritingProxy";
import { useStoreFixture } from "./helpers/storeFixture";

const TOKEN = "shifted-study-token";
const STUDIES = { studies: [1, 2, 3], metricKeys: "differentiation", perPage: 100 };

/**
 * A study's pull whose pages shifted under it, as when a row before page 2 is removed and another
 * added at the end between pages 1 and 2: page 2 starts one row later, and the last page ends with
 * the new row; meta.total holds and no id comes twice.
 */
const shifted: Rewrite = (path, params, body) => {
  if (path !== "brandscape-data" || !params.has("page")) return undefined;
  const data = body.data as Record<string, unknown>[];
  const meta = body.meta as { current_page: number; last_page: number };
  if (meta.current_page === 2) data.shift();
  if (meta.current_page === meta.last_page) data.push({ ...data[data.length - 1], id: 999_999_999 });
  return body;
};

/** Issue 43 for brandscape data: a study re-pulled whole drops no stored row the service still has. */
describe("a brandscape study re-pulled over pages that shifted", () => {
  const fx = useStoreFixture(TOKEN, { proxy: true });
  const snapshot = async () => [
    (await fx.store.query("SELECT * FROM brandscape_data ORDER BY id")).values,
    (await fx.store.query("SELECT * FROM fountframe_sync ORDER BY 1")).values,
  ];

  it("refuses the study, naming the row skipped, and keeps its rows and mark", async () => {
    await fx.client.sync(fx.store, "brandscapeData", STUDIES);
    const before = await snapshot();
    const studyIds = (await fx.store.query("SELECT id FROM brandscape_data WHERE study_id = 2 ORDER BY id")).column("id").values;
    expect(studyIds.length).toBeGreaterThan(100);
    fx.emulator.revise({ studies: [2] });
    fx.proxy.rewrite(shifted);
    const refused: unknown = await fx.client.sync(fx.store, "brandscapeData", STUDIES).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(IncompletePullError);
    expect(String(refused)).toMatch(
      new RegExp(
        `study 2: the service still has id ${String(studyIds[100])} .*the pages shifted during the pull.*nothing of these studies was committed`,
      ),
    );
    expect(await snapshot()).toEqual(before);
  });

  it("replaces a study as before when its pages did not shift: no item asked", async () => {
    await fx.client.sync(fx.store, "brandscapeData", STUDIES);
    fx.emulator.revise({ studies: [2] });
    const items: string[] = [];
    fx.proxy.rewrite((path) => {
      if (path.startsWith("brandscape-data/")) items.push(path);
      return undefined;
    });
    const report = await fx.client.sync(fx.store, "brandscapeData", STUDIES);
    expect(items).toEqual([]);
    expect(report.partitions).toEqual({ replaced: [2], removed: [] });
    expect(report.removed).toBe(0);
  });

  it("takes the row between two pages as moved, not skipped, when the service serves it in a study outside the pull", async () => {
    await fx.client.sync(fx.store, "brandscapeData", STUDIES);
    const studyIds = (await fx.store.query("SELECT id FROM brandscape_data WHERE study_id = 2 ORDER BY id")).column("id").values;
    const moved = String(studyIds[100]);
    fx.emulator.revise({ studies: [2] });
    fx.proxy.rewrite((path, params, body) => {
      if (path === `brandscape-data/${moved}`) (body.data as Record<string, unknown>).study_id = 3;
      return shifted(path, params, body);
    });
    const report = await fx.client.sync(fx.store, "brandscapeData", STUDIES);
    expect(report).toMatchObject({ added: 1, removed: 1, partitions: { replaced: [2], removed: [] } });
    expect((await fx.store.query(`SELECT count(*) AS n FROM brandscape_data WHERE id = ${moved}`)).values).toEqual([[0]]);
  });
});

/** A study whose pull holds an id served as text: its pages are not in id order, and its ids are compared as pulled. */
describe("a brandscape study with an id served as text", () => {
  const fx = useStoreFixture(TOKEN, { proxy: true });

  it("is replaced whole when it is revised with the same ids", async () => {
    const textId = (study: number) => {
      let renamed: unknown;
      return (path: string, params: URLSearchParams, body: Record<string, unknown>) => {
        if (path !== "brandscape-data" || !Array.isArray(body.data)) return undefined;
        const row = (body.data as Record<string, unknown>[]).find((record) => record.study_id === study);
        if (row === undefined) return body;
        renamed ??= row.id;
        if (row.id === renamed) row.id = `x${String(renamed)}`;
        return body;
      };
    };
    fx.proxy.rewrite(textId(3));
    await fx.client.sync(fx.store, "brandscapeData", STUDIES);
    const before = (await fx.store.query("SELECT count(*) AS n FROM brandscape_data WHERE id LIKE 'x%'")).values;
    expect(before).toEqual([[1]]);
    fx.emulator.revise({ studies: [3] });
    const report = await fx.client.sync(fx.store, "brandscapeData", STUDIES);
    expect(report.partitions).toEqual({ replaced: [3], removed: [] });
    expect(report).toMatchObject({ added: 0, removed: 0 });
    expect((await fx.store.query("SELECT count(*) AS n FROM brandscape_data WHERE id LIKE 'x%'")).values).toEqual([[1]]);
  });
});
