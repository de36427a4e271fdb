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
    await fx.byAnotherTool(`UPDATE fountframe_sync SET query = '{"filters":{"studies":"2,1"},"metricKeys":"differentiation"}'`);
    const report = await fx.client.sync(fx.store, "brandscapeData", { metricKeys: ["differentiation"], studies: [1, 2] });
    expect(report.mode).toBe("incremental");
    expect(await storedQuery()).toEqual({ filters: { studies: [1, 2] }, metricKeys: ["differentiation"] });
  });
});

describe("spellings that send the same request are one query", () => {
  const fx = useStoreFixture(TOKEN);
  const storedQuery = async () => (await fx.store.tables())[0].query;
  type Options = Parameters<Client["sync"]>[2];

  it("an empty list of fields or includes is none, and a sync of it holds every field, as a pull of it does", async () => {
    await fx.client.sync(fx.store, "brands", { fields: [], include: [] } as Options);
    expect(await storedQuery()).toEqual({});
    const pulled = await fx.client.brands({ fields: [] });
    const counted = await fx.store.query("SELECT count(*) AS n FROM information_schema.columns WHERE table_name = 'brands'");
    expect(Number(counted.column("n").values[0])).toBe(pulled.columns.length);
    for (const spelling of [{}, { include: [] }, { fields: "" }])
      expect((await fx.client.sync(fx.store, "brands", spelling as Options)).mode).toBe("incremental");
  });

  it("an item id as a number or as its digits, a known filter in filters or extraFilters", async () => {
    await fx.client.sync(fx.store, "brands", { brandId: "3", table: "one_brand" } as Options);
    expect((await fx.store.tables()).find((table) => table.table === "one_brand")!.query).toEqual({ brandId: 3 });
    expect((await fx.client.sync(fx.store, "brands", { brandId: 3, table: "one_brand" } as Options)).mode).toBe("incremental");
    await fx.client.sync(fx.store, "brandscapeData", { studies: [1, 2], metricKeys: KEYS, table: "bd" });
    const again = await fx.client.sync(fx.store, "brandscapeData", {
      extraFilters: { studies: [2, 1] },
      metricKeys: KEYS,
      table: "bd",
    } as Options);
    expect(again.mode).toBe("incremental");
  });

  it("a misspelt option is named with the near one among what sync takes (its own, not the paging it refuses)", async () => {
    const refused = fx.client.sync(fx.store, "brands", { tabel: "b" } as object);
    await expect(refused).rejects.toThrow(ValidationError);
    await expect(refused).rejects.toThrow(
      /^tabel: is not an option of brands \(did you mean table\?\); allowed: name, .*, table, mode, replaceUntrackedTable$/,
    );
    await expect(refused).rejects.not.toThrow(/maxPages|stackData|, page,|, query,/);
  });
});
