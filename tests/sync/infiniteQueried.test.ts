/**
 * ±Infinity (`1e400` in the service's JSON) synced into a store: store.query gives the cells back as
 * a pull's frame holds them (docs/sync.md), ±Infinity and not null. Served over real HTTP from the
 * emulator, one record a page.
 */
import { join } from "node:path";
import { openStore } from "../../src/store";
import { useEmulator } from "../client/fixture";
import { serveHostilePages } from "../export/hostilePages";
import { tempFolder } from "../helpers/tempFolder";

const env = useEmulator();
const dir = tempFolder("fountframe-infinite-queried-");

const CASES: [string, string[]][] = [
  ["mixed", ["1e400", "1", "-1e400"]],
  ["all infinite", ["1e400", "-1e400", "1e400"]],
  ["with a fraction and a null", ["-1e400", "2.5", "null"]],
  ["turned text", ["1e400", '"n/a"', "2"]],
];

describe("store.query of a column holding ±Infinity", () => {
  test.each(CASES)("%s: the queried cells and dtype are the pull's", async (name, xs) => {
    const pages = xs.map((x, index) => [`{"id":${index + 1},"name":"n${index}","x":${x}}`]);
    const perPage = serveHostilePages(env.emulator, "brands", pages).perPage;
    const client = env.client({ onErrors: "raise" });
    const frame = await client.brands({ perPage });
    const store = await openStore(join(dir, `${name.replace(/\W/g, "-")}.duckdb`));
    try {
      await client.sync(store, "brands", { perPage });
      const queried = await store.query("SELECT * FROM brands ORDER BY id");
      const x = frame.columns.indexOf("x");
      expect(queried.column("x").values).toEqual(frame.column("x").values);
      expect(queried.dtypes[queried.columns.indexOf("x")]).toBe(frame.dtypes[x]);
      // what DuckDB holds: no null where the wire sent a number
      const held = await store.query("SELECT count(*) - count(x) AS nulls FROM brands");
      expect(held.column("nulls").values).toEqual([xs.filter((text) => text === "null").length]);
    } finally {
      await store.close();
    }
  });

  test("the mixed case, cell by cell: Infinity, 1, -Infinity", async () => {
    const perPage = serveHostilePages(env.emulator, "brands", [
      ['{"id":1,"x":1e400}'],
      ['{"id":2,"x":1}'],
      ['{"id":3,"x":-1e400}'],
    ]).perPage;
    const store = await openStore(join(dir, "cells.duckdb"));
    try {
      await env.client({ onErrors: "raise" }).sync(store, "brands", { perPage });
      const queried = await store.query("SELECT x FROM brands ORDER BY id");
      expect(queried.column("x").values).toEqual([Infinity, 1, -Infinity]);
      expect(queried.dtypes).toEqual(["float32"]);
    } finally {
      await store.close();
    }
  });

  test("NaN, which DuckDB holds and a pull cannot send, is a missing number as null is", async () => {
    const store = await openStore(join(dir, "nan.duckdb"));
    try {
      const queried = await store.query(
        "SELECT * FROM (VALUES (1, 'nan'::DOUBLE), (2, 'inf'::DOUBLE), (3, NULL::DOUBLE), (4, '-inf'::DOUBLE)) t(id, x) ORDER BY id",
      );
      expect(queried.column("x").values).toEqual([NaN, Infinity, NaN, -Infinity]);
      expect(queried.dtypes).toEqual(["int32", "float32"]);
    } finally {
      await store.close();
    }
  });
});
