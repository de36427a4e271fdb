import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { cleanEnv, runCli, useCliFixture, type CliRun } from "./helpers/builtCli";

const TOKEN = "cli-tools-token-never-shown";
const fx = useCliFixture(TOKEN);
/** Exit 0; otherwise the failure shows what the CLI said. */
const expectSuccess = (run: CliRun) =>
  expect({ code: run.code, stderr: run.code === 0 ? "" : run.stderr }).toEqual({ code: 0, stderr: "" });
const fount = (...args: string[]) => runCli(fx.cli, args, { env: cleanEnv({ FOUNT_API_TOKEN: TOKEN, FOUNT_BASE_URL: fx.emulator.url }) });

test("`fountframe tools` lists the service's tools (CSV when piped)", async () => {
  const run = await fount("tools");
  expectSuccess(run);
  const rows = parse(run.stdout, { columns: true }) as Record<string, string>[];
  expect(rows.map((row) => row.slug)).toHaveLength(11);
  expect(rows[3]).toMatchObject({ slug: "brand-worth-map", name: "Brand Worth Map" });
});

test("`tools brand-worth-map --brands 1 --studies 470` prints the library's frame; its metadata goes to stderr", async () => {
  const run = await fount("tools", "brand-worth-map", "--brands", "1,2", "--studies", "470");
  expectSuccess(run);
  const { frame, meta } = await fx.client.tools.brandWorthMap({ brands: [1, 2], studies: 470 });
  const rows = parse(run.stdout, { columns: true }) as Record<string, string>[];
  expect(Object.keys(rows[0])).toEqual(frame.columns);
  expect(rows.map((row) => Number(row.brand_strength_c))).toEqual(frame.column("brand_strength_c").values);
  expect(run.stderr).toBe(`meta: ${JSON.stringify(meta)}\n`);
  expect(fx.emulator.stats.log.at(-1)!.query).toBe("brands=1,2&studies=470");
});

test("--out writes Excel and JSON like the resources (numbers stay numbers)", async () => {
  const xlsx = join(fx.dir, "funnel.xlsx");
  const toExcel = await fount("tools", "commitment-funnel", "--brands", "1,2", "--studies", "470", "--out", xlsx);
  expectSuccess(toExcel);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(xlsx);
  const sheet = workbook.getWorksheet("data")!;
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
    "brand_id",
    "brand_name",
    "study_id",
    "audience_id",
    "familiarity",
    "consideration",
    "trial",
    "regular_usage",
    "loyalty",
  ]);
  expect(typeof sheet.getRow(2).getCell(5).value).toBe("number");

  const json = join(fx.dir, "cost.json");
  const run = await fount(
    "tools",
    "cost-of-entry",
    "--brand",
    "1",
    "--study",
    "470",
    "--categories",
    "1",
    "--comparison-name",
    "Cars",
    "--out",
    json,
  );
  expectSuccess(run);
  expect(run.stderr).toMatch(/^meta: \{"brand_id":1,"study_id":470,"audience_id":1,"comparison_name":"Cars",/);
  const records = JSON.parse(readFileSync(json, "utf8"));
  expect(records[0]).toMatchObject({ metric_key: "differentiation" });
  expect(typeof records[0].brand_value).toBe("number");
});

test.each([
  [["tools", "brand-worth-map", "--brands", "1"], /^error: --studies: is required by brand-worth-map/],
  [
    ["tools", "cost-of-entry", "--brand", "1", "--study", "470", "--categories", "1", "--collections", "2"],
    /^error: --categories: give categories or collections to cost-of-entry, not both/,
  ],
  [
    ["tools", "brand-worth-map", "--brands", "1", "--studies", "470", "--brand", "2"],
    /^error: --brand: is not a parameter of brand-worth-map/,
  ],
  [["tools", "brand-worth-mapp"], /^error: tools: no tool "brand-worth-mapp"; the tools are archetypes, /],
  [["tools", "--brands", "1"], /^error: --brands: name a tool first/],
])("bad usage exits 2 before any request: %j", async (args, message) => {
  fx.emulator.resetStats();
  const run = await fount(...args);
  expect([run.code, run.stdout]).toEqual([2, ""]);
  expect(run.stderr).toMatch(message);
  expect(fx.emulator.stats.requests).toBe(0);
});

test("a tool the service refuses exits 1 with the service's message", async () => {
  const run = await fount("tools", "brand-worth-map", "--brands", "99999", "--studies", "470");
  expect(run.code).toBe(1);
  expect(run.stderr).toMatch(/HTTP 400 .*The selected brands\.0 is invalid\./);
  expect(run.stderr).not.toContain(TOKEN);
});
