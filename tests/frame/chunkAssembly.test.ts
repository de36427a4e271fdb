import type { JsonRecord, ShapeOptions } from "../../src/table/types";
import { FrameBuilder, rowShapeOf } from "../../src/rows/rowShape";
import { gatherPageChunk } from "../../src/table/pageChunk";

// Pages whose columns come and go, change type from page to page and are nested, listed or missing:
// a column all numbers in one page (a Float64Array chunk column) that is text over the whole pull,
// one absent from a page, numeric strings with a null, booleans with gaps, an id past int32.
const PAGES: JsonRecord[][] = [
  [
    { id: 1, a: "1", b: 1.5, n: { x: 1, y: "t" }, l: [1, 2] },
    { id: 2, a: "2", c: true },
  ],
  [
    { id: 3, b: "x", d: null, n: { x: 2 } },
    { id: 4, a: "3.5", e: { z: [{ q: 1 }, { q: 2 }] }, l: [] },
  ],
  [
    { id: 5, f: "only here", b: 2, g: 0.25 },
    { b: 3, g: -0 },
  ],
  [],
  [{ id: 2147483648, a: null, c: false, h: [], n: { x: 3, y: 4 } }],
];

/**
 * The builder fed the pages, each page as records or as a chunk as `asChunk` says; told to expect
 * `expectedRows` before the first page, or after it as a pull tells it (`told: "after page 1"`).
 */
function builderOf(options: ShapeOptions, asChunk: (page: number) => boolean, expectedRows?: number, told = "first"): FrameBuilder {
  const builder = new FrameBuilder(options);
  if (expectedRows !== undefined && told === "first") builder.expectRows(expectedRows);
  const shape = rowShapeOf(options);
  PAGES.forEach((records, page) => {
    if (asChunk(page)) builder.addRows({ kind: "columns", chunk: gatherPageChunk(records, shape) });
    else builder.addRows({ kind: "records", records });
    if (expectedRows !== undefined && told === "after page 1" && page === 0) builder.expectRows(expectedRows);
  });
  return builder;
}

/** The table of the pages fed to one builder. */
function built(options: ShapeOptions, asChunk: (page: number) => boolean, expectedRows?: number, told = "first") {
  return builderOf(options, asChunk, expectedRows, told).toTable();
}

/** Columns holding no hole: every row's cell is set (a hole is skipped by map and forEach). */
function holes(cells: unknown[]): number {
  let count = 0;
  for (let row = 0; row < cells.length; row++) if (!(row in cells)) count++;
  return count;
}

describe.each([
  ["flat", {}],
  ["stacked", { stackData: true }],
  ["brandscape-data", { endpoint: "brandscape-data", stackData: true }],
])("pages as worker chunks (%s)", (_name, options: ShapeOptions) => {
  const expected = built(options, () => false);

  it("make the table the records make", () => {
    expect(expected.rowCount).toBeGreaterThan(5);
    expect(built(options, () => true)).toEqual(expected);
  });

  it("after pages gathered on the main thread, and between them", () => {
    expect(built(options, (page) => page >= 1)).toEqual(expected);
    expect(built(options, (page) => page % 2 === 1)).toEqual(expected);
  });

  it.each([1, 2, 3, 7, 8, 1_000])("the same when told to expect %i rows, with no hole left", (expectedRows) => {
    for (const [asChunk, told] of [
      [() => true, "first"],
      [(page: number) => page >= 1, "first"],
      [() => true, "after page 1"],
      [(page: number) => page >= 1, "after page 1"],
    ] as const) {
      const table = built(options, asChunk, expectedRows, told);
      expect(table).toEqual(expected);
      for (const cells of table.data) {
        expect(cells).toHaveLength(table.rowCount);
        expect(holes(cells)).toBe(0);
      }
    }
  });

  it("make a frame whose rows hold the cells of its columns (the frame holds both)", async () => {
    const table = built(options, () => true);
    const frame = await builderOf(options, () => true).toFrame();
    expect(frame.shape).toEqual([table.rowCount, table.columns.length]);
    const rows = frame.values as unknown[][];
    expect(rows).toHaveLength(table.rowCount);
    rows.forEach((row, r) => expect(row).toEqual(table.data.map((cells) => cells[r])));
  });
});

it("a -0 in a chunk's number column stays -0, as gathered", () => {
  const table = built({}, () => true);
  const g = table.data[table.columns.indexOf("g")];
  expect(Object.is(g[5], -0)).toBe(true);
});
