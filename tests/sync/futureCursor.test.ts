import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmulator, type Emulator } from "../../src/emulator";
import { Client } from "../../src/client/client";
import { openStore, type Store } from "../../src/store";
import { rewritingProxy, type RewritingProxy } from "./helpers/rewritingProxy";

const TOKEN = "future-cursor-token";
const FUTURE = "2099-01-01T00:00:00.000000Z";

/** One record stamped in the future must not freeze a resource's cursor: it is capped at the time the run started. */
describe("a resource's cursor and a record stamped in the future", () => {
  let emulator: Emulator;
  let proxy: RewritingProxy;
  let client: Client;
  let dir: string;
  let store: Store;
  const cursor = async () => (await store.tables())[0].cursor!;

  beforeEach(async () => {
    emulator = await startEmulator({ rateLimit: false, token: TOKEN });
    proxy = await rewritingProxy(emulator.url);
    client = new Client(TOKEN, { baseUrl: proxy.url, verbose: false, retries: 0 });
    dir = mkdtempSync(join(tmpdir(), "fountframe-future-"));
    store = await openStore(join(dir, "fount.duckdb"));
    // brand 5 says it was updated in 2099, in every answer
    proxy.rewrite((path, _params, body) => {
      if (path !== "brands") return undefined;
      for (const record of body.data as Record<string, unknown>[]) if (record.id === 5) record.updated_at = FUTURE;
      return body;
    });
  });
  afterEach(async () => {
    await store.close();
    await client.aclose();
    await proxy.close();
    await emulator.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("keeps the cursor at most the run's start, so that later changes are still seen", async () => {
    const started = Date.now();
    await client.sync(store, "brands", {});
    expect(Date.parse(await cursor())).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(await cursor())).toBeGreaterThanOrEqual(started - 1000);
    emulator.revise({ resource: "brands", ids: [7] });
    const later = await client.sync(store, "brands", {});
    expect(later).toMatchObject({ mode: "incremental", updated: 1 });
  });

  it("runs full once when a stored cursor is past the run's start (a store an earlier version froze)", async () => {
    await client.sync(store, "brands", {});
    await store.query(`UPDATE fountframe_sync SET cursor = '${FUTURE}'`);
    emulator.revise({ resource: "brands", ids: [7] });
    const healed = await client.sync(store, "brands", {});
    expect(healed).toMatchObject({ mode: "full", updated: 1 });
    expect(Date.parse(await cursor())).toBeLessThanOrEqual(Date.now());
  });
});
