/**
 * A frame built from columns alone (frameStorage.ts) makes danfo's rows the first time they are
 * read: until then `shape`, columns, dtypes and column reads answer from the columns, and every
 * danfo operation, in place or not, gives what it gives on the frame danfo's constructor builds.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DataFrame } from "../../../src/danfo";
import { tableToFrame } from "../../../src/frame/finishTable";
import type { ColumnTable } from "../../../src/table/types";
import { publicView } from "./publicView";
import { frameToHtml, frameToText, styledTable, tableBundle } from "../../../src/display";
import { writeCSV, writeNDJSON } from "../../../src/export";

const SOURCE: ColumnTable = {
  columns: ["id", "score", "name", "flag"],
  dtypes: ["int32", "float32", "string", "boolean"],
  rowCount: 4,
  data: [
    [1, 2, 3, 4],
    [1.5, NaN, -0, 2.25],
    ["a", null, "c", "d"],
    [true, false, null, true],
  ],
};

function rowsOf(table: ColumnTable): unknown[][] {
  return Array.from({ length: table.rowCount }, (_unused, r) => table.data.map((cells) => cells[r]));
}

/** danfo's own frame of the same cells, and the lazy one. */
async function pair(): Promise<{ danfo: DataFrame; lazy: DataFrame }> {
  const danfo = new DataFrame(rowsOf(SOURCE), { columns: [...SOURCE.columns], dtypes: [...SOURCE.dtypes] });
  return { danfo, lazy: await tableToFrame(SOURCE) };
}

function rowsMade(frame: DataFrame): boolean {
  return Object.getOwnPropertyDescriptor(frame, "$data")?.get === undefined;
}

it("answers shape, columns, dtypes and column reads without making its rows", async () => {
  const { lazy } = await pair();
  expect(rowsMade(lazy)).toBe(false);
  expect(lazy.shape).toEqual([4, 4]);
  expect(lazy.columns).toEqual(SOURCE.columns);
  expect(lazy.dtypes).toEqual(SOURCE.dtypes);
  expect(lazy.index).toEqual([0, 1, 2, 3]);
  expect(lazy.column("score").values).toEqual(SOURCE.data[1]);
  expect(rowsMade(lazy)).toBe(false);
});

it("makes the rows danfo would have made when they are read, once", async () => {
  const { danfo, lazy } = await pair();
  const rows = lazy.values;
  expect(rowsMade(lazy)).toBe(true);
  expect(lazy.values).toBe(rows);
  expect(publicView(lazy)).toEqual(publicView(danfo));
  expect(lazy).toEqual(danfo);
});

type Operation = [string, (frame: DataFrame) => unknown];
const OPERATIONS: Operation[] = [
  ["head", (frame) => publicView(frame.head(2))],
  ["iloc", (frame) => publicView(frame.iloc({ rows: [1, 3], columns: [0, 2] }))],
  ["loc by column", (frame) => publicView(frame.loc({ columns: ["name", "id"] }))],
  ["a new column in place", (frame) => (frame.addColumn("extra", [9, 8, 7, 6], { inplace: true }), publicView(frame))],
  ["a new column, new frame", (frame) => publicView(frame.addColumn("extra", [9, 8, 7, 6]) as DataFrame)],
  ["a column replaced in place", (frame) => (frame.addColumn("score", [0, 1, 2, 3], { inplace: true }), publicView(frame))],
  ["drop in place", (frame) => (frame.drop({ columns: ["name"], inplace: true }), publicView(frame))],
  ["fillNa in place", (frame) => (frame.fillNa(0, { columns: ["score"], inplace: true }), publicView(frame))],
  ["sort in place", (frame) => (frame.sortValues("id", { ascending: false, inplace: true }), publicView(frame))],
  ["copy", (frame) => publicView(frame.copy())],
  ["JSON", (frame) => JSON.stringify(frame.values)],
];

it.each(OPERATIONS)("%s: the same as on danfo's own frame", async (_name, operation) => {
  const { danfo, lazy } = await pair();
  expect(operation(lazy)).toEqual(operation(danfo));
  expect(publicView(lazy)).toEqual(publicView(danfo));
});

describe("shown without making its rows", () => {
  it("frameToHtml, frameToText and the notebook bundle read only the rows they show", async () => {
    const { danfo, lazy } = await pair();
    for (const render of [
      (frame: DataFrame) => frameToHtml(frame, { rows: 2 }),
      (frame: DataFrame) => frameToText(frame, { rows: 3 }),
      (frame: DataFrame) => tableBundle(frame),
      (frame: DataFrame) => frameToHtml(frame, { rows: 2, columns: ["name", "id"] }),
    ]) {
      expect(render(lazy)).toEqual(render(danfo));
    }
    expect(frameToText(lazy, { rows: 3 })).toContain("[4 rows × 4 columns; first 3 rows shown");
    expect(rowsMade(lazy)).toBe(false);
  });

  it("a colour scale reads every row of a frame of 150,000 (without spreading them into one call)", async () => {
    const rowCount = 150_000;
    const cells = Array.from({ length: rowCount }, (_unused, r) => r - 5);
    const big = await tableToFrame({ columns: ["score"], dtypes: ["int32"], rowCount, data: [cells] });
    const html = styledTable(big, { heat: ["score"], rows: 2 });
    expect(html).toContain("150000 rows × 1 column");
    expect(html).toMatch(/background/);
  });
});

describe("written without making its rows", () => {
  it("writeCSV and writeNDJSON of a frame whose rows are not made write what danfo's own frame writes", async () => {
    const dir = await mkdtemp(join(tmpdir(), "fountframe-lazy-"));
    try {
      const { danfo, lazy } = await pair();
      for (const [name, write] of [
        ["csv", writeCSV],
        ["ndjson", writeNDJSON],
      ] as const) {
        await write(danfo, join(dir, `danfo.${name}`));
        await write(lazy, join(dir, `lazy.${name}`));
        expect(await readFile(join(dir, `lazy.${name}`), "utf8")).toBe(await readFile(join(dir, `danfo.${name}`), "utf8"));
      }
      expect(rowsMade(lazy)).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
