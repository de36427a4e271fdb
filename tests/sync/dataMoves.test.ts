import { useStoreFixture } from "./helpers/storeFixture";

const TOKEN = "data-moves-token";

/**
 * A study's data can move (a revised brandscape: `data_updated_at`) while its record's `updated_at`
 * stays: an incremental run of studies asks for both kinds of change.
 */
describe("an incremental sync of studies whose data moved", () => {
  const fx = useStoreFixture(TOKEN);
  const storedDataUpdatedAt = async (id: number) =>
    (await fx.store.query(`SELECT data_updated_at FROM studies WHERE id = ${id}`)).column("data_updated_at").values[0];

  it("takes the study whose data_updated_at moved though its updated_at did not", async () => {
    await fx.client.sync(fx.store, "studies", {});
    const before = await storedDataUpdatedAt(2);
    const { at } = fx.emulator.revise({ studies: [2] });
    const later = await fx.client.sync(fx.store, "studies", {});
    expect(later).toMatchObject({ mode: "incremental", updated: 1, added: 0, removed: 0 });
    expect(await storedDataUpdatedAt(2)).toBe(at);
    expect(await storedDataUpdatedAt(2)).not.toBe(before);
    const again = await fx.client.sync(fx.store, "studies", {});
    expect(again).toMatchObject({ mode: "incremental", updated: 0, added: 0 });
  });

  it("takes a study both changes brought once", async () => {
    await fx.client.sync(fx.store, "studies", {});
    fx.emulator.revise({ studies: [2] });
    fx.emulator.revise({ resource: "studies", ids: [2, 3] });
    const later = await fx.client.sync(fx.store, "studies", {});
    expect(later).toMatchObject({ mode: "incremental", updated: 2, added: 0 });
    expect((await fx.store.query("SELECT count(*) - count(DISTINCT id) AS twice FROM studies")).column("twice").values[0]).toBe(0);
  });

  it("keeps the query's own filters in the second pull: a moved study outside them stays out", async () => {
    await fx.client.sync(fx.store, "studies", { countryCodes: "US" });
    fx.emulator.revise({ studies: [2] }); // Canada 2012
    const later = await fx.client.sync(fx.store, "studies", { countryCodes: "US" });
    expect(later).toMatchObject({ mode: "incremental", updated: 0, added: 0 });
    expect((await fx.store.query("SELECT count(*) AS n FROM studies WHERE id = 2")).column("n").values[0]).toBe(0);
  });
});
