import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { ExportError, writeArrow, writeCSV, writeExcel, writeJSON, writeNDJSON, writeParquet } from "../../src/export";
import { recordsToFrame } from "../../src/rows/rowShape";
import { captureWarnings } from "../client/fixture";
import { TRICKY, collector, pagesOf, readSheet } from "./exportFixtures";
import { tempFolder } from "../helpers/tempFolder";

const dir = tempFolder("fountframe-export-");
const file = (name: string) => join(dir, name);

// `company` is null in the last record: a column of its own, empty elsewhere
const FLAT_COLUMNS = [
  "id",
  "name",
  "quote",
  "lines",
  "unicode",
  "missing",
  "flag",
  "share",
  "tags",
  "company_id",
  "company_country_code",
  "company",
];

describe("CSV", () => {
  test("commas, quotes, line breaks, unicode and nulls survive an independent parser; a formula is made text", async () => {
    const summary = await writeCSV(TRICKY, file("tricky.csv"));
    expect(summary).toMatchObject({ format: "csv", rows: 3, columns: FLAT_COLUMNS, droppedColumns: [] });
    const rows = parse(readFileSync(file("tricky.csv")), { columns: true }) as Record<string, string>[];
    expect(rows).toEqual([
      {
        id: "1",
        name: "Swatch, AG",
        quote: 'say "hi"',
        lines: "one\ntwo",
        unicode: "Zürich 東京 😀",
        missing: "",
        flag: "true",
        share: "0.25",
        tags: '["a","b"]',
        company_id: "7",
        company_country_code: "CH",
        company: "",
      },
      {
        id: "2",
        name: "Plain",
        quote: "",
        lines: "cr\r\nlf",
        unicode: "ß",
        missing: "",
        flag: "false",
        share: "",
        tags: "[]",
        company_id: "8",
        company_country_code: "DE",
        company: "",
      },
      {
        id: "3",
        name: `'=HYPERLINK("x")`,
        quote: '""',
        lines: "",
        unicode: "",
        missing: "",
        flag: "",
        share: "-1e-7",
        tags: "",
        company_id: "",
        company_country_code: "",
        company: "",
      },
    ]);
  });

  test("options: delimiter, CRLF, BOM, no header", async () => {
    await writeCSV([{ a: "x;y", b: 1 }], file("options.csv"), { delimiter: ";", recordDelimiter: "\r\n", bom: true });
    expect(readFileSync(file("options.csv"), "utf8")).toBe('\uFEFFa;b\r\n"x;y";1\r\n');
    await writeCSV([{ a: 1 }], file("noheader.csv"), { header: false });
    expect(readFileSync(file("noheader.csv"), "utf8")).toBe("1\n");
  });

  test.each([";;", "|:|", "0.0"])(
    "a delimiter of several characters (%j): a field holding part of it is quoted, so records, pages and a frame read back cell for cell",
    async (delimiter) => {
      // a field that ends with the delimiter's start, or starts with its end, would otherwise run into the delimiter beside it
      const records = [
        { id: 1, x: `a${delimiter.slice(0, -1)}`, y: "b", n: 0.5 },
        { id: 2, x: "a", y: `${delimiter.slice(1)}b`, n: 10 },
        { id: 3, x: delimiter.slice(0, 1), y: delimiter.slice(-1), n: 100 },
        { id: 10, x: `x${delimiter}y`, y: "", n: 1.05 },
      ];
      const expected = [["id", "x", "y", "n"], ...records.map(({ id, x, y, n }) => [String(id), x, y, String(n)])];
      const sources = {
        records: () => records,
        pages: () => pagesOf(records.slice(0, 2), records.slice(2)),
        frame: () => recordsToFrame(records),
      };
      for (const [name, source] of Object.entries(sources)) {
        await writeCSV(await source(), file(`several-${name}.csv`), { delimiter });
        expect([name, parse(readFileSync(file(`several-${name}.csv`)), { delimiter })]).toEqual([name, expected]);
      }
    },
  );

  test("to a stream, which is left open for the caller", async () => {
    const { stream, text } = collector();
    const summary = await writeCSV(pagesOf([{ a: 1 }], [{ a: 2 }]), stream);
    expect(summary.path).toBeUndefined();
    expect(stream.writableEnded).toBe(false);
    expect(text()).toBe("a\n1\n2\n");
  });

  test("no rows: a header when the columns are known, else an empty file", async () => {
    await writeCSV([], file("empty.csv"));
    expect(readFileSync(file("empty.csv"), "utf8")).toBe("");
    await writeCSV([], file("header-only.csv"), { columns: ["id", "name"] });
    expect(readFileSync(file("header-only.csv"), "utf8")).toBe("id,name\n");
  });
});

describe("the header policy of a streamed pull", () => {
  const pages = () =>
    pagesOf(
      [{ id: 1, name: "a" }],
      [
        { id: 2, name: "b", late: "x" },
        { id: 3, late: null },
      ],
    );

  test("the first page fixes the header; later columns with values are left out, with one warning", async () => {
    const { result, warnings } = await captureWarnings(() => writeCSV(pages(), file("late.csv")));
    expect(readFileSync(file("late.csv"), "utf8")).toBe("id,name\n1,a\n2,b\n3,\n");
    expect(result.droppedColumns).toEqual(["late"]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ code: "FOUNTFRAME_COLUMNS_LEFT_OUT" });
    expect(warnings[0].message).toContain("late (1 row)");
  });

  test("`columns` fixes the header up front", async () => {
    const summary = await writeCSV(pages(), file("fixed.csv"), { columns: ["id", "late", "name"] });
    expect(readFileSync(file("fixed.csv"), "utf8")).toBe("id,late,name\n1,,a\n2,x,b\n3,,\n");
    expect(summary.droppedColumns).toEqual([]);
  });

  test('onNewColumns "raise" stops, and leaves no file behind', async () => {
    await expect(writeExcel(pages(), file("raise.xlsx"), { onNewColumns: "raise" })).rejects.toThrow(ExportError);
    await expect(writeCSV(pages(), file("raise.csv"), { onNewColumns: "raise" })).rejects.toThrow(
      /later page brought columns the header lacks \(late\)/,
    );
    expect(readdirSync(dir).filter((name) => name.startsWith(".raise") || name.startsWith("raise"))).toEqual([]);
  });

  test("`columns` chooses, from pages, records or a frame alike: the other columns are listed in droppedColumns, without a warning", async () => {
    const records = [
      { id: 1, name: "a", x: 1 },
      { id: 2, name: "b", x: 2 },
    ];
    const frame = await recordsToFrame(records);
    const sources = { pages: () => pagesOf(records), records: () => records, frame: () => frame };
    const writers = { csv: writeCSV, xlsx: writeExcel, json: writeJSON, ndjson: writeNDJSON, parquet: writeParquet, arrow: writeArrow };
    for (const [from, source] of Object.entries(sources))
      for (const [format, write] of Object.entries(writers)) {
        const { result, warnings } = await captureWarnings(() =>
          write(source(), file(`chosen-${from}.${format}`), { columns: ["x", "id"] }),
        );
        expect([from, format, result.columns, result.droppedColumns, warnings]).toEqual([from, format, ["x", "id"], ["name"], []]);
      }
    expect(readFileSync(file("chosen-pages.ndjson"), "utf8")).toBe('{"x":1,"id":1}\n{"x":2,"id":2}\n');
    expect(JSON.parse(readFileSync(file("chosen-frame.json"), "utf8"))).toEqual([
      { x: 1, id: 1 },
      { x: 2, id: 2 },
    ]);
  });

  test("NDJSON has no header: every key is kept", async () => {
    await writeNDJSON(pages(), file("late.ndjson"));
    expect(readFileSync(file("late.ndjson"), "utf8")).toBe('{"id":1,"name":"a"}\n{"id":2,"name":"b","late":"x"}\n{"id":3,"late":null}\n');
  });
});

describe("NDJSON and JSON", () => {
  test("flattened rows, missing values null, read back with JSON.parse", async () => {
    await writeNDJSON(TRICKY, file("tricky.ndjson"));
    const rows = readFileSync(file("tricky.ndjson"), "utf8")
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(rows[0]).toEqual({
      id: 1,
      name: "Swatch, AG",
      quote: 'say "hi"',
      lines: "one\ntwo",
      unicode: "Zürich 東京 😀",
      missing: null,
      flag: true,
      share: 0.25,
      // a list cell is its JSON text, as the frame holds it
      tags: '["a","b"]',
      company_id: 7,
      company_country_code: "CH",
    });
    expect(rows[1].share).toBeNull();
    expect(rows[2].company).toBeNull();
    await writeJSON(TRICKY, file("tricky.json"));
    expect(JSON.parse(readFileSync(file("tricky.json"), "utf8"))).toEqual(rows);
  });

  test("flatten: false writes records as they came; an empty source is []", async () => {
    await writeJSON(pagesOf(TRICKY.slice(0, 1)), file("raw.json"), { flatten: false });
    expect(JSON.parse(readFileSync(file("raw.json"), "utf8"))[0].company).toEqual({ id: 7, country: { code: "CH" } });
    await writeJSON([], file("none.json"));
    expect(JSON.parse(readFileSync(file("none.json"), "utf8"))).toEqual([]);
  });

  test("numeric strings of the first page become numbers, codes with leading zeros do not", async () => {
    await writeNDJSON(pagesOf([{ pct: "47.3", code: "007" }], [{ pct: "5", code: "010" }]), file("numeric.ndjson"));
    expect(readFileSync(file("numeric.ndjson"), "utf8")).toBe('{"pct":47.3,"code":"007"}\n{"pct":5,"code":"010"}\n');
  });
});

describe("Excel", () => {
  test("numbers stay numbers, booleans TRUE/FALSE, missing cells empty, lists as JSON text", async () => {
    const summary = await writeExcel(TRICKY, file("tricky.xlsx"));
    expect(summary).toMatchObject({ format: "xlsx", rows: 3, sheets: ["data"] });
    const { header, rows } = await readSheet(file("tricky.xlsx"));
    expect(header).toEqual(FLAT_COLUMNS);
    expect(rows[0]).toEqual({
      id: 1,
      name: "Swatch, AG",
      quote: 'say "hi"',
      lines: "one\ntwo",
      unicode: "Zürich 東京 😀",
      missing: null,
      flag: true,
      share: 0.25,
      tags: '["a","b"]',
      company_id: 7,
      company_country_code: "CH",
      company: null,
    });
    // a CR is written with Excel's escape `_x000D_` (an XML reader would make it a line feed), and read back
    expect(rows[1]).toMatchObject({ flag: false, share: null, tags: "[]", lines: "cr\r\nlf" });
    expect(rows[2]).toMatchObject({ flag: null, share: -1e-7, company_id: null, name: '=HYPERLINK("x")' });
  });

  test("numeric text from the service is written as numbers", async () => {
    await writeExcel(pagesOf([{ pct: "47.3", label: "x" }], [{ pct: "12", label: "y" }]), file("numeric.xlsx"));
    expect((await readSheet(file("numeric.xlsx"))).rows).toEqual([
      { pct: 47.3, label: "x" },
      { pct: 12, label: "y" },
    ]);
  });

  test("no rows: the header alone", async () => {
    await writeExcel([], file("empty.xlsx"), { columns: ["id", "name"] });
    expect(await readSheet(file("empty.xlsx"))).toEqual({ header: ["id", "name"], rows: [] });
  });
});

test("a failing source leaves no file, not even a partial one", async () => {
  async function* failing() {
    yield { records: [{ a: 1 }] };
    throw new Error("the pull broke");
  }
  for (const [writer, name] of [
    [writeCSV, "broken.csv"],
    [writeNDJSON, "broken.ndjson"],
    [writeExcel, "broken.xlsx"],
  ] as const) {
    await expect(writer(failing(), file(name))).rejects.toThrow("the pull broke");
    expect(existsSync(file(name))).toBe(false);
  }
  expect(readdirSync(dir).filter((name) => name.includes("broken"))).toEqual([]);
});
