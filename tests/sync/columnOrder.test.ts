/**
 * The column order of the table a sync creates is the pull's frame's: the order names first appear
 * in the pull, a column whose cells are all null on the first pages included (docs/guide.md, "on
 * every path alike"; docs/sync.md). Served over real HTTP from the emulator, one record a page.
 */
import { join } from "node:path";
import { openStore } from "../../src/store";
import { useEmulator } from "../client/fixture";
import { recordsText, serveHostilePages } from "../export/hostilePages";
import { tempFolder } from "../helpers/tempFolder";

const env = useEmulator();
const dir = tempFolder("fountframe-column-order-");

/** `late` is null on the first page, `second` null on the first two, `absent` missing from the first page, `never` null throughout. */
const PAGES = [
  [{ id: 1, name: "a", late: null, second: null, x: 1, never: null }],
  [{ id: 2, name: "b", late: "v", second: null, x: 2, absent: 5, never: null }],
  [{ id: 3, name: "c", late: "w", second: "s", x: 3, absent: 6, never: null }],
];

describe("the column order of a synced table", () => {
  test("a resource's table has the frame's columns in the frame's order", async () => {
    const { perPage } = serveHostilePages(
      env.emulator,
      "brands",
      PAGES.map((records) => recordsText(...records)),
    );
    const client = env.client({ onErrors: "raise" });
    const frame = await client.brands({ perPage });
    expect(frame.columns).toEqual(["id", "name", "late", "second", "x", "absent"]);
    const store = await openStore(join(dir, "resource.duckdb"));
    try {
      await client.sync(store, "brands", { perPage });
      const queried = await store.query("SELECT * FROM brands ORDER BY id");
      expect(queried.columns).toEqual(frame.columns);
      expect(queried.column("late").values).toEqual([null, "v", "w"]);
      expect(queried.column("second").values).toEqual([null, null, "s"]);

      // a column new to the table goes at its end, wherever the later pull brings it
      serveHostilePages(env.emulator, "brands", [recordsText({ id: 4, fresh: "f", name: "d", late: "z", x: 4 })]);
      const report = await client.sync(store, "brands", { perPage: 1, mode: "full" });
      expect(report.addedColumns).toEqual(["fresh"]);
      expect((await store.query("SELECT * FROM brands")).columns).toEqual([...frame.columns, "fresh"]);
    } finally {
      await store.close();
    }
  });

  test("a brandscape table (a held pull) has the frame's columns in the frame's order", async () => {
    const client = env.client({ onErrors: "raise" });
    const [study] = (await client.rawQuery("studies", { fields: ["id"], perPage: 1000 })).map((record) => record.id as number);
    const pages = PAGES.map((records) => recordsText(...records.map(({ id, ...rest }) => ({ id, study_id: study, ...rest }))));
    const { perPage } = serveHostilePages(env.emulator, "brandscape-data", pages);
    const frame = await client.brandscapeData({ studies: [study], perPage });
    expect(frame.columns).toEqual(["id", "study_id", "name", "late", "second", "x", "absent"]);
    const store = await openStore(join(dir, "brandscape.duckdb"));
    try {
      await client.sync(store, "brandscapeData", { studies: [study], perPage });
      const queried = await store.query("SELECT * FROM brandscape_data ORDER BY id");
      expect(queried.columns).toEqual(frame.columns);
      expect(queried.column("late").values).toEqual([null, "v", "w"]);
      expect(queried.column("absent").values).toEqual([NaN, 5, 6]);
    } finally {
      await store.close();
    }
  });
});
