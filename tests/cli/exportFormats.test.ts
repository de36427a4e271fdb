import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { cleanEnv, runCli, runCommand, useCliFixture } from "./helpers/builtCli";
import { isoDate } from "../../src/export/excelCells";
import { asCsvText, asJsonValue, expectRowsMatchFrame } from "./helpers/frameCompare";

const TOKEN = "cli-test-token-never-shown";
const fx = useCliFixture(TOKEN);

const env = () => cleanEnv({ FOUNT_API_TOKEN: TOKEN, FOUNT_BASE_URL: fx.emulator.url });
const fount = (...args: string[]) => runCli(fx.cli, args, { env: env() });

test("--fields keeps the order asked for, not the service's", async () => {
  // audiences: no include comes by default (brands always carry the sector the service includes)
  const run = await fount("audiences", "--fields", "name,id", "--per-page", "3", "--max-pages", "1", "--format", "csv", "-q");
  expect(run.code).toBe(0);
  expect(run.stdout.split(/\r?\n/)[0]).toBe("name,id");
});

test("the terminal preview is gathered as the frame is: its columns are the frame's first, in the frame's order", async () => {
  const run = await fount("brands", "--include", "company", "--per-page", "7", "--format", "table", "-q");
  expect(run.code).toBe(0);
  const frame = await fx.client.brands({ include: ["company"], perPage: 7, maxPages: 3 });
  const header = run.stdout
    .split("\n")[0]
    .trim()
    .split(/\s{2,}/);
  expect(header).toEqual(frame.columns.slice(0, header.length));
  expect(run.stdout).toMatch(/\[20 rows shown of \d+ records, \d+ of \d+ columns; --out FILE or a pipe gives everything\]/);
});

test("a terminal that says it is 0 columns wide (script, some CI terminals) gets the table at 100, not one column", async () => {
  const command = `stty cols 0; exec ${JSON.stringify(process.execPath)} ${JSON.stringify(fx.cli)} regions -q`;
  const run = await runCommand("script", ["-qefc", command, "/dev/null"], { env: env() });
  expect(run.code).toBe(0);
  expect(run.stdout).toMatch(/\[\d+ rows shown of \d+ records, 4 columns\]/);
});

describe("each output format holds the library's frame", () => {
  const brandscapeArgs = ["brandscape-data", "--studies", "1", "--per-page", "40"];
  const frame = () => fx.client.brandscapeData({ studies: 1, perPage: 40 });

  test("CSV file (wide, includes, numeric strings) reads back with csv-parse", async () => {
    const out = join(fx.dir, "brandscape.csv");
    const run = await fount(...brandscapeArgs, "--out", out);
    expect(run).toMatchObject({ code: 0, stdout: "" });
    expect(run.stderr).toMatch(/wrote \d+ rows × \d+ columns to .*brandscape\.csv/);
    const rows = parse(readFileSync(out), { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0])).toEqual(expect.arrayContaining(["global_brand_name", "brand_name", "global_study_id"]));
    expectRowsMatchFrame(rows, await frame(), asCsvText);
  });

  test("Excel file: numbers stay numbers, timestamps are dates", async () => {
    const out = join(fx.dir, "brands.xlsx");
    expect((await fount("brands", "--country-codes", "CH", "--include", "company", "--out", out, "-q")).code).toBe(0);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(out);
    const sheet = workbook.getWorksheet("data")!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    const rows: Record<string, unknown>[] = [];
    sheet.eachRow((row, number) => {
      if (number === 1) return;
      const cells = row.values as unknown[];
      rows.push(Object.fromEntries(header.map((column, index) => [column, cells[index + 1] ?? null])));
    });
    expect(typeof rows[0].share_of_company).toBe("number");
    expect(rows[0].updated_at).toBeInstanceOf(Date);
    // timestamps are Excel dates: compared as instants
    const asSheetValue = (value: unknown) => {
      const date = value instanceof Date ? value : typeof value === "string" ? isoDate(value)?.date : undefined;
      return date ? date.getTime() : asJsonValue(value);
    };
    expectRowsMatchFrame(rows, await fx.client.brands({ countryCodes: ["CH"], include: "company" }), asSheetValue);
  });

  test.each(["ndjson", "json"])("%s file", async (format) => {
    const out = join(fx.dir, `brands.${format}`);
    expect((await fount("brands", "--country-codes", "US,GB", "--include", "company", "--out", out, "-q")).code).toBe(0);
    const text = readFileSync(out, "utf8");
    const rows =
      format === "json"
        ? JSON.parse(text)
        : text
            .trimEnd()
            .split("\n")
            .map((line) => JSON.parse(line));
    expectRowsMatchFrame(rows, await fx.client.brands({ countryCodes: ["US", "GB"], include: "company" }), asJsonValue);
  });

  test("piped stdout is CSV, streamed; --stack makes rows of nested lists", async () => {
    const run = await fount("collections", "--include", "brands", "--stack");
    expect(run.code).toBe(0);
    const rows = parse(run.stdout, { columns: true }) as Record<string, string>[];
    expect(rows.length).toBeGreaterThan(22); // one row per brand of each collection
    expectRowsMatchFrame(rows, await fx.client.collections({ include: "brands", stackData: true }), asCsvText);
  });
});

test("--help of a resource lists its own filters, from the endpoint table", async () => {
  const studies = await fount("studies", "--help");
  expect(studies.code).toBe(0);
  for (const flag of [
    "--country-codes <codes>",
    "--year-numbers <years>",
    "--main-study [0|1]",
    "--full-year [0|1]",
    "--released [0|1]",
    "--data-updated-since <when>",
  ]) {
    expect(studies.stdout).toContain(flag);
  }
  const regions = await fount("regions", "--help");
  expect(regions.stdout).toContain("--name <text>");
  expect(regions.stdout).not.toContain("--country-codes");
  expect((await fount("brandscape-data", "--help")).stdout).toMatch(/--metric-keys <keys>[\s\S]*--metric-group-keys/);
});

test("piping into head ends quietly with 0 (EPIPE)", async () => {
  const pipeline = `set -o pipefail; "${process.execPath}" "${fx.cli}" brandscape-data --country-code US --year-number 2024 --per-page 20 | head -n 2`;
  const run = await runCommand("bash", ["-c", pipeline], { env: env() });
  expect(run.stdout.split("\n")).toHaveLength(3);
  expect(run.stderr).not.toMatch(/EPIPE|Error|at /);
  expect(run.code).toBe(0);
});

test("raw <endpoint> prints JSON records as the service sends them", async () => {
  const run = await fount("raw", "studies/1/brands", "--per-page", "5", "--max-pages", "1");
  expect(run.code).toBe(0);
  const records = JSON.parse(run.stdout) as Array<Record<string, unknown>>;
  expect(records).toHaveLength(5);
  expect(records).toEqual(await fx.client.rawQuery("studies/1/brands", { perPage: 5, maxPages: 1 }));
});
