import { useStoreFixture } from "./helpers/storeFixture";

const TOKEN = "future-cursor-token";
const FUTURE = "2099-01-01T00:00:00.000000Z";

/** One record stamped in the future must not freeze a resource's cursor: it is capped at the time the run started. */
describe("a resource's cursor and a record stamped in the future", () => {
  const fx = useStoreFixture(TOKEN, { proxy: true });
  const cursor = async () => (await fx.store.tables())[0].cursor!;

  beforeEach(() => {
    // brand 5 says it was updated in 2099, in every answer
    fx.proxy.rewrite((path, _params, body) => {
      if (path !== "brands") return undefined;
      for (const record of body.data as Record<string, unknown>[]) if (record.id === 5) record.updated_at = FUTURE;
      return body;
    });
  });

  it("keeps the cursor at most the run's start, so that later changes are still seen", async () => {
    const started = Date.now();
    await fx.client.sync(fx.store, "brands", {});
    expect(Date.parse(await cursor())).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(await cursor())).toBeGreaterThanOrEqual(started - 1000);
    fx.emulator.revise({ resource: "brands", ids: [7] });
    const later = await fx.client.sync(fx.store, "brands", {});
    expect(later).toMatchObject({ mode: "incremental", updated: 1 });
  });

  it("runs full once when a stored cursor is past the run's start (a store an earlier version froze)", async () => {
    await fx.client.sync(fx.store, "brands", {});
    await fx.byAnotherTool(`UPDATE fountframe_sync SET cursor = '${FUTURE}'`);
    fx.emulator.revise({ resource: "brands", ids: [7] });
    const healed = await fx.client.sync(fx.store, "brands", {});
    expect(healed).toMatchObject({ mode: "full", updated: 1 });
    expect(Date.parse(await cursor())).toBeLessThanOrEqual(Date.now());
  });
});
