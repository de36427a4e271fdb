import { join } from "node:path";
import { tempFolder } from "../helpers/tempFolder";
import { captureWarnings } from "../client/fixture";
import { usePagedStore } from "./helpers/pagedService";
import { openStore } from "../../src/store";
import { useEmulator } from "../client/fixture";
import { serveHostilePages } from "../export/hostilePages";

const dir = tempFolder("fountframe-numbers-text-");

/** A stored column of numbers that turns text holds each cell as a frame of the same pull gives it. */
describe("a column of numbers turned to text in the store", () => {
  const held = usePagedStore(join(dir, "fount.duckdb"), 2);
  const column = async (table: string, name: string) =>
    (await held.store.query(`SELECT ${name} FROM ${table} ORDER BY id`)).column(name).values;

  it("keeps numeric text as pulled and numbers as a frame prints them when a later page holds text", async () => {
    held.service.serve([
      [
        { id: 1, v: "1.50" },
        { id: 2, v: "+1" },
      ],
      [
        { id: 3, v: "1e5" },
        { id: 4, v: 2 },
      ],
      [
        { id: 5, v: "n/a" },
        { id: 6, v: 0.00001 },
      ],
    ]);
    const frame = await held.client.brands();
    await held.client.sync(held.store, "brands", {});
    const pulled = frame.column("v").values;
    expect(pulled).toEqual(["1.50", "+1", "1e5", "2", "n/a", "0.00001"]);
    expect(await column("brands", "v")).toEqual(pulled);
  });

  it("makes staged numbers text as a frame prints them for a column the table holds as text", async () => {
    // the pull holds numbers alone; the table's column is text (the test above)
    held.service.serve([
      [
        { id: 1, v: "1.50" },
        { id: 2, v: 2 },
      ],
      [
        { id: 3, v: 0.00001 },
        { id: 4, v: null },
      ],
    ]);
    expect((await held.client.brands()).column("v").values).toEqual([1.5, 2, 0.00001, NaN]);
    await held.client.sync(held.store, "brands", { mode: "full" });
    expect(await column("brands", "v")).toEqual(["1.50", "2", "0.00001", null]);
  });

  it("writes committed numbers as a frame prints them, and says so, when a later run turns their column to text", async () => {
    const at = (day: number) => `2024-01-0${day}T00:00:00.000000Z`;
    held.service.serve([
      [
        { id: 1, w: 2, x: -0.5, updated_at: at(1) },
        { id: 2, w: 100000, x: 1e-7, updated_at: at(1) },
      ],
    ]);
    await held.client.sync(held.store, "brands", { table: "later_text" });
    // an incremental run (the table's cursor) that brings text: the committed rows stay, their cells made text
    held.service.serve([
      [
        { id: 3, w: "n/a", x: "none", updated_at: at(2) },
        { id: 4, w: null, x: null, updated_at: at(2) },
      ],
    ]);
    const { result, warnings } = await captureWarnings(() => held.client.sync(held.store, "brands", { table: "later_text" }));
    expect(result.mode).toBe("incremental");
    expect(result.widenedColumns).toEqual(["w: BIGINT -> VARCHAR", "x: DOUBLE -> VARCHAR"]);
    expect(await column("later_text", "w")).toEqual(["2", "100000", "n/a", null]);
    expect(await column("later_text", "x")).toEqual(["-0.5", "1e-7", "none", null]);
    const said = warnings.filter((warning) => warning.code === "FOUNTFRAME_COLUMN_TYPE_CHANGED");
    expect(said).toHaveLength(1);
    expect(said[0].message).toMatch(/w \(2 cells\), x \(2 cells\)/);
  });

  it("turns several columns to text in one run, a column added beside them (DuckDB commits no ALTER after an UPDATE of one table)", async () => {
    const at = (day: number) => `2024-01-0${day}T00:00:00.000000Z`;
    held.service.serve([[{ id: 1, x: 0.00001, y: 1, updated_at: at(1) }]]);
    await held.client.sync(held.store, "brands", { table: "two_turns" });
    held.service.serve([[{ id: 2, x: "n/a", y: "n/a", z: 1, updated_at: at(2) }], [{ id: 3, x: 0.00001, y: 1, updated_at: at(2) }]]);
    const result = await held.client.sync(held.store, "brands", { table: "two_turns" });
    expect(result.mode).toBe("incremental");
    expect(result.widenedColumns).toEqual(["x: DOUBLE -> VARCHAR", "y: BIGINT -> VARCHAR"]);
    expect(result.addedColumns).toEqual(["z"]);
    expect(await column("two_turns", "x")).toEqual(["0.00001", "n/a", "0.00001"]);
    expect(await column("two_turns", "y")).toEqual(["1", "n/a", "1"]);
    expect(await column("two_turns", "z")).toEqual([NaN, 1, NaN]);
  });

  it("makes the table's ids text when a later run brings an id that is no number, its rows and mark kept", async () => {
    const at = (day: number) => `2024-01-0${day}T00:00:00.000000Z`;
    held.service.serve([[{ id: 1, v: 1, updated_at: at(1) }], [{ id: 2, v: 2, updated_at: at(1) }]]);
    await held.client.sync(held.store, "brands", { table: "text_ids" });
    held.service.serve([[{ id: 2, v: 3, updated_at: at(2) }], [{ id: "x4", v: 4, updated_at: at(2) }]]);
    const result = await held.client.sync(held.store, "brands", { table: "text_ids" });
    expect(result).toMatchObject({ mode: "incremental", added: 1, updated: 1, widenedColumns: ["id: BIGINT -> VARCHAR"] });
    expect((await held.store.query("SELECT id, v FROM text_ids ORDER BY id")).values).toEqual([
      ["1", 1],
      ["2", 3],
      ["x4", 4],
    ]);
    // still the store's table, its ids still one a row
    expect(await held.client.sync(held.store, "brands", { table: "text_ids" })).toMatchObject({ mode: "incremental", rows: 3 });
    await expect(held.store.query("INSERT INTO text_ids (id, v) VALUES ('x4', 5)")).rejects.toThrow(/Duplicate key/);
  });

  it.each([
    ["ids that turn text", "id", "x4", /column "id" widened from BIGINT to VARCHAR/],
    ["a column that widens", "v", 0.5, /column "v" widened from BIGINT to DOUBLE/],
  ])("refuses %s under a user's view that depends on the table, naming it; the table as it was", async (_, column, value, change) => {
    const at = (day: number) => `2024-01-0${day}T00:00:00.000000Z`;
    const table = `viewed_${column}`;
    held.service.serve([[{ id: 1, v: 1, updated_at: at(1) }], [{ id: 2, v: 2, updated_at: at(1) }]]);
    await held.client.sync(held.store, "brands", { table });
    await held.store.query(`SET enable_view_dependencies = true; CREATE VIEW "my ""view"" of ${table}" AS SELECT id, v FROM ${table}`);
    const before = (await held.store.query(`SELECT * FROM ${table} ORDER BY id`)).values;
    held.service.serve([[{ id: 2, v: 3, updated_at: at(2) }], [{ id: 3, v: 4, updated_at: at(2), [column]: value }]]);
    const refused = await held.client.sync(held.store, "brands", { table }).catch((error: unknown) => error);
    expect(String(refused)).toMatch(change);
    expect(String(refused)).toContain(`(view "main"."my ""view"" of ${table}"): drop them (DROP VIEW "main"."my ""view"" of ${table}")`);
    expect((await held.store.query(`SELECT * FROM ${table} ORDER BY id`)).values).toEqual(before);
    await held.store.query(`DROP VIEW "my ""view"" of ${table}"; SET enable_view_dependencies = false`);
    expect(await held.client.sync(held.store, "brands", { table })).toMatchObject({ mode: "incremental", rows: 3 });
  });

  it("keeps ids pulled as numeric text as pulled, and finds their rows' other kept texts, whichever column turns first", async () => {
    // rows as [id, v], two a page
    const serve = (rows: [number | string, string][]) =>
      held.service.serve(
        Array.from({ length: Math.ceil(rows.length / 2) }, (_, page) => rows.slice(page * 2, page * 2 + 2).map(([id, v]) => ({ id, v }))),
      );
    const pairs = (frame: { column(name: string): { values: unknown[] } }) =>
      frame
        .column("id")
        .values.map((id, k) => `${String(id)}=${String(frame.column("v").values[k])}`)
        .sort();
    const stored = async () => pairs(await held.store.query("SELECT id, v FROM text_id_spellings"));
    // v turns text on page 2 while the ids are numbers; the ids turn text on page 3 ("0006" is no number)
    serve([
      [1, "1.50"],
      ["4.0", "+2"],
      ["+7", "n/a"],
      ["8e0", "1e3"],
      ["9.50", "2.0"],
      ["0006", "3.10"],
    ]);
    const frame = await held.client.brands();
    await held.client.sync(held.store, "brands", { table: "text_id_spellings" });
    expect(pairs(frame)).toEqual(["1=1.50", "4.0=+2", "+7=n/a", "8e0=1e3", "9.50=2.0", "0006=3.10"].sort());
    expect(await stored()).toEqual(pairs(frame));
    // the ids turn first (page 2), v after them (page 3)
    const rows: [number | string, string][] = [
      [1, "1.50"],
      ["4.0", "+2"],
      ["0006", "2.0"],
      ["+7", "3.10"],
      ["8e0", "n/a"],
      ["9.50", "2.0"],
    ];
    serve(rows);
    await held.client.sync(held.store, "brands", { table: "text_id_spellings", mode: "full" });
    const expected = rows.map(([id, v]) => `${id}=${v}`).sort();
    expect(await stored()).toEqual(expected);
    // an id no item route takes cannot be confirmed gone: the run fails, nothing changed
    serve(rows.slice(0, 3));
    await expect(held.client.sync(held.store, "brands", { table: "text_id_spellings", mode: "full" })).rejects.toThrow(
      /remove stored id "9\.50".*item route cannot be asked about/,
    );
    expect(await stored()).toEqual(expected);
  });

  it("says nothing of a full run that replaces every row", async () => {
    held.service.serve([
      [
        { id: 1, y: 2 },
        { id: 2, y: 3 },
      ],
    ]);
    await held.client.sync(held.store, "brands", { table: "replaced" });
    held.service.serve([
      [
        { id: 1, y: 2 },
        { id: 2, y: "n/a" },
      ],
    ]);
    const { warnings } = await captureWarnings(() => held.client.sync(held.store, "brands", { table: "replaced", mode: "full" }));
    expect(await column("replaced", "y")).toEqual(["2", "n/a"]);
    expect(warnings.filter((warning) => warning.code === "FOUNTFRAME_COLUMN_TYPE_CHANGED")).toEqual([]);
  });
});

/** A -0 staged in a column of whole numbers (BIGINT, which holds none) that a later page makes fractions: -0 again, as Parquet and Arrow keep it. */
describe("negative zeros in a column of numbers the store widens", () => {
  const env = useEmulator();

  it("keeps a -0 pulled as a number or as numeric text, and a column of whole numbers alone is BIGINT without it", async () => {
    // z: -0 and "-0.0" while z holds whole numbers only, then 1.5 makes it DOUBLE; w: whole numbers alone
    const { perPage } = serveHostilePages(env.emulator, "brands", [
      ['{"id":1,"z":-0,"w":-0}', '{"id":2,"z":"-0.0","w":3}'],
      ['{"id":3,"z":1.5,"w":4}', '{"id":4,"z":2,"w":-0}'],
    ]);
    const store = await openStore(join(dir, "negative-zeros.duckdb"));
    try {
      await env.client({ retries: 0 }).sync(store, "brands", { perPage });
      const stored = await store.query("SELECT z, w, typeof(z) AS zt, typeof(w) AS wt FROM brands ORDER BY id");
      expect(stored.column("z").values.map((z) => Object.is(z, -0))).toEqual([true, true, false, false]);
      expect(stored.column("z").values).toEqual([-0, -0, 1.5, 2]);
      expect(stored.column("w").values.map((w) => Object.is(w, -0))).toEqual([false, false, false, false]);
      expect([stored.column("zt").values[0], stored.column("wt").values[0]]).toEqual(["DOUBLE", "BIGINT"]);
    } finally {
      await store.close();
    }
  });
});
