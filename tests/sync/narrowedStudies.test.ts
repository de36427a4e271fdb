import { IncompletePullError } from "../../src/sync/types";
import { ProxyAnswer, type Rewrite } from "./helpers/rewritingProxy";
import { useStoreFixture } from "./helpers/storeFixture";

const TOKEN = "narrowed-studies-token";

/**
 * A brandscape query that keeps some rows of each study (here one brand) can find none left in a
 * study the store holds rows of, as when the brand leaves the study at its re-release: the study is
 * emptied once each stored row of it is asked for and none is still served there; a row still
 * served refuses the run, as a study that came back empty without such a filter always does.
 */
describe("a study left with no rows of a narrowed query", () => {
  const fx = useStoreFixture(TOKEN, { proxy: true });
  const perStudy = async () =>
    (await fx.store.query("SELECT study_id, count(*) AS n FROM brandscape_data GROUP BY 1 ORDER BY 1")).values.map((row) =>
      (row as unknown[]).map(Number),
    );
  const marks = async () => (await fx.store.query("SELECT study_marks FROM fountframe_sync")).values;
  /** A brand with rows in studies 1 and 2. */
  const brandOfBoth = async () => {
    const frame = await fx.client.brandscapeData({ studies: [1, 2], fields: ["id", "study_id", "brand_name"] });
    const names = frame.column("brand_name").values as string[];
    const studies = frame.column("study_id").values.map(Number);
    return names.find((name) => names.some((other, at) => other === name && studies[at] === 2) && studies[names.indexOf(name)] === 1)!;
  };
  /** Lists without study 1's rows; its rows' items answer 404 when `gone`, and are served as they are otherwise. */
  const withoutStudy1 =
    (gone: boolean): Rewrite =>
    (path, _params, body) => {
      if (path === "brandscape-data") {
        const meta = body.meta as Record<string, number>;
        body.data = (body.data as Record<string, unknown>[]).filter((row) => Number(row.study_id) !== 1);
        if (meta.last_page === 1) meta.total = (body.data as unknown[]).length;
        // a pull of study 1 alone: the service says it has none
        if ((body.data as unknown[]).length === 0) Object.assign(meta, { total: 0, last_page: 1 });
        return body;
      }
      const item = body.data as Record<string, unknown> | undefined;
      if (gone && path.startsWith("brandscape-data/") && Number(item?.study_id) === 1)
        return new ProxyAnswer(404, { message: "Not found." });
      return undefined;
    };

  it("its stored rows no longer served: the study is emptied with its new mark, the other study kept", async () => {
    const query = { studies: [1, 2], brandName: await brandOfBoth() };
    await fx.client.sync(fx.store, "brandscapeData", query);
    const [[, inStudy1], study2] = await perStudy();
    expect(inStudy1).toBeGreaterThan(0);
    fx.emulator.revise({ studies: [1] });
    fx.proxy.rewrite(withoutStudy1(true));
    const report = await fx.client.sync(fx.store, "brandscapeData", query);
    expect(report).toMatchObject({ mode: "incremental", removed: inStudy1, partitions: { replaced: [1] } });
    expect(await perStudy()).toEqual([study2]);
    const second = await fx.client.sync(fx.store, "brandscapeData", query);
    expect(second).toMatchObject({ added: 0, removed: 0, partitions: { replaced: [] } });
  });

  it("a stored row of it still served: refused, rows and marks as they were", async () => {
    const query = { studies: [1, 2], brandName: await brandOfBoth() };
    await fx.client.sync(fx.store, "brandscapeData", query);
    const [rows, before] = [await perStudy(), await marks()];
    fx.emulator.revise({ studies: [1] });
    fx.proxy.rewrite(withoutStudy1(false));
    const refused = await fx.client.sync(fx.store, "brandscapeData", query).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(IncompletePullError);
    expect((refused as Error).message).toMatch(
      /the query's rows of study 1 came back none while the service still serves these rows of it/,
    );
    expect((refused as IncompletePullError).advice).toMatch(/sync the query into a new table, or delete them/);
    expect([await perStudy(), await marks()]).toEqual([rows, before]);
  });

  it("without such a filter a study that comes back empty is refused before any item is asked", async () => {
    const query = { studies: [1, 2] };
    await fx.client.sync(fx.store, "brandscapeData", query);
    fx.emulator.revise({ studies: [1] });
    fx.proxy.rewrite(withoutStudy1(true));
    await expect(fx.client.sync(fx.store, "brandscapeData", query)).rejects.toThrow(
      /came back without rows of it, while the store holds some/,
    );
  });
});
