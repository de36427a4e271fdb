import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { duckRows, sqlText } from "../export/duckdb";
import { pagesRequested } from "../client/fixture";
import { untilInFolder } from "../helpers/waitOn";
import { cleanEnv, runCli, useCliFixture } from "./helpers/builtCli";

const TOKEN = "tok-resume-output-7c1";
const fx = useCliFixture(TOKEN);
// 40 studies, All Adults, at 500 rows a page: 13 pages of ~390 columns, so a checkpoint (one batch, ~1,040 rows) every 3 pages
const STUDIES = Array.from({ length: 40 }, (_, index) => index + 1).join(",");
const PULL = [
  "brandscape-data",
  "--studies",
  STUDIES,
  "--audiences",
  "1",
  "--per-page",
  "500",
  "--workers",
  "1",
  "--batch-size",
  "1",
  "--quiet",
];
const HANGING_PAGE = 8;
const env = () => cleanEnv({ FOUNT_API_TOKEN: TOKEN, FOUNT_BASE_URL: fx.emulator.url });
const parquet = (path: string) => `read_parquet(${sqlText(path)})`;

afterEach(() => fx.emulator.setFaults([]));

/** Runs the export in a child and sends SIGINT once a checkpoint at `pagesDone` or later, before the hanging page, is in the manifest. */
async function interruptedRun(
  dir: string,
  args: string[],
  manifest: string,
  pagesDone = 6,
): Promise<{ code: number | null; stderr: string }> {
  fx.emulator.setFaults([{ resource: "brandscape-data", page: HANGING_PAGE, kind: "hang" }]);
  const child = spawn(process.execPath, [fx.cli, ...PULL, ...args], { cwd: dir, env: env() });
  const err: Buffer[] = [];
  child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  const killer = setTimeout(() => child.kill("SIGKILL"), 100_000);
  // the manifest is written beside and renamed: whole whenever it is there
  const checkpointed = () =>
    existsSync(manifest) && (JSON.parse(readFileSync(manifest, "utf8")) as { pagesDone: number }).pagesDone >= pagesDone;
  await untilInFolder(dir, checkpointed, `a checkpoint after page ${pagesDone}`, exited);
  child.kill("SIGINT");
  const code = await exited;
  clearTimeout(killer);
  return { code, stderr: Buffer.concat(err).toString("utf8") };
}

test("--resume: an export stopped by SIGINT continues from the next page and equals an uninterrupted one", async () => {
  const dir = join(fx.dir, "resume");
  mkdirSync(dir);
  const whole = await runCli(fx.cli, [...PULL, "--out", "whole.parquet"], { cwd: dir, env: env(), timeoutMs: 100_000 });
  expect(whole.stderr).toBe("");
  expect(whole.code).toBe(0);

  const folder = join(dir, ".x.parquet.resume");
  const stopped = await interruptedRun(dir, ["--out", "x.parquet", "--resume"], join(folder, "manifest.json"));
  expect(stopped.code).toBe(130);
  expect(readdirSync(dir).sort()).toEqual([".x.parquet.resume", "whole.parquet"]);
  const manifest = readFileSync(join(folder, "manifest.json"), "utf8");
  expect(manifest).not.toContain(TOKEN);
  const { pagesDone, lastPage } = JSON.parse(manifest) as { pagesDone: number; lastPage: number };
  expect(pagesDone).toBeLessThan(HANGING_PAGE);
  expect(lastPage).toBe(13);
  // one line: what was kept and how to go on (no "nothing written" before it)
  expect(stopped.stderr).toBe(
    `interrupted: pages 1–${pagesDone} of 13 kept in .x.parquet.resume; run the same command with --resume to continue\n`,
  );

  fx.emulator.setFaults([]);
  fx.emulator.resetStats();
  const resumed = await runCli(fx.cli, [...PULL.filter((flag) => flag !== "--quiet"), "--out", "x.parquet", "--resume"], {
    cwd: dir,
    env: env(),
    timeoutMs: 100_000,
  });
  expect(resumed.code).toBe(0);
  expect(resumed.stderr).toMatch(new RegExp(`wrote \\d+ rows × \\d+ columns to x.parquet \\(continued from page ${pagesDone + 1}\\)\\n$`));
  // the last page written is asked again (to see its records unchanged), not written again
  expect(Math.min(...pagesRequested(fx.emulator, "brandscape-data"))).toBe(pagesDone);
  expect(readdirSync(dir).sort()).toEqual(["whole.parquet", "x.parquet"]);

  const [x, w] = [parquet(join(dir, "x.parquet")), parquet(join(dir, "whole.parquet"))];
  expect(await duckRows(`SELECT count(*)::INTEGER AS n FROM (SELECT * FROM ${x} EXCEPT ALL SELECT * FROM ${w})`)).toEqual([{ n: 0 }]);
  expect(await duckRows(`SELECT count(*)::INTEGER AS n FROM (SELECT * FROM ${w} EXCEPT ALL SELECT * FROM ${x})`)).toEqual([{ n: 0 }]);
  const ids = `SELECT brand_id, study_id FROM`;
  expect(await duckRows(`${ids} ${x}`)).toEqual(await duckRows(`${ids} ${w}`));
}, 300_000);

/** The files under a folder, by their path inside it, sorted. */
function filesIn(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)))
    .sort();
}

test("--resume --partition-by: stopped by SIGINT, then resumed, the dataset has the same files and rows as an uninterrupted one", async () => {
  const dir = join(fx.dir, "resume-dataset");
  mkdirSync(dir);
  const partitioned = ["--partition-by", "study_id"];
  const whole = await runCli(fx.cli, [...PULL, "--out", "whole", ...partitioned], { cwd: dir, env: env(), timeoutMs: 100_000 });
  expect(whole.stderr).toBe("");
  expect(whole.code).toBe(0);

  const folder = join(dir, ".ds.resume");
  const stopped = await interruptedRun(dir, ["--out", "ds", ...partitioned, "--resume"], join(folder, "manifest.json"), 1);
  expect(stopped.code).toBe(130);
  const { pagesDone } = JSON.parse(readFileSync(join(folder, "manifest.json"), "utf8")) as { pagesDone: number };
  expect(pagesDone).toBeLessThan(HANGING_PAGE);
  expect(stopped.stderr).toMatch(
    /^interrupted: pages? 1(–\d+)? of 13 kept in \.ds\.resume; run the same command with --resume to continue\n$/,
  );
  expect(readdirSync(dir).sort()).toEqual([".ds.resume", "whole"]);

  fx.emulator.setFaults([]);
  const resumed = await runCli(fx.cli, [...PULL, "--out", "ds", ...partitioned, "--resume"], { cwd: dir, env: env(), timeoutMs: 100_000 });
  expect(resumed.stderr).toBe("");
  expect(resumed.code).toBe(0);
  expect(readdirSync(dir).sort()).toEqual(["ds", "whole"]);
  const files = filesIn(join(dir, "whole"));
  expect(files.length).toBeGreaterThan(1);
  expect(filesIn(join(dir, "ds"))).toEqual(files);
  for (const file of files)
    expect(await duckRows(`SELECT * FROM ${parquet(join(dir, "ds", file))}`)).toEqual(
      await duckRows(`SELECT * FROM ${parquet(join(dir, "whole", file))}`),
    );
}, 300_000);

test("--resume with CSV, or to stdout, is a usage error", async () => {
  const csv = await runCli(fx.cli, ["brands", "--out", "x.csv", "--resume"], { cwd: fx.dir, env: env() });
  expect(csv.code).toBe(2);
  expect(csv.stderr).toMatch(/--resume continues a Parquet or Arrow export to a file or folder.*this output is csv/);
  const piped = await runCli(fx.cli, ["brands", "--format", "parquet", "--resume"], { cwd: fx.dir, env: env() });
  expect(piped.code).toBe(2);
  expect(piped.stderr).toMatch(/this output is parquet to stdout/);
});
