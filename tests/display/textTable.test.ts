// The terminal's table: widths in terminal columns, one line a row, nothing a terminal would act on.
import stringWidth from "string-width";
import { frameToText } from "../../src/display/frameToText";
import { textTable } from "../../src/display/textTable";
import { displayWidth } from "../../src/text/terminalText";

test("wide characters take two columns: every line of the table ends at one column", () => {
  const { lines } = textTable(
    {
      columns: ["brand", "score"],
      rows: [
        ["トヨタ自動車", 1],
        ["Lego", 22],
        ["🎉 party", 3],
      ],
    },
    { width: 60, index: false },
  );
  // the last column right-aligned: every line ends at the same terminal column
  expect(lines.map(stringWidth)).toEqual([19, 19, 19, 19]);
  expect(lines[1]).toBe("トヨタ自動車      1");
});

test("a cut keeps whole characters and the column's width, the index's labels are cut too", () => {
  const { lines } = textTable(
    { columns: ["text"], rows: [["🎉".repeat(40)], ["e\u0301".repeat(40)]], index: ["x".repeat(80), "short"] },
    { width: 200, maxColumnWidth: 10, index: true },
  );
  for (const line of lines) expect(line).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  expect(lines[1]).toBe(`${"x".repeat(9)}…  ${"🎉".repeat(4)}…`);
  expect(lines[2].endsWith(`${"e\u0301".repeat(9)}…`)).toBe(true);
  for (const line of lines.slice(1)) expect(stringWidth(line)).toBeLessThanOrEqual(10 + 2 + 10);
  expect(textTable({ columns: ["abc"], rows: [["abcdef"]] }, { width: 50, maxColumnWidth: 1 }).lines).toEqual(["…", "…"]);
});

test("line breaks in names and labels fold like cells' and control characters never reach the terminal", () => {
  const { lines } = textTable(
    { columns: ["brand\nname", "v"], rows: [["red \u001b[31mtext", 1]], index: ["a\nb"] },
    { width: 80, index: true },
  );
  expect(lines).toHaveLength(2);
  expect(lines[0]).toContain("brand name");
  expect(lines[1]).toMatch(/^a b {2}red \uFFFD\[31mtext/);
  // eslint-disable-next-line no-control-regex -- the control characters are what it finds
  expect(lines.join("")).not.toMatch(/[\x00-\x1F]/);
});

test("show's index: false leaves the row labels out of the terminal's table too", () => {
  const rows = [{ brand: "Lego", score: 1 }];
  expect(frameToText(rows, { index: false }).split("\n")[1]).toBe("Lego       1");
  expect(frameToText(rows).split("\n")[1]).toBe("0  Lego       1");
});

test("zero-width characters (ZWSP, Thai and Devanagari marks) take no column; bidi overrides never reach the terminal", () => {
  expect(displayWidth("a\u200Bb\u200Bc")).toBe(3);
  expect(displayWidth("น้ำปลา")).toBe(4);
  expect(displayWidth("मंदिर")).toBe(3);
  expect(displayWidth("👨‍👩‍👧 🇯🇵 1️⃣")).toBe(8);
  const { lines } = textTable(
    {
      columns: ["name", "score"],
      rows: [
        ["น้ำปลา", 1.5],
        ["a\u200Bb\u200Bc", 3.5],
        ["ab\u202Ecd", 5.5],
      ],
    },
    { width: 60, index: false },
  );
  expect(lines.map(displayWidth)).toEqual([12, 12, 12, 12]);
  expect(lines[3]).toBe("ab\uFFFDcd   5.50");
});

test("a first column wider than the line is cut to the room the line leaves it", () => {
  const { lines } = textTable({ columns: ["brand_name", "score"], rows: [["Mercedes-Benz Group AG", 1.5]] }, { width: 10, index: true });
  expect(lines).toEqual(["   brand_…", "0  Merced…"]);
  for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(10);
});

test("the summary line is folded to the width, not cut", () => {
  const rows = Array.from({ length: 30 }, (_, index) => ({
    brand: `Brand ${index}`,
    alpha: 1,
    beta: 2,
    gamma: 3,
    delta: 4,
    epsilon: 5,
    zeta: 6,
  }));
  const lines = frameToText(rows, { width: 30 }).split("\n");
  for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(30);
  expect(lines.slice(21).join(" ")).toMatch(
    /^\[30 rows × 7 columns; first 20 rows shown, \d columns hidden \(choose them with \{ columns: \[\.\.\.\] \}\)\]$/,
  );
});
