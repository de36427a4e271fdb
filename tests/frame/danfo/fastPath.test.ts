/**
 * The frame's fast path (src/frame/danfo/frameStorage.ts writes danfo's column storage itself) is
 * taken, and its frames are the frames danfo's public constructor builds from the same rows, on
 * awkward tables. It was written for one danfo version, which package.json pins.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { DataFrame } from "../../../src/danfo";
import { frameFromTableCells, tableToFrame } from "../../../src/frame/finishTable";
import type { ColumnDtype, ColumnTable } from "../../../src/table/types";
import { publicView } from "./publicView";

const ROOT = resolve(__dirname, "../../..");

function table(columns: string[], dtypes: ColumnDtype[], rows: unknown[][]): ColumnTable {
  return { columns, dtypes, rowCount: rows.length, data: columns.map((_name, c) => rows.map((row) => row[c])) };
}

const WIDE_COLUMNS = Array.from({ length: 500 }, (_unused, c) => `c${c}`);
const TABLES: Record<string, ColumnTable> = {
  "nulls and NaN": table(
    ["x", "label"],
    ["float32", "string"],
    [
      [1.5, null],
      [null, "b"],
      [NaN, undefined],
      [2, "d"],
    ],
  ),
  "one column": table(["only"], ["int32"], [[1], [2], [3]]),
  "one row": table(["a", "b", "c"], ["int32", "string", "boolean"], [[7, "seven", true]]),
  "mixed int and float": table(["n"], ["float32"], [[1], [2.5], [-3], [1e-7], [123456789.12345679]]),
  booleans: table(
    ["flag", "maybe"],
    ["boolean", "boolean"],
    [
      [true, false],
      [false, null],
      [true, true],
    ],
  ),
  "strings that look numeric": table(
    ["code", "zip"],
    ["string", "string"],
    [
      ["001", "1e5"],
      ["12.50", "NaN"],
      ["-0", "0x1F"],
    ],
  ),
  unicode: table(
    ["名前", "émoji 🎉"],
    ["string", "string"],
    [
      ["コカ・コーラ", "🥤"],
      ["Ñandú", "e\u0301"],
      ["", "\u0000"],
    ],
  ),
  "dates as strings": table(
    ["day", "at"],
    ["string", "string"],
    [
      ["2020-03-02", "2020-03-02T10:05:01.000000Z"],
      ["2024-02-29", null],
    ],
  ),
  "very wide (500 columns)": table(
    WIDE_COLUMNS,
    WIDE_COLUMNS.map((_name, c) => (c % 3 === 0 ? "int32" : c % 3 === 1 ? "float32" : "string")),
    Array.from({ length: 4 }, (_unused, r) =>
      WIDE_COLUMNS.map((_name, c) => (c % 3 === 0 ? r * c : c % 3 === 1 ? r / (c + 1) : `r${r}c${c}`)),
    ),
  ),
};

describe("the fast path", () => {
  it.each(Object.keys(TABLES))("%s: taken, and the frame danfo's constructor builds", async (name) => {
    const source = TABLES[name];
    const frame = await tableToFrame(source);

    const rows = Array.from({ length: source.rowCount }, (_unused, r) => source.data.map((cells) => cells[r]));
    // taken: the frame keeps the very column arrays it was handed (danfo's own way makes new ones)
    const columns = source.data.map((cells) => [...cells]);
    const handedOver = await frameFromTableCells(
      source,
      rows.map((cells) => [...cells]),
      columns,
    );
    expect(Reflect.get(handedOver, "$dataIncolumnFormat")).toBe(columns);
    const expected = new DataFrame(rows, { columns: [...source.columns], dtypes: [...source.dtypes] });
    expect(publicView(frame)).toEqual(publicView(expected));
    // the whole object, danfo's private storage included: nothing the public view misses differs
    expect(frame).toEqual(expected);
  });

  it("an empty table (no columns, or no rows) is built by danfo's constructor alone", async () => {
    const noColumns = await tableToFrame({ columns: [], dtypes: [], data: [], rowCount: 0 });
    expect(noColumns).toEqual(new DataFrame([]));
    const noRows = await tableToFrame({ columns: ["a", "b"], dtypes: ["int32", "string"], data: [[], []], rowCount: 0 });
    expect(noRows).toEqual(new DataFrame([], { columns: ["a", "b"], dtypes: ["int32", "string"] }));
    expect(publicView(noRows).columns).toEqual(["a", "b"]);
  });

  it("was written for the danfo version package.json pins exactly, and that version is installed", () => {
    const pinned = JSON.parse(readFileSync(resolve(ROOT, "package.json"), "utf8")).devDependencies["danfojs-node"];
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    const installed = JSON.parse(readFileSync(require.resolve("danfojs-node/package.json"), "utf8")).version;
    expect(installed).toBe(pinned);
    expect(pinned).toBe("1.2.0");
  });
});
