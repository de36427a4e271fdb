import { Client } from "../../src/client/client";
import { ValidationError } from "../../src/errors";
import { useStoreFixture } from "./helpers/storeFixture";

const TOKEN = "query-forms-token";
const KEYS = ["differentiation", "esteem"];

/** One sync however it is spelled: option order, list order, comma text, a filter or a method parameter (issue 43). */
describe("a sync's query in its one canonical form", () => {
  const fx = useStoreFixture(TOKEN);
  const storedQuery = async () => (await fx.store.tables())[0].query;

  it("takes list values in any order, as comma text or as a filter, as the same query", async () => {
    await fx.client.sync(fx.store, "brandscapeData", { studies: [1, 2], metricKeys: KEYS });
    const canonical = { filters: { studies: [1, 2] }, metricKeys: KEYS };
    expect(await storedQuery()).toEqual(canonical);
    for (const spelling of [
      { studies: [2, 1], metricKeys: [...KEYS].reverse() },
      { studies: "2,1", metricKeys: "esteem,differentiation" },
      { filters: { studies: "1,2" }, metricKeys: "differentiation,esteem,esteem" },
      { filters: { study_id: undefined, studies: ["2", 1] }, metricKeys: KEYS },
    ]) {
      const report = await fx.client.sync(fx.store, "brandscapeData", spelling as Parameters<Client["sync"]>[2]);
      expect(report.mode).toBe("incremental");
      expect(await storedQuery()).toEqual(canonical);
    }
    await expect(fx.client.sync(fx.store, "brandscapeData", { studies: [1, 3], metricKeys: KEYS })).rejects.toThrow(ValidationError);
  });

  it("keeps the order of fields (the table's columns), and takes them as comma text or a list", async () => {
    await fx.client.sync(fx.store, "brands", { fields: ["name", "id"] });
    expect(await storedQuery()).toEqual({ fields: ["name", "id"] });
    expect((await fx.client.sync(fx.store, "brands", { fields: "name,id" })).mode).toBe("incremental");
    await expect(fx.client.sync(fx.store, "brands", { fields: ["id", "name"] })).rejects.toThrow(/holds a sync of brands/);
  });

  it("recognises a query an earlier version stored as it was given (the command line's comma text)", async () => {
    await fx.client.sync(fx.store, "brandscapeData", { studies: [1, 2], metricKeys: ["differentiation"] });
    await fx.store.query(`UPDATE fountframe_sync SET query = '{"filters":{"studies":"2,1"},"metricKeys":"differentiation"}'`);
    const report = await fx.client.sync(fx.store, "brandscapeData", { metricKeys: ["differentiation"], studies: [1, 2] });
    expect(report.mode).toBe("incremental");
    expect(await storedQuery()).toEqual({ filters: { studies: [1, 2] }, metricKeys: ["differentiation"] });
  });
});
