import { join } from "node:path";
import { ValidationError } from "../../src/errors";
import { tempFolder } from "../helpers/tempFolder";
import { usePagedStore } from "./helpers/pagedService";

const dir = tempFolder("fountframe-session-settings-");

/** What a user's SQL sets for its session stays in its session: a sync never runs under it. */
describe("settings a user's SQL makes", () => {
  const held = usePagedStore(join(dir, "fount.duckdb"), 1);
  const twoRows = [[{ id: 1, name: "a" }], [{ id: 2, name: "b" }]];

  it("keeps them in the user's session: a time zone and a null order set there are not the sync's, and stay", async () => {
    held.service.serve(twoRows);
    await held.client.sync(held.store, "brands", {});
    await held.store.query("SET TimeZone = 'Asia/Kathmandu'; SET default_null_order = 'nulls_first'");
    expect((await held.store.query("SELECT current_setting('TimeZone') AS tz")).values).toEqual([["Asia/Kathmandu"]]);
    held.service.serve([...twoRows, [{ id: 3, name: "c" }]]);
    expect(await held.client.sync(held.store, "brands", { mode: "full" })).toMatchObject({ rows: 3, added: 1 });
    // the user's session keeps its own settings
    expect((await held.store.query("SELECT current_setting('TimeZone') AS tz")).values).toEqual([["Asia/Kathmandu"]]);
  });

  it("refuses SQL that leaves its session unable to run the store's checks, and gives the next query a new session", async () => {
    held.service.serve(twoRows);
    await held.client.sync(held.store, "brands", { mode: "full" });
    const refused = await held.store.query("SET max_expression_depth = 1").then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as Error).message).toMatch(
      /^sql: SQL that leaves its session usable: .*max_expression_depth.* the next query starts a new one/,
    );
    expect((await held.store.query("SELECT count(*) AS n FROM brands")).values).toEqual([[2]]);
    held.service.serve([...twoRows, [{ id: 3, name: "c" }]]);
    expect(await held.client.sync(held.store, "brands", { mode: "full" })).toMatchObject({ rows: 3, added: 1 });
  });

  it("keeps the sync from one that lets the store's checks run but not the sync's SQL (DuckDB's binder at depth 15)", async () => {
    held.service.serve(twoRows);
    await held.client.sync(held.store, "brands", { mode: "full" });
    await held.store.query("SET max_expression_depth = 15");
    held.service.serve([...twoRows, [{ id: 3, name: "c" }]]);
    expect(await held.client.sync(held.store, "brands", { mode: "full" })).toMatchObject({ rows: 3, added: 1 });
    await held.store.query("RESET max_expression_depth");
  });
});
