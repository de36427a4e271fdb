import { join } from "node:path";
import { ValueError } from "../../src/errors";
import { tempFolder } from "../helpers/tempFolder";
import { usePagedStore } from "./helpers/pagedService";

const dir = tempFolder("fountframe-unstorable-names-");

/** Columns a DuckDB table cannot hold are refused by name before anything is committed. */
describe("a pull whose column names DuckDB cannot hold", () => {
  const held = usePagedStore(join(dir, "fount.duckdb"), 1);

  it.each([
    [
      "two names differing only in case, in one page",
      [[{ id: 1, Score: 1, score: "s" }], [{ id: 2, Score: 2, score: "t" }]],
      /"Score" and "score", which differ only in case/,
    ],
    [
      "a name differing in case from an earlier page's",
      [[{ id: 1, score: 1 }], [{ id: 2, SCORE: 2 }]],
      /"score" and "SCORE", which differ only in case/,
    ],
    ["an empty name", [[{ id: 1, "": "empty" }], [{ id: 2, "": "more" }]], /a column named "" \(an empty key\)/],
    [
      "a name with a NUL",
      [[{ id: 1, "n\u0000ul": "a" }], [{ id: 2, "n\u0000ul": "b" }]],
      /a column named "n\\u0000ul", with a NUL character/,
    ],
    ["a name with a lone surrogate", [[{ id: 1, "s\ud800": "a" }], [{ id: 2 }]], /a column named "s\\ud800", with a lone surrogate/],
  ])("refuses %s, naming the columns, and commits nothing", async (_case, pages, message) => {
    held.service.serve(pages);
    const table = `names_${Math.random().toString(36).slice(2, 8)}`;
    const refused = await held.client.sync(held.store, "brands", { table }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ValueError);
    expect(String((refused as Error).message)).toMatch(message);
    expect(String((refused as Error).message)).toMatch(/nothing of the pull was committed/);
    expect((await held.store.tables()).map((tracked) => tracked.table)).not.toContain(table);
    expect((await held.store.query(`SELECT count(*) AS n FROM duckdb_tables() WHERE table_name = '${table}'`)).column("n").values).toEqual([
      0,
    ]);
  });
});

/** A temporary table made by a user's SQL never takes a sync's writes: the sync works on a connection of its own. */
describe("a temporary table with a store table's name", () => {
  const held = usePagedStore(join(dir, "temporary.duckdb"), 2);

  it.each([
    ["a tracked table's", "BRANDS", "brands"],
    ["a new table's", "fresh", "fresh"],
  ])("leaves one with %s name alone and writes the store's table", async (_case, temporary, table) => {
    held.service.serve([[{ id: 1, name: "a" }]]);
    await held.client.sync(held.store, "brands", {});
    await held.store.query(`CREATE TEMP TABLE ${temporary} (id BIGINT, name VARCHAR)`);
    held.service.serve([[{ id: 2, name: "b" }]]);
    expect((await held.client.sync(held.store, "brands", { table, mode: "full" })).rows).toBe(1);
    expect((await held.store.query(`SELECT count(*) AS n FROM temp.main.${temporary}`)).column("n").values).toEqual([0]);
    expect((await held.store.query(`SELECT id, name FROM fount_store.main.${table}`)).values).toEqual([[2, "b"]]);
    await held.store.query(`DROP TABLE temp.main.${temporary}`);
  });
});
