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
