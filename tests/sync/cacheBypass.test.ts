import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { useStoreFixture } from "./helpers/storeFixture";

const TOKEN = "sync-cache-token";
const STUDIES = { studies: [1, 2, 3], metricKeys: "differentiation" };

/** A sync always asks the service: a client's response cache would hand it answers older than the store's rows. */
describe("a sync by a client with a response cache", () => {
  const fx = useStoreFixture(TOKEN, { cache: true });

  it("sees a study revised since the last run (the lookup is asked again)", async () => {
    await fx.client.sync(fx.store, "brandscapeData", STUDIES);
    fx.emulator.revise({ studies: [2] });
    const later = await fx.client.sync(fx.store, "brandscapeData", STUDIES);
    expect(later.partitions).toEqual({ replaced: [2], removed: [] });
  });

  it("writes a full run's rows as the service has them now, and keeps the newer cursor", async () => {
    await fx.client.sync(fx.store, "brands", {});
    const cursorOf = async () => (await fx.store.tables()).find((table) => table.table === "brands")!.cursor;
    const before = await cursorOf();
    await new Promise((resolve) => setTimeout(resolve, 1100)); // updated_at is kept to the second
    fx.emulator.revise({ resource: "brands", ids: [5] });
    await fx.client.sync(fx.store, "brands", {});
    const revised = await cursorOf();
    expect(Date.parse(revised!)).toBeGreaterThan(Date.parse(before!));
    const full = await fx.client.sync(fx.store, "brands", { mode: "full" });
    expect(full).toMatchObject({ mode: "full", updated: 0, removed: 0 });
    expect(await cursorOf()).toBe(revised);
  });

  it("writes nothing into the cache", async () => {
    await fx.client.sync(fx.store, "brands", {});
    const cacheDir = join(fx.dir, "cache");
    const files = existsSync(cacheDir)
      ? readdirSync(cacheDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
      : [];
    expect(files).toEqual([]);
  });
});
