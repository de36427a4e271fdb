import { readFileSync } from "node:fs";
import { join } from "node:path";
import { stringify } from "csv-stringify/sync";
import { writeCSV } from "../../src/export";
import { neutraliseFormula } from "../../src/export/cellText";
import { tempFolder } from "../helpers/tempFolder";

const dir = tempFolder("fountframe-formula-");

const HOSTILE = ["=1+1", "+1", "-1+2", "@SUM(A1)", "\tx", "\rx", "＝1", "＋1", "－1", "＠x", '=HYPERLINK("http://x")'];
const HARMLESS = ["plain", "a=b", "1-2", "", " =x", "'quoted"];

test("text cells agree with csv-stringify's escape_formulas (OWASP's rule)", () => {
  for (const text of [...HOSTILE, ...HARMLESS]) {
    const library = stringify([[text]], { escape_formulas: true, quoted: false, eof: false, record_delimiter: "\n" });
    const ours = stringify([[neutraliseFormula(text)]], { eof: false, record_delimiter: "\n" });
    expect([text, ours]).toEqual([text, library]);
  }
  expect(HOSTILE.map(neutraliseFormula).every((text) => text.startsWith("'"))).toBe(true);
  expect(HARMLESS.map(neutraliseFormula)).toEqual(HARMLESS);
});

test("writeCSV neutralises formula text by default; numbers, negative ones too, are left alone", async () => {
  const rows = [
    { name: "=cmd|' /C calc'!A0", delta: -5, code: "-x", share: -0.25 },
    { name: "@me", delta: 3, code: "+1", share: 1 },
  ];
  await writeCSV(rows, join(dir, "safe.csv"));
  expect(readFileSync(join(dir, "safe.csv"), "utf8")).toBe("name,delta,code,share\n'=cmd|' /C calc'!A0,-5,'-x,-0.25\n'@me,3,'+1,1\n");
});

test("numeric text from the service becomes a number, not escaped text", async () => {
  await writeCSV([{ change: "-3.5" }, { change: "2" }], join(dir, "numeric.csv"));
  expect(readFileSync(join(dir, "numeric.csv"), "utf8")).toBe("change\n-3.5\n2\n");
});

test("escapeFormulas: false writes text exactly as it is", async () => {
  await writeCSV([{ formula: "=1+1" }], join(dir, "raw.csv"), { escapeFormulas: false });
  expect(readFileSync(join(dir, "raw.csv"), "utf8")).toBe("formula\n=1+1\n");
});

test("bom: one UTF-8 byte-order mark first, with or without a header or rows", async () => {
  await writeCSV([{ a: "é" }], join(dir, "bom.csv"), { bom: true });
  expect(readFileSync(join(dir, "bom.csv"))).toEqual(Buffer.from("\uFEFFa\né\n", "utf8"));
  await writeCSV([{ a: 1 }], join(dir, "bom-noheader.csv"), { bom: true, header: false });
  expect(readFileSync(join(dir, "bom-noheader.csv"), "utf8")).toBe("\uFEFF1\n");
});
