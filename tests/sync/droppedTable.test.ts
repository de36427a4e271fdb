import { useStoreFixture } from "./helpers/storeFixture";

const TOKEN = "dropped-table-token";
const STUDIES = { studies: [1, 2, 3], metricKeys: "differentiation" };

/** A tracked table the user dropped is synced again whole: its marks and cursor speak of rows no longer there. */
describe("a sync of a tracked table that was dropped", () => {
  const fx = useStoreFixture(TOKEN);
  const count = async (table: string) => Number((await fx.store.query(`SELECT count(*) AS n FROM ${table}`)).column("n").values[0]);

  it("makes a resource's run a full one: every row again, not the changes alone", async () => {
    const first = await fx.client.sync(fx.store, "brands", {});
    await fx.store.query("DROP TABLE brands");
    fx.emulator.revise({ resource: "brands", ids: [5] });
    const again = await fx.client.sync(fx.store, "brands", {});
    expect(again).toMatchObject({ mode: "full", added: first.rows, rows: first.rows, removed: 0 });
    expect(await count("brands")).toBe(first.rows);
    expect(await fx.client.sync(fx.store, "brands", {})).toMatchObject({ mode: "incremental", rows: first.rows });
  });

  it("makes a brandscape run a full one: every study pulled again, whatever its mark", async () => {
    const first = await fx.client.sync(fx.store, "brandscapeData", STUDIES);
    await fx.store.query("DROP TABLE brandscape_data");
    const again = await fx.client.sync(fx.store, "brandscapeData", STUDIES);
    expect(again).toMatchObject({ mode: "full", rows: first.rows, added: first.rows, partitions: { replaced: [1, 2, 3], removed: [] } });
    expect(await count("brandscape_data")).toBe(first.rows);
  });
});
