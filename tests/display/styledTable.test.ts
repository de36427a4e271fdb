import { show, styledTable } from "../../src/display";

const rows = [
  { brand: "A", relevance: 10, change: -4 },
  { brand: "B", relevance: 20, change: 0 },
  { brand: "C", relevance: 30, change: 2 },
];

function cellStyle(html: string, text: string): string {
  const match = html.match(new RegExp(`<td style="([^"]*)">${text}</td>`));
  if (!match) throw new Error(`no cell ${text}`);
  return match[1];
}

describe("styledTable", () => {
  test("sequential: the column's minimum is lightest, its maximum darkest with white text", () => {
    const html = styledTable(rows, { heat: ["relevance"] });
    expect(cellStyle(html, "10")).toContain("background-color:rgb(247,251,255);color:#111");
    expect(cellStyle(html, "30")).toContain("background-color:rgb(33,113,181);color:#fff");
    expect(cellStyle(html, "A")).not.toContain("background-color");
  });

  test("diverging: negative red, zero white, positive green, scaled by the largest magnitude", () => {
    const html = styledTable(rows, { heat: { change: "diverging" } });
    expect(cellStyle(html, "-4")).toMatch(/background-color:rgb\(2\d\d,\d+,\d+\)/);
    expect(cellStyle(html, "0")).toContain("background-color:rgb(255,255,255)");
    expect(cellStyle(html, "2")).toMatch(/background-color:rgb\(\d+,2\d\d,\d+\)/);
  });

  test("±Infinity takes the scale's end and leaves the finite values their range", () => {
    const infinite = [
      { brand: "A", score: 1.5 },
      { brand: "B", score: 3 },
      { brand: "C", score: Infinity },
      { brand: "D", score: -Infinity },
    ];
    const html = styledTable(infinite, { heat: ["score"] });
    expect(html).not.toContain("NaN");
    expect(cellStyle(html, "1.50")).toContain("background-color:rgb(247,251,255)");
    expect(cellStyle(html, "3.00")).toContain("background-color:rgb(33,113,181)");
    expect(cellStyle(html, "Infinity")).toBe(cellStyle(html, "3.00"));
    expect(cellStyle(html, "-Infinity")).toBe(cellStyle(html, "1.50"));
    const diverging = styledTable([{ v: Infinity }, { v: -Infinity }], { heat: { v: "diverging" } });
    expect(diverging).not.toContain("NaN");
    const huge = styledTable([{ v: -1e308 }, { v: 0 }, { v: 1e308 }], { heat: ["v"] });
    expect(huge).not.toContain("NaN");
    expect(cellStyle(huge, "0")).toContain("background-color:rgb(140,182,218)"); // the middle of the scale
  });

  test("an unknown heat column is named", () => {
    expect(() => styledTable(rows, { heat: ["esteem"] })).toThrow(/heat: no column "esteem"/);
  });

  test("options it does not take, or values it cannot show with, are refused naming the option (show too)", async () => {
    // @ts-expect-error a scale that does not exist
    expect(() => styledTable(rows, { heat: { relevance: "rainbow" } })).toThrow(
      /^heat: must be a list of column names, or an object of column name → "sequential" or "diverging", got /,
    );
    expect(() => styledTable(rows, { digits: 1.5 })).toThrow(/^digits: must be a whole number of decimals from 0 to 20, got 1\.5$/);
    expect(() => styledTable(rows, { rows: 1.5 })).toThrow(/^rows: must be a whole number of rows/);
    // @ts-expect-error a cell style that is no function
    expect(() => styledTable(rows, { styles: { cell: "red" } })).toThrow(/^styles: must be an object of table/);
    // @ts-expect-error a misspelt style
    expect(() => styledTable(rows, { styles: { tabel: "x" } })).toThrow(/^styles: must be an object of table/);
    expect(styledTable(rows, { rows: Infinity, styles: { cell: () => "color:red" } })).toContain("color:red");
    // @ts-expect-error a misspelt option
    await expect(show(rows, { row: 2 })).rejects.toThrow(/^row: is not an option of show \(did you mean rows\?\); allowed: rows, /);
  });
});
