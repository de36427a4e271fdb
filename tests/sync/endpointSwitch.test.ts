import { useStoreFixture } from "./helpers/storeFixture";

const TOKEN = "endpoint-switch-token";

/** mode "full" into a tracked table of another endpoint replaces the table whole, as a first run would make it. */
describe("a full sync of another endpoint into a tracked table", () => {
  const fx = useStoreFixture(TOKEN);
  const columnsOf = async (table: string) => (await fx.store.query(`SELECT * FROM ${table} LIMIT 0`)).columns;

  it("takes brandscape data into a table that held brands, with the columns a first run gives", async () => {
    const brands = await fx.client.sync(fx.store, "brands", { table: "t" });
    const query = { studies: [5], metricKeys: ["esteem"], table: "t" };
    await expect(fx.client.sync(fx.store, "brandscapeData", query)).rejects.toThrow(/^table: t holds a sync of brands/);
    const report = await fx.client.sync(fx.store, "brandscapeData", { ...query, mode: "full" });
    // every brand row went: counted as removed
    expect(report).toMatchObject({ mode: "full", removed: brands.rows });
    expect(report.added).toBeGreaterThan(0);
    await fx.client.sync(fx.store, "brandscapeData", { ...query, table: "fresh" });
    expect(await columnsOf("t")).toEqual(await columnsOf("fresh"));
    const tracked = (await fx.store.tables()).find((table) => table.table === "t")!;
    expect(tracked.endpoint).toBe("brandscapeData");
    // the next run is incremental: the table is the brandscape sync's now
    expect(await fx.client.sync(fx.store, "brandscapeData", query)).toMatchObject({ mode: "incremental", added: 0, removed: 0 });
  });

  it("leaves none of the other endpoint's columns in a resource's table", async () => {
    const brands = await fx.client.sync(fx.store, "brands", { table: "v" });
    const studies = await fx.client.sync(fx.store, "studies", { table: "v", mode: "full" });
    expect(studies).toMatchObject({ mode: "full", removed: brands.rows, added: studies.rows });
    await fx.client.sync(fx.store, "studies", { table: "fresh" });
    expect(await columnsOf("v")).toEqual(await columnsOf("fresh"));
    const [count] = (await fx.store.query("SELECT (SELECT count(*) FROM v) - (SELECT count(*) FROM fresh) AS d")).column("d").values;
    expect(count).toBe(0);
  });
});

/**
 * mode "full" of another query of the same method replaces the table's rows: those the new query
 * does not bring are out of it, not deleted, and go without an item request each (the service
 * still serves them, which would otherwise read as pages that shifted).
 */
describe("a full sync of another query into a tracked table", () => {
  const fx = useStoreFixture(TOKEN);
  const ids = async (table: string) => (await fx.store.query(`SELECT id FROM ${table} ORDER BY id`)).column("id").values.map(Number);
  const itemRequests = () =>
    fx.emulator.stats.log.filter((entry) => /^\/api\/v2\/[a-z-]+\/\d+/.test(new URL(entry.path, "http://x").pathname)).length;

  it("brands: the rows become the narrower query's, then its incremental runs go on", async () => {
    await fx.client.sync(fx.store, "brands", { table: "b" });
    const narrower = { filters: { countryCodes: ["US"] }, table: "b" };
    fx.emulator.resetStats();
    const report = await fx.client.sync(fx.store, "brands", { ...narrower, mode: "full" });
    expect(itemRequests()).toBe(0);
    await fx.client.sync(fx.store, "brands", { ...narrower, table: "fresh" });
    expect(await ids("b")).toEqual(await ids("fresh"));
    expect(report.removed).toBeGreaterThan(0);
    expect(await fx.client.sync(fx.store, "brands", narrower)).toMatchObject({ mode: "incremental", removed: 0 });
  });

  it("brandscape data: a query narrowed to one brand keeps only that brand's rows of each study", async () => {
    const query = { studies: [1, 2], table: "d" };
    await fx.client.sync(fx.store, "brandscapeData", query);
    const [name] = (await fx.store.query("SELECT brand_name FROM d WHERE study_id = 1 LIMIT 1")).column("brand_name").values as string[];
    // two rows a page: each study's pull is pages, whose removals would be asked for one by one
    const narrowed = { ...query, brandName: name, perPage: 2 };
    fx.emulator.resetStats();
    await fx.client.sync(fx.store, "brandscapeData", { ...narrowed, mode: "full" });
    expect(itemRequests()).toBe(0);
    await fx.client.sync(fx.store, "brandscapeData", { ...narrowed, table: "fresh" });
    expect(await ids("d")).toEqual(await ids("fresh"));
    expect(await fx.client.sync(fx.store, "brandscapeData", narrowed)).toMatchObject({ mode: "incremental", added: 0, removed: 0 });
  });
});
