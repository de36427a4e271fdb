import { escapeHtml, frameToHtml, frameToText } from "../../src/display";

const records = [
  { brand: "Ben & Jerry's", note: '<b>"bold"</b>', score: 12.34567, rank: 1 },
  { brand: "Dove", note: null, score: Number.NaN, rank: 2 },
  { brand: "Lego", note: "plain", score: 3, rank: 3 },
];

/** The text of every <td> in document order. */
function cells(html: string): string[] {
  return [...html.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((match) => match[1]);
}

describe("escapeHtml", () => {
  test("escapes the five special characters", () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;");
  });
});

describe("frameToHtml", () => {
  test("escapes values, column names and the caption", () => {
    const html = frameToHtml([{ "a<b": "x & y" }], { caption: `"Top" <brands>` });
    expect(html).toMatch(/<th[^>]*>a&lt;b<\/th>/);
    expect(html).toContain(">x &amp; y</td>");
    expect(html).toContain("&quot;Top&quot; &lt;brands&gt;</caption>");
    expect(html).not.toMatch(/<b>|<brands>/);
  });

  test("cells: escaped text, blank for null and NaN; a column with fractions gets 2 decimals throughout", () => {
    expect(cells(frameToHtml(records))).toEqual([
      "Ben &amp; Jerry&#39;s",
      "&lt;b&gt;&quot;bold&quot;&lt;/b&gt;",
      "12.35",
      "1",
      "Dove",
      "",
      "",
      "2",
      "Lego",
      "plain",
      "3.00",
      "3",
    ]);
  });

  test("digits and missing text are options", () => {
    expect(cells(frameToHtml(records.slice(0, 2), { digits: 1, missing: "–", columns: ["note", "score"] }))).toEqual([
      "&lt;b&gt;&quot;bold&quot;&lt;/b&gt;",
      "12.3",
      "–",
      "–",
    ]);
  });

  test("rows limits the body and says how many there are", () => {
    const many = Array.from({ length: 50 }, (_, index) => ({ index }));
    const html = frameToHtml(many, { rows: 5 });
    expect(cells(html)).toEqual(["0", "1", "2", "3", "4"]);
    expect(html).toContain("50 rows × 1 column (first 5 shown)");
    expect(cells(frameToHtml(many))).toHaveLength(20);
    expect(cells(frameToHtml(many, { rows: Infinity }))).toHaveLength(50);
    expect(frameToHtml(many, { rows: Infinity })).toContain("50 rows × 1 column</p>");
  });

  test("columns selects and orders; an unknown column names the known ones", () => {
    expect(cells(frameToHtml(records, { columns: ["rank", "brand"], rows: 1 }))).toEqual(["1", "Ben &amp; Jerry&#39;s"]);
    expect(() => frameToHtml(records, { columns: ["nope"] })).toThrow(
      /no column "nope" \(did you mean "note"\?\); columns: brand, note, score, rank/,
    );
    // a brandscape metric asked by its bare name: the score column it has
    const scores = [{ brand_name: "Swatch", differentiation_c: 53.3, differentiation_rank: 92 }];
    expect(() => frameToHtml(scores, { columns: ["brand_name", "differentiation"] })).toThrow(
      /no column "differentiation" \(did you mean "differentiation_c"\?\); columns: brand_name, differentiation_c, differentiation_rank$/,
    );
  });

  test("numbers are right-aligned; a cell style function adds CSS, escaped", () => {
    const html = frameToHtml(records, {
      rows: 1,
      index: false,
      styles: { cell: ({ column }) => (column === "brand" ? 'font-weight:bold;content:"x"' : undefined) },
    });
    expect(html).toMatch(/<td style="[^"]*font-weight:bold;content:&quot;x&quot;">Ben/);
    expect(html).toMatch(/<td style="[^"]*text-align:right[^"]*">12.35<\/td>/);
    expect(html).toMatch(/<th style="[^"]*text-align:right">score<\/th>/);
    expect(html).not.toContain('<th style="padding:3px 8px');
  });

  test("aligned like pandas: text cells left and numbers right, each header with its column", () => {
    const html = frameToHtml(records, { index: false });
    const align = (tag: string) =>
      [...html.matchAll(new RegExp(`<${tag} style="([^"]*)"`, "g"))].map(
        (match) => match[1].match(/text-align:(\w+)(?!.*text-align)/)?.[1],
      );
    expect(align("th")).toEqual(["left", "left", "right", "right"]);
    expect(align("td")).toEqual(["left", "left", "right", "right", "left", "left", "right", "right", "left", "left", "right", "right"]);
  });

  test("records with different keys: every key becomes a column", () => {
    expect(frameToHtml([{ a: 1 }, { b: 2 }])).toContain("2 rows × 2 columns");
  });
});

describe("frameToText", () => {
  test("a wide frame fits the width: the columns that fit, then a footer counting the hidden ones", () => {
    const wide = [Object.fromEntries(Array.from({ length: 50 }, (_, index) => [`global_brand_metric_${index}`, index + 0.5]))];
    const lines = frameToText(wide, { width: 80 }).split("\n");
    expect(lines.slice(0, -1).every((line) => line.length <= 80)).toBe(true);
    expect(lines[0]).toMatch(/^ {3}global_brand_metric_0 {2}global_brand_metric_1 {2}global_brand_metric_2$/);
    expect(lines.at(-1)).toBe("[1 row × 50 columns; 47 columns hidden (choose them with { columns: [...] })]");
  });

  test("aligns columns, right-aligns numbers, cuts long text", () => {
    const text = frameToText(
      [
        { name: "A very long brand name indeed", value: 1.5 },
        { name: "B", value: 10 },
      ],
      { maxWidth: 10 },
    );
    expect(text.split("\n")).toEqual(["   name        value", "0  A very lo…   1.50", "1  B           10.00", "[2 rows × 2 columns]"]);
  });
});
