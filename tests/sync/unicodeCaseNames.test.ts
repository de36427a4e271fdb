/**
 * DuckDB compares names ignoring the case of ASCII letters only: `a` and `A` are one name, `é` and
 * `É` two. The store compares column names as DuckDB does (sqlTypes.ts `foldedName`): it holds
 * both columns of a non-ASCII case pair, each with its own cells, and still refuses `a` and `A`.
 */
import { join } from "node:path";
import { ValueError } from "../../src/errors";
import { tempFolder } from "../helpers/tempFolder";
import { usePagedStore } from "./helpers/pagedService";

const dir = tempFolder("fountframe-unicode-case-names-");

const KELVIN = "\u212a";

describe("columns whose names differ in the case of non-ASCII letters", () => {
  const held = usePagedStore(join(dir, "fount.duckdb"), 1);
  const table = () => `pair_${Math.random().toString(36).slice(2, 8)}`;

  it.each([
    ["é", "É"],
    ["ω", "Ω"],
    ["k", KELVIN],
    ["ß", "SS"],
    ["i", "İ"],
  ])("stores %s and %s as two columns, each with its cells", async (a, b) => {
    held.service.serve([1, 2, 3].map((id) => [{ id, [a]: `a${id}`, [b]: `b${id}` }]));
    const name = table();
    const frame = await held.client.brands();
    const report = await held.client.sync(held.store, "brands", { table: name });
    expect(report.rows).toBe(3);
    const queried = await held.store.query(`SELECT * FROM ${name} ORDER BY id`);
    expect(queried.columns).toEqual(frame.columns);
    expect(queried.column(a).values).toEqual(["a1", "a2", "a3"]);
    expect(queried.column(b).values).toEqual(["b1", "b2", "b3"]);
  });

  it("adds the other of a pair to a table holding one, by a later run", async () => {
    const name = table();
    held.service.serve([[{ id: 1, é: 1 }], [{ id: 2, é: 2 }]]);
    await held.client.sync(held.store, "brands", { table: name });
    held.service.serve([[{ id: 3, é: 3, É: "x" }]]);
    const report = await held.client.sync(held.store, "brands", { table: name, mode: "full" });
    expect(report.addedColumns).toEqual(["É"]);
    const queried = await held.store.query(`SELECT * FROM ${name} ORDER BY id`);
    expect(queried.columns).toEqual(["id", "é", "É"]);
    expect(queried.column("é").values).toEqual([3]);
    expect(queried.column("É").values).toEqual(["x"]);
  });

  it("counts a row updated when a later run no longer brings the other of a pair", async () => {
    const name = table();
    held.service.serve([[{ id: 1, é: 1, É: "x" }]]);
    await held.client.sync(held.store, "brands", { table: name });
    held.service.serve([[{ id: 1, é: 1 }]]);
    const report = await held.client.sync(held.store, "brands", { table: name, mode: "full" });
    expect(report.updated).toBe(1);
    const queried = await held.store.query(`SELECT * FROM ${name} ORDER BY id`);
    expect(queried.column("é").values).toEqual([1]);
    expect(queried.column("É").values).toEqual([null]);
  });

  it("keeps numeric text as pulled in its own column of the pair when the column turns to text", async () => {
    // `é` is numeric text on page 1 (stored as a number), then text: its "1.50" comes back as pulled, not as 1.5
    held.service.serve([[{ id: 1, é: "1.50", É: 2 }], [{ id: 2, é: "x", É: 3 }]]);
    const name = table();
    const frame = await held.client.brands();
    await held.client.sync(held.store, "brands", { table: name });
    const queried = await held.store.query(`SELECT * FROM ${name} ORDER BY id`);
    expect(queried.column("é").values).toEqual(frame.column("é").values);
    expect(queried.column("é").values).toEqual(["1.50", "x"]);
    expect(queried.column("É").values).toEqual([2, 3]);
  });

  it.each([
    ["a", "A"],
    ["Straße", "STRAßE"],
  ])("still refuses %s and %s, which differ only in the case of ASCII letters", async (a, b) => {
    held.service.serve([[{ id: 1, [a]: 1, [b]: 2 }]]);
    const name = table();
    const refused = await held.client.sync(held.store, "brands", { table: name }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ValueError);
    expect(String((refused as Error).message)).toContain(`"${a}" and "${b}", which differ only in case`);
    expect((await held.store.tables()).map((tracked) => tracked.table)).not.toContain(name);
  });
});

describe("tables whose names differ in the case of non-ASCII letters", () => {
  const held = usePagedStore(join(dir, "tables.duckdb"), 1);

  it("syncs kbrands beside a table of the user's named with a Kelvin sign, which it neither refuses nor touches", async () => {
    const theirs = `${KELVIN}brands`;
    await held.store.query(`CREATE TABLE "${theirs}" AS SELECT 'MINE' AS owner`);
    held.service.serve([[{ id: 1, name: "a" }], [{ id: 2, name: "b" }]]);
    expect(await held.client.sync(held.store, "brands", { table: "kbrands" })).toMatchObject({ mode: "full", rows: 2 });
    expect(await held.client.sync(held.store, "brands", { table: "kbrands", mode: "full", replaceUntrackedTable: true })).toMatchObject({
      rows: 2,
    });
    expect((await held.store.query(`SELECT owner FROM "${theirs}"`)).values).toEqual([["MINE"]]);
    expect((await held.store.tables()).map((table) => table.table)).toEqual(["kbrands"]);
  });
});
