import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmulator, type Emulator } from "../../src/emulator";
import { Client } from "../../src/client/client";
import { openStore, type Store } from "../../src/store";

const TOKEN = "sync-cache-token";
const STUDIES = { studies: [1, 2, 3], metricKeys: "differentiation" };

/** A sync always asks the service: a client's response cache would hand it answers older than the store's rows. */
describe("a sync by a client with a response cache", () => {
  let emulator: Emulator;
  let client: Client;
  let dir: string;
  let store: Store;

  beforeEach(async () => {
    emulator = await startEmulator({ rateLimit: false, token: TOKEN });
    dir = mkdtempSync(join(tmpdir(), "fountframe-sync-cache-"));
    client = new Client(TOKEN, { baseUrl: emulator.url, verbose: false, retries: 0, cache: { dir: join(dir, "cache") } });
    store = await openStore(join(dir, "fount.duckdb"));
  });
  afterEach(async () => {
    await store.close();
    await client.aclose();
    await emulator.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("sees a study revised since the last run (the lookup is asked again)", async () => {
    await client.sync(store, "brandscapeData", STUDIES);
    emulator.revise({ studies: [2] });
    const later = await client.sync(store, "brandscapeData", STUDIES);
    expect(later.partitions).toEqual({ replaced: [2], removed: [] });
  });

  it("writes a full run's rows as the service has them now, and keeps the newer cursor", async () => {
    await client.sync(store, "brands", {});
    const cursorOf = async () => (await store.tables()).find((table) => table.table === "brands")!.cursor;
    const before = await cursorOf();
    await new Promise((resolve) => setTimeout(resolve, 1100)); // updated_at is kept to the second
    emulator.revise({ resource: "brands", ids: [5] });
    await client.sync(store, "brands", {});
    const revised = await cursorOf();
    expect(Date.parse(revised!)).toBeGreaterThan(Date.parse(before!));
    const full = await client.sync(store, "brands", { mode: "full" });
    expect(full).toMatchObject({ mode: "full", updated: 0, removed: 0 });
    expect(await cursorOf()).toBe(revised);
  });

  it("writes nothing into the cache", async () => {
    await client.sync(store, "brands", {});
    const cacheDir = join(dir, "cache");
    const files = existsSync(cacheDir)
      ? readdirSync(cacheDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
      : [];
    expect(files).toEqual([]);
  });
});
