/**
 * A field the docs type as boolean, sent as WIRE.md's flag forms ("flags as 0/1 or booleans"; some
 * numbers as numeric strings): 0/1 on one page, true/false on the next, "0"/"1" on a third. A
 * documented boolean keeps its type (API.md, "Column types"): booleans on every path, where it was a
 * number column, or a text column of "0" and "false" (a true text) when the forms mixed.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { tableFromIPC } from "apache-arrow";
import { writeArrow, writeCSV, writeNDJSON } from "../../src/export";
import { FrameBuilder } from "../../src/rows/rowShape";
import { openStore } from "../../src/store";
import { useEmulator } from "../client/fixture";
import { tempFolder } from "../helpers/tempFolder";
import { serveHostilePages } from "./hostilePages";
import { withDuckDB } from "../sync/helpers/storeFixture";

const env = useEmulator();
const dir = tempFolder("fountframe-flags-");
const year = (id: number, flag: string) => `{"id":${id},"year":${2000 + id},"has_ogilvy_impact":${flag}}`;
const PAGES = [
  [year(1, "0"), year(2, "1")],
  [year(3, "false"), year(4, "true")],
  [year(5, '"0"'), year(6, '"1"')],
];
const WANTED = [false, true, false, true, false, true];

let perPage: number;
beforeEach(() => ({ perPage } = serveHostilePages(env.emulator, "years", PAGES)));
const pages = (threads = 0) => env.client({ retries: 0, onErrors: "raise", threads }).pages("years", { perPage });

test.each([0, 2])("a frame (threads %i) holds the flags as a boolean column", async (threads) => {
  const frame = await env.client({ retries: 0, onErrors: "raise", threads }).years({ perPage });
  expect(frame.column("has_ogilvy_impact").dtype).toBe("boolean");
  expect(frame.column("has_ogilvy_impact").values).toEqual(WANTED);
});

test("client.pages into a FrameBuilder, the same", async () => {
  const builder = new FrameBuilder();
  for await (const page of pages()) builder.add(page);
  const frame = await builder.toFrame();
  expect(frame.column("has_ogilvy_impact").dtype).toBe("boolean");
  expect(frame.column("has_ogilvy_impact").values).toEqual(WANTED);
});

test("NDJSON, CSV and Arrow from the pages write booleans", async () => {
  await writeNDJSON(pages(), join(dir, "flags.ndjson"));
  const lines = readFileSync(join(dir, "flags.ndjson"), "utf8").trim().split("\n");
  expect(lines.map((line) => (JSON.parse(line) as { has_ogilvy_impact: unknown }).has_ogilvy_impact)).toEqual(WANTED);
  await writeCSV(pages(), join(dir, "flags.csv"));
  const csv = readFileSync(join(dir, "flags.csv"), "utf8").trim().split("\n").slice(1);
  expect(csv.map((line) => line.split(",")[2])).toEqual(WANTED.map(String));
  await writeArrow(pages(), join(dir, "flags.arrow"));
  const table = tableFromIPC(readFileSync(join(dir, "flags.arrow")));
  expect(table.getChild("has_ogilvy_impact")?.toArray()).toEqual(WANTED);
});

test("a sync stores them as BOOLEAN", async () => {
  const store = await openStore(join(dir, "flags.duckdb"));
  try {
    await env.client({ retries: 0, onErrors: "raise" }).sync(store, "years", { perPage });
    const frame = await store.query("SELECT has_ogilvy_impact FROM years ORDER BY id");
    expect(frame.column("has_ogilvy_impact").values).toEqual(WANTED);
  } finally {
    await store.close();
  }
});

describe("a store made before documented booleans were read as such", () => {
  const storedAs = {
    "BIGINT of 0/1": "CAST(has_ogilvy_impact AS BIGINT)",
    "VARCHAR of 0/1 and true/false":
      "CASE WHEN id < 3 THEN CAST(CAST(has_ogilvy_impact AS INTEGER) AS VARCHAR) ELSE CAST(has_ogilvy_impact AS VARCHAR) END",
  };
  test.each(Object.entries(storedAs))("a column held as %s is made BOOLEAN by the next run", async (label, using) => {
    const file = join(dir, `old-${label.split(" ")[0]}.duckdb`);
    const sync = async () => {
      const store = await openStore(file);
      try {
        const report = await env.client({ retries: 0, onErrors: "raise" }).sync(store, "years", { perPage, mode: "full" });
        const frame = await store.query("SELECT has_ogilvy_impact FROM years ORDER BY id");
        return { report, values: frame.column("has_ogilvy_impact").values };
      } finally {
        await store.close();
      }
    };
    await sync();
    const type = label.split(" ")[0];
    await withDuckDB(file, `ALTER TABLE years ALTER COLUMN has_ogilvy_impact TYPE ${type} USING ${using}`);
    const { report, values } = await sync();
    expect(values).toEqual(WANTED);
    expect(report.widenedColumns).toEqual([`has_ogilvy_impact: ${type} -> BOOLEAN`]);
    expect(report.updated).toBe(0);
  });

  test("a stored number other than 0 and 1 is no flag: the column is widened to text, as before", async () => {
    const file = join(dir, "old-other.duckdb");
    const store = await openStore(file);
    const client = env.client({ retries: 0, onErrors: "raise" });
    try {
      await client.sync(store, "years", { perPage, mode: "full" });
    } finally {
      await store.close();
    }
    await withDuckDB(
      file,
      "ALTER TABLE years ALTER COLUMN has_ogilvy_impact TYPE BIGINT USING CAST(has_ogilvy_impact AS BIGINT)",
      "UPDATE years SET has_ogilvy_impact = 2 WHERE id = 1",
    );
    const again = await openStore(file);
    try {
      const report = await client.sync(again, "years", { perPage, mode: "full" });
      expect(report.widenedColumns).toEqual(["has_ogilvy_impact: BIGINT -> VARCHAR"]);
    } finally {
      await again.close();
    }
  });
});
