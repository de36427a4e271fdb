// A constraint the user added to a synced table (the store makes none) refuses a run's rows: told as such, nothing committed.
import { ValueError } from "../../src/errors";
import { useStoreFixture } from "./helpers/storeFixture";

describe("a NOT NULL the user set on a column of a synced table", () => {
  const fixture = useStoreFixture("users-constraints-s3cr3t");

  it("a run whose rows break it is a ValueError saying what to drop; the table is as it was", async () => {
    await fixture.client.sync(fixture.store, "brands");
    await fixture.store.query("ALTER TABLE brands ADD COLUMN note INTEGER DEFAULT 7");
    await fixture.store.query("ALTER TABLE brands ALTER COLUMN note SET NOT NULL");
    const before = await fixture.store.query("SELECT * FROM brands ORDER BY id");
    fixture.emulator.revise({ resource: "brands", ids: [3] });
    const run = fixture.client.sync(fixture.store, "brands");
    await expect(run).rejects.toThrow(ValueError);
    await expect(fixture.client.sync(fixture.store, "brands")).rejects.toThrow(
      /^Constraint Error: NOT NULL constraint failed.*: a constraint the store did not make .* nothing of that transaction was committed: drop it/,
    );
    const after = await fixture.store.query("SELECT * FROM brands ORDER BY id");
    expect(after.values).toEqual(before.values);
  });

  it("so is a study new to a brandscape table, whose rows go in through DuckDB's appender", async () => {
    const query = { countryCode: "GB", yearNumber: 2024, metricKeys: ["differentiation"] };
    await fixture.client.sync(fixture.store, "brandscapeData", query);
    await fixture.store.query("ALTER TABLE brandscape_data ADD COLUMN mynote VARCHAR DEFAULT 'x'");
    await fixture.store.query("ALTER TABLE brandscape_data ALTER COLUMN mynote SET NOT NULL");
    const before = await fixture.store.query("SELECT count(*) AS n FROM brandscape_data");
    fixture.emulator.addStudy({ country: "GB", year: 2024 });
    const run = fixture.client.sync(fixture.store, "brandscapeData", query);
    await expect(run).rejects.toThrow(ValueError);
    await expect(run).rejects.toThrow(/^Failed to append: NOT NULL constraint failed.*: a constraint the store did not make/);
    expect((await fixture.store.query("SELECT count(*) AS n FROM brandscape_data")).values).toEqual(before.values);
  });
});
