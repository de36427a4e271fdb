import { stringify } from "csv-stringify/sync";
import { parse } from "csv-parse/sync";
import { csvLines } from "../../src/export/writeCSV";

/** A small deterministic generator, so a failure replays. */
function randomFields(seed: number, rows: number, columns: number): string[][] {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pieces = ["a", "Swatch", ",", '"', "\n", "\r", "\r\n", ";", "\t", " ", "é", "東京", "😀", "", "1.5", "'", "=1+2"];
  return Array.from({ length: rows }, () =>
    Array.from({ length: columns }, () =>
      Array.from({ length: Math.floor(next() * 4) }, () => pieces[Math.floor(next() * pieces.length)]).join(""),
    ),
  );
}

test.each([
  [",", "\n"],
  [",", "\r\n"],
  [";", "\n"],
  ["\t", "\r\n"],
])("the fast path writes what csv-stringify writes (delimiter %j, line end %j)", (delimiter, recordDelimiter) => {
  const rows = randomFields(delimiter.charCodeAt(0) + recordDelimiter.length, 400, 6);
  const expected = stringify(rows, { delimiter, record_delimiter: recordDelimiter, quote_record_delimiter: true, eof: true });
  expect(csvLines(delimiter, recordDelimiter)(rows)).toBe(expected);
});

test("random fields come back unchanged through an independent parser", () => {
  const rows = randomFields(7, 300, 5);
  for (const recordDelimiter of ["\n", "\r\n"]) {
    expect(parse(csvLines(",", recordDelimiter)(rows))).toEqual(rows);
  }
});

test.each([".", "e", "1", "-", "a", "\t"])(
  "cells of every kind are quoted as csv-stringify quotes their text, whatever the delimiter (%j)",
  (delimiter) => {
    const cells = [
      1.5,
      -2,
      1e21,
      -Infinity,
      NaN,
      true,
      false,
      10n,
      null,
      undefined,
      "x.e1-a",
      new Date(Date.UTC(2024, 0, 31)),
      { a: [1, "b"] },
    ];
    const text = (cell: unknown): string =>
      cell === null || cell === undefined || Number.isNaN(cell)
        ? ""
        : cell instanceof Date
          ? cell.toISOString()
          : typeof cell === "object"
            ? JSON.stringify(cell)
            : String(cell);
    // a row per cell: one quoted field makes csv-stringify write its whole row, so each cell is looked at alone
    const rows = cells.map((cell) => ["ok", cell]);
    const expected = stringify(
      rows.map((row) => row.map(text)),
      { delimiter, record_delimiter: "\n", quote_record_delimiter: true, eof: true },
    );
    expect(csvLines(delimiter, "\n", text)(rows)).toBe(expected);
  },
);
