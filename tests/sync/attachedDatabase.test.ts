import { join } from "node:path";
import { useStoreFixture } from "./helpers/storeFixture";

const TOKEN = "attached-database-token";

/** A database attached to the store's connection (store.query("ATTACH ...")) holds tables of its own: a sync reads and writes the store's. */
describe("a sync beside an attached database", () => {
  const fx = useStoreFixture(TOKEN);

  it("fits the store's table to the pull, not an attached table of the same name", async () => {
    const first = await fx.client.sync(fx.store, "brands", {});
    await fx.store.query(`ATTACH '${join(fx.dir, "other.duckdb")}' AS other`);
    await fx.store.query("CREATE TABLE other.main.brands (id BIGINT, name BIGINT, nickname VARCHAR)");
    fx.emulator.revise({ resource: "brands", ids: [5] });
    fx.emulator.setFaults([{ kind: "revised", resource: "brands", field: "nickname", value: "b" }]);
    expect(await fx.client.sync(fx.store, "brands", {})).toMatchObject({
      mode: "incremental",
      rows: first.rows,
      addedColumns: ["nickname"],
      widenedColumns: [],
    });
    expect((await fx.store.query("SELECT count(*) AS n FROM other.main.brands")).values).toEqual([[0]]);
  });
});
