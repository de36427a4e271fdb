import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import type { JsonRecord } from "../../src/table/types";

/** Records with everything a naive writer gets wrong. */
export const TRICKY: JsonRecord[] = [
  {
    id: 1,
    name: "Swatch, AG",
    quote: 'say "hi"',
    lines: "one\ntwo",
    unicode: "Zürich 東京 😀",
    missing: null,
    flag: true,
    share: 0.25,
    tags: ["a", "b"],
    company: { id: 7, country: { code: "CH" } },
  },
  {
    id: 2,
    name: "Plain",
    quote: "",
    lines: "cr\r\nlf",
    unicode: "ß",
    missing: undefined,
    flag: false,
    share: Number.NaN,
    tags: [],
    company: { id: 8, country: { code: "DE" } },
  },
  {
    id: 3,
    name: '=HYPERLINK("x")',
    quote: '""',
    lines: "",
    unicode: "",
    missing: null,
    flag: null,
    share: -1e-7,
    tags: null,
    company: null,
  },
];

export async function* pagesOf(...pages: Record<string, unknown>[][]): AsyncGenerator<{ records: Record<string, unknown>[] }> {
  for (const records of pages) yield { records };
}

/** Excel's `_xHHHH_` escape decoded, as Excel reads a cell (exceljs's reader leaves it as written in a cell's value). */
export function excelDecoded(value: unknown): unknown {
  return typeof value === "string" ? value.replace(/_x([0-9A-F]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : value;
}

/** The rows of one sheet as objects by header, and the raw cell types; text as Excel reads it (excelDecoded). */
export async function readSheet(path: string, sheetName = "data"): Promise<{ header: string[]; rows: Record<string, unknown>[] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const sheet = workbook.getWorksheet(sheetName);
  if (!sheet) throw new Error(`no sheet ${sheetName}; sheets: ${workbook.worksheets.map((s) => s.name).join(", ")}`);
  const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
  const rows: Record<string, unknown>[] = [];
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    if (number === 1) return;
    const cells = row.values as unknown[];
    rows.push(Object.fromEntries(header.map((column, index) => [column, excelDecoded(cells[index + 1] ?? null)])));
  });
  return { header, rows };
}

export async function sheetNames(path: string): Promise<string[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  return workbook.worksheets.map((sheet) => sheet.name);
}

/** A stream that keeps what it is given. */
export function collector(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk));
  return { stream, text: () => Buffer.concat(chunks).toString("utf8") };
}
