import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmulator, type Emulator } from "../../src/emulator";
import { Client } from "../../src/client/client";
import { openStore, type Store } from "../../src/store";
import { ValidationError } from "../../src/errors";

const TOKEN = "query-forms-token";
const KEYS = ["differentiation", "esteem"];

/** One sync however it is spelled: option order, list order, comma text, a filter or a method parameter (issue 43). */
describe("a sync's query in its one canonical form", () => {
  let emulator: Emulator;
  let client: Client;
  let dir: string;
  let store: Store;
  const storedQuery = async () => (await store.tables())[0].query;

  beforeEach(async () => {
    emulator = await startEmulator({ rateLimit: false, token: TOKEN });
    client = new Client(TOKEN, { baseUrl: emulator.url, verbose: false, retries: 0 });
    dir = mkdtempSync(join(tmpdir(), "fountframe-query-forms-"));
    store = await openStore(join(dir, "fount.duckdb"));
  });
  afterEach(async () => {
    await store.close();
    await client.aclose();
    await emulator.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("takes list values in any order, as comma text or as a filter, as the same query", async () => {
    await client.sync(store, "brandscapeData", { studies: [1, 2], metricKeys: KEYS });
    const canonical = { filters: { studies: [1, 2] }, metricKeys: KEYS };
    expect(await storedQuery()).toEqual(canonical);
    for (const spelling of [
      { studies: [2, 1], metricKeys: [...KEYS].reverse() },
      { studies: "2,1", metricKeys: "esteem,differentiation" },
      { filters: { studies: "1,2" }, metricKeys: "differentiation,esteem,esteem" },
      { filters: { study_id: undefined, studies: ["2", 1] }, metricKeys: KEYS },
    ]) {
      const report = await client.sync(store, "brandscapeData", spelling as Parameters<Client["sync"]>[2]);
      expect(report.mode).toBe("incremental");
      expect(await storedQuery()).toEqual(canonical);
    }
    await expect(client.sync(store, "brandscapeData", { studies: [1, 3], metricKeys: KEYS })).rejects.toThrow(ValidationError);
  });

  it("keeps the order of fields (the table's columns), and takes them as comma text or a list", async () => {
    await client.sync(store, "brands", { fields: ["name", "id"] });
    expect(await storedQuery()).toEqual({ fields: ["name", "id"] });
    expect((await client.sync(store, "brands", { fields: "name,id" })).mode).toBe("incremental");
    await expect(client.sync(store, "brands", { fields: ["id", "name"] })).rejects.toThrow(/holds a sync of brands/);
  });

  it("recognises a query an earlier version stored as it was given (the command line's comma text)", async () => {
    await client.sync(store, "brandscapeData", { studies: [1, 2], metricKeys: ["differentiation"] });
    await store.query(`UPDATE fountframe_sync SET query = '{"filters":{"studies":"2,1"},"metricKeys":"differentiation"}'`);
    const report = await client.sync(store, "brandscapeData", { metricKeys: ["differentiation"], studies: [1, 2] });
    expect(report.mode).toBe("incremental");
    expect(await storedQuery()).toEqual({ filters: { studies: [1, 2] }, metricKeys: ["differentiation"] });
  });
});
