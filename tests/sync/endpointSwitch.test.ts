import { useStoreFixture } from "./helpers/storeFixture";

const TOKEN = "endpoint-switch-token";

/** mode "full" into a tracked table of another endpoint replaces the table whole, as a first run would make it. */
describe("a full sync of another endpoint into a tracked table", () => {
  const fx = useStoreFixture(TOKEN);
  const columnsOf = async (table: string) => (await fx.store.query(`SELECT * FROM ${table} LIMIT 0`)).columns;

  it("takes brandscape data into a table that held brands, with the columns a first run gives", async () => {
    await fx.client.sync(fx.store, "brands", { table: "t" });
    const query = { studies: [5], metricKeys: ["esteem"], table: "t" };
    await expect(fx.client.sync(fx.store, "brandscapeData", query)).rejects.toThrow(/^table: t holds a sync of brands/);
    const report = await fx.client.sync(fx.store, "brandscapeData", { ...query, mode: "full" });
    expect(report).toMatchObject({ mode: "full", removed: 0 });
    expect(report.added).toBeGreaterThan(0);
    await fx.client.sync(fx.store, "brandscapeData", { ...query, table: "fresh" });
    expect(await columnsOf("t")).toEqual(await columnsOf("fresh"));
    const tracked = (await fx.store.tables()).find((table) => table.table === "t")!;
    expect(tracked.endpoint).toBe("brandscapeData");
    // the next run is incremental: the table is the brandscape sync's now
    expect(await fx.client.sync(fx.store, "brandscapeData", query)).toMatchObject({ mode: "incremental", added: 0, removed: 0 });
  });

  it("leaves none of the other endpoint's columns in a resource's table", async () => {
    await fx.client.sync(fx.store, "brands", { table: "v" });
    await fx.client.sync(fx.store, "studies", { table: "v", mode: "full" });
    await fx.client.sync(fx.store, "studies", { table: "fresh" });
    expect(await columnsOf("v")).toEqual(await columnsOf("fresh"));
    const [count] = (await fx.store.query("SELECT (SELECT count(*) FROM v) - (SELECT count(*) FROM fresh) AS d")).column("d").values;
    expect(count).toBe(0);
  });
});
