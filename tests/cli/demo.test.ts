/** The README's first command, run as a user runs it: its output and the files it writes. */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parse } from "csv-parse/sync";

const DEMO = resolve(__dirname, "../../src/demo.ts");

test("the demo pulls the main study only and says how many of the columns it shows", () => {
  const cwd = mkdtempSync(join(tmpdir(), "fountframe-demo-"));
  try {
    const output = execFileSync(process.execPath, ["--require", require.resolve("tsx/cjs"), DEMO], {
      cwd,
      encoding: "utf8",
      env: { ...process.env, FORCE_COLOR: "0" },
      timeout: 60_000,
    });
    const study = output.match(/Pulling brandscape data for US 2024, main study (\d+), every audience/)?.[1];
    expect(study).toBeDefined();
    const [, rows, columns] = output.match(/^(\d+) rows × (\d+) columns, showing 5 of (\d+) columns:$/m) ?? [];
    expect(Number(columns)).toBeGreaterThan(5);
    expect(output).toContain(`[${rows} rows × 5 columns; first 5 rows shown]`);

    // one row per brand, category and audience: every row from the one study, no brand twice in a category and audience
    const records: Record<string, string>[] = parse(readFileSync(join(cwd, "out/brandscape-us-2024.csv")), { columns: true, bom: true });
    expect(records).toHaveLength(Number(rows));
    expect(new Set(records.map((record) => record.study_id))).toEqual(new Set([study]));
    const pairs = records.map((record) => `${record.brand_id}/${record.category_id}/${record.audience_id}`);
    expect(new Set(pairs).size).toBe(pairs.length);
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
});
