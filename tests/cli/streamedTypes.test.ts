/**
 * The CLI's exports follow the frame's type rule over every page (docs/writers.md, "The same cell
 * on every path"): hostile pages over real HTTP from the emulator, written as CSV and NDJSON files
 * (written again when a later page turns a column) and to stdout (warned).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { serveRecordPages } from "../export/hostilePages";
import { cleanEnv, runCli, useCliFixture } from "./helpers/builtCli";

const TOKEN = "cli-test-token-never-shown";
const fx = useCliFixture(TOKEN);
const fount = (...args: string[]) => runCli(fx.cli, args, { env: cleanEnv({ FOUNT_API_TOKEN: TOKEN, FOUNT_BASE_URL: fx.emulator.url }) });

const PAGES = [
  [
    { id: 1, later_text: "1.50", null_first: null },
    { id: 2, later_text: "+1", null_first: null },
  ],
  [
    { id: 3, later_text: "1e5", null_first: "-5" },
    { id: 4, later_text: "n/a", null_first: "2.50" },
  ],
];

test("a column null on the first page is numbers; one a later page turns text is the frame's text, the file written again", async () => {
  serveRecordPages(fx.emulator, "brands", PAGES);
  const csv = join(fx.dir, "streamed.csv");
  const run = await fount("brands", "--per-page", "2", "--out", csv);
  expect(run.code).toBe(0);
  expect(readFileSync(csv, "utf8")).toBe("id,later_text,null_first\n1,1.50,\n2,'+1,\n3,1e5,-5\n4,n/a,2.5\n");
  expect(run.stderr).not.toMatch(/warning/);
  const ndjson = join(fx.dir, "streamed.ndjson");
  expect((await fount("brands", "--per-page", "2", "--out", ndjson, "-q")).code).toBe(0);
  const rows = readFileSync(ndjson, "utf8")
    .trimEnd()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(rows.map((row) => row.null_first)).toEqual([null, null, -5, 2.5]);
  expect(rows.map((row) => row.later_text)).toEqual(["1.50", "+1", "1e5", "n/a"]);
});

test("to stdout, which cannot be written again, the earlier cells stay as written and are warned of by name", async () => {
  serveRecordPages(fx.emulator, "brands", PAGES);
  const run = await fount("brands", "--per-page", "2", "--format", "csv");
  expect(run.code).toBe(0);
  expect(run.stdout).toBe("id,later_text,null_first\n1,1.5,\n2,1,\n3,1e5,-5\n4,n/a,2.5\n");
  expect(run.stderr).toMatch(/warning: cells were written as numbers.*later_text \(2 cells, before rows 3–4\)/);
});
