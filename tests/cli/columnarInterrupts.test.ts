import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { untilInFolder } from "../helpers/waitOn";
import { cleanEnv, useCliFixture } from "./helpers/builtCli";

// the same set-up as interrupts.test.ts, for the columnar outputs (kept apart so the two files merge cleanly)
const TOKEN = "tok-columnar-interrupts-4e2";
const fx = useCliFixture(TOKEN);
const PULL = ["brands", "--per-page", "10", "--max-pages", "3", "--workers", "1", "--batch-size", "1"];

beforeEach(() => fx.emulator.setFaults([{ resource: "brands", page: 2, kind: "hang" }]));
afterEach(() => fx.emulator.setFaults([]));

let folder = 0;
async function interruptedRun(
  args: string[],
  prepare: (dir: string) => void,
  started: (names: string[]) => boolean = (names) => names.some((name) => name.endsWith(".partial")),
): Promise<{ dir: string; code: number | null; stderr: string }> {
  const dir = join(fx.dir, `run-${++folder}`);
  mkdirSync(dir);
  prepare(dir);
  const child = spawn(process.execPath, [fx.cli, ...PULL, ...args], {
    cwd: dir,
    env: cleanEnv({ FOUNT_API_TOKEN: TOKEN, FOUNT_BASE_URL: fx.emulator.url }),
  });
  const err: Buffer[] = [];
  child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  const killer = setTimeout(() => child.kill("SIGKILL"), 20_000);
  await untilInFolder(dir, () => started(readdirSync(dir)), "the run's first file or folder", exited);
  child.kill("SIGINT");
  const code = await exited;
  clearTimeout(killer);
  return { dir, code, stderr: Buffer.concat(err).toString("utf8") };
}

test.each(["parquet", "arrow"])(
  "SIGINT during --out x.%s: the partial file is removed, the existing file left, exit 130",
  async (format) => {
    const { dir, code, stderr } = await interruptedRun(["--out", `x.${format}`], (dir) =>
      writeFileSync(join(dir, `x.${format}`), "before\n"),
    );
    expect(code).toBe(130);
    expect(stderr).toMatch(/(^|\n)interrupted: nothing written\n$/);
    expect(readdirSync(dir)).toEqual([`x.${format}`]);
  },
);

test("SIGINT during --partition-by: the hidden folder is removed, the existing dataset left as it was", async () => {
  const { dir, code } = await interruptedRun(["--out", "ds", "--partition-by", "id"], (dir) => {
    mkdirSync(join(dir, "ds", "id=1"), { recursive: true });
    writeFileSync(join(dir, "ds", "id=1", "part-0.parquet"), "before");
  });
  expect(code).toBe(130);
  expect(readdirSync(dir)).toEqual(["ds"]);
  expect(readdirSync(join(dir, "ds"))).toEqual(["id=1"]);
});

test("SIGINT during --resume before its first checkpoint: nothing kept, so the resume folder goes too, and the line says nothing was written", async () => {
  const { dir, code, stderr } = await interruptedRun(
    ["--out", "x.parquet", "--resume"],
    (dir) => writeFileSync(join(dir, "x.parquet"), "before\n"),
    (names) => names.includes(".x.parquet.resume"),
  );
  expect(code).toBe(130);
  expect(stderr).toBe("interrupted: nothing written\n");
  expect(readdirSync(dir)).toEqual(["x.parquet"]);
});
