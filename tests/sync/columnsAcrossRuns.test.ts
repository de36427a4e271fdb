import { join } from "node:path";
import { ValueError } from "../../src/errors";
import { tempFolder } from "../helpers/tempFolder";
import { usePagedStore } from "./helpers/pagedService";

const dir = tempFolder("fountframe-columns-across-runs-");
const at = (day: number) => `2024-01-0${day}T00:00:00.000000Z`;

/** A table's columns as later runs meet them: a name in another case, whole numbers into a DOUBLE column. */
describe("a stored table's columns across runs", () => {
  const held = usePagedStore(join(dir, "fount.duckdb"), 1);
  const rows = async (table: string) => (await held.store.query(`SELECT * FROM ${table} ORDER BY id`)).values;

  it("refuses a column the table holds in another case, committing nothing, in either mode", async () => {
    held.service.serve([[{ id: 1, Score: 1, updated_at: at(1) }]]);
    await held.client.sync(held.store, "brands", { table: "cased" });
    held.service.serve([[{ id: 2, score: 2, updated_at: at(2) }]]);
    for (const mode of ["auto", "full"] as const) {
      const run = held.client.sync(held.store, "brands", { table: "cased", mode });
      await expect(run).rejects.toThrow(ValueError);
      await expect(held.client.sync(held.store, "brands", { table: "cased", mode })).rejects.toThrow(
        /^cased: the pull has a column "score", which the table holds as "Score": they differ only in case.*RENAME COLUMN "Score" TO "score"/,
      );
    }
    expect(await rows("cased")).toEqual([[1, 1, at(1)]]);
    // renamed as the message says, the next run takes the column
    await held.store.query('ALTER TABLE cased RENAME COLUMN "Score" TO score');
    await held.client.sync(held.store, "brands", { table: "cased" });
    const stored = await held.store.query("SELECT * FROM cased ORDER BY id");
    expect([stored.columns, stored.values]).toEqual([
      ["id", "score", "updated_at"],
      [
        [1, 1, at(1)],
        [2, 2, at(2)],
      ],
    ]);
  });

  it("keeps -0 from a later run's whole numbers in a DOUBLE column", async () => {
    held.service.serve([[{ id: 1, f: 1.5, updated_at: at(1) }]]);
    await held.client.sync(held.store, "brands", { table: "zeros" });
    // (the test's service writes its pages by JSON.stringify, which writes -0 as 0: the text "-0.0" is the pulled -0)
    held.service.serve([[{ id: 2, f: 7, updated_at: at(2) }], [{ id: 3, f: "-0.0", updated_at: at(2) }]]);
    await held.client.sync(held.store, "brands", { table: "zeros" });
    const signs = await held.store.query("SELECT id, signbit(f) AS negative FROM zeros ORDER BY id");
    expect(signs.values).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
  });
});
