import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { untilData, untilInFolder } from "../helpers/waitOn";
import { cleanEnv, useCliFixture } from "./helpers/builtCli";

const TOKEN = "tok-interrupt-tests-9c1";
const fx = useCliFixture(TOKEN);

interface Running {
  child: ChildProcessWithoutNullStreams;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function start(command: string, args: string[], cwd: string): Running {
  const child = spawn(command, args, { cwd, env: cleanEnv({ FOUNT_API_TOKEN: TOKEN, FOUNT_BASE_URL: fx.emulator.url }) });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
  child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("close", (code, signal) => resolve({ code, signal })),
  );
  const killer = setTimeout(() => child.kill("SIGKILL"), 20_000);
  void exited.then(() => clearTimeout(killer));
  return { child, stdout: () => Buffer.concat(out).toString("utf8"), stderr: () => Buffer.concat(err).toString("utf8"), exited };
}

/** Whether `text` is the start of a JSON array holding `count` whole records. */
function holdsRecords(text: string, count: number): boolean {
  try {
    return (JSON.parse(`${text}\n]`) as unknown[]).length === count;
  } catch {
    return false;
  }
}

let folder = 0;
function freshDir(): string {
  const dir = join(fx.dir, `run-${++folder}`);
  mkdirSync(dir);
  return dir;
}

// page 1 answers, page 2 never does: the CLI is caught in the middle of a pull
beforeEach(() => fx.emulator.setFaults([{ resource: "brands", page: 2, kind: "hang" }]));
afterEach(() => fx.emulator.setFaults([]));
const PULL = ["brands", "--per-page", "10", "--max-pages", "3", "--workers", "1", "--batch-size", "1"];

describe.each(["csv", "xlsx", "json", "ndjson"])("SIGINT during --out x.%s", (format) => {
  test("the partial file is removed, an existing file is left as it was, one line, exit 130", async () => {
    const dir = freshDir();
    writeFileSync(join(dir, `x.${format}`), "before\n");
    const run = start(process.execPath, [fx.cli, ...PULL, "--out", `x.${format}`], dir);
    await untilInFolder(dir, () => readdirSync(dir).some((name) => name.endsWith(".partial")), "the partial file", run.exited);
    run.child.kill("SIGINT");
    const { code } = await run.exited;
    expect(code).toBe(130);
    expect(run.stderr()).toMatch(/(^|\n)interrupted: nothing written\n$/);
    expect(readdirSync(dir)).toEqual([`x.${format}`]);
    expect(existsSync(join(dir, `x.${format}`))).toBe(true);
  });
});

test.each(["SIGTERM", "SIGHUP"] as const)("%s (a termination request, a closed terminal) does the same, with 130", async (signal) => {
  const dir = freshDir();
  const run = start(process.execPath, [fx.cli, ...PULL, "--out", "x.csv", "-q"], dir);
  await untilInFolder(dir, () => readdirSync(dir).length > 0, "the partial file", run.exited);
  run.child.kill(signal);
  expect((await run.exited).code).toBe(130);
  expect(run.stderr()).toBe("interrupted: nothing written\n");
  expect(readdirSync(dir)).toEqual([]);
});

test("SIGINT with CSV on stdout: the line says stdout is incomplete", async () => {
  const run = start(process.execPath, [fx.cli, ...PULL, "-q"], freshDir());
  await untilData(run.child.stdout, () => run.stdout().split("\n").length > 10, "the first page on stdout");
  run.child.kill("SIGINT");
  expect((await run.exited).code).toBe(130);
  expect(run.stderr()).toBe("interrupted: stdout incomplete\n");
});

test("SIGINT with JSON on stdout: the array is closed, so a reader never gets a broken document", async () => {
  const run = start(process.execPath, [fx.cli, ...PULL, "--format", "json", "-q"], freshDir());
  await untilData(run.child.stdout, () => holdsRecords(run.stdout(), 10), "the first page on stdout");
  run.child.kill("SIGINT");
  expect((await run.exited).code).toBe(130);
  expect(run.stderr()).toBe("interrupted: stdout incomplete\n");
  expect(JSON.parse(run.stdout())).toHaveLength(10);
});

test("SIGINT with JSON queued for its reader: the array is closed after every queued byte", async () => {
  // wide rows pulled faster than the reader takes them: megabytes wait in the CLI's queue, one write in flight
  fx.emulator.setFaults([]);
  const run = start(
    process.execPath,
    [fx.cli, "brandscape-data", "--studies", "1,2", "--per-page", "25", "--format", "json", "-q"],
    freshDir(),
  );
  await untilData(run.child.stdout, () => run.stdout().length > 1_000_000, "a megabyte on stdout");
  run.child.kill("SIGINT");
  expect((await run.exited).code).toBe(130);
  expect(run.stderr()).toBe("interrupted: stdout incomplete\n");
  const rows = JSON.parse(run.stdout()) as unknown[];
  expect(rows.length % 25).toBe(0); // whole pages
});

test("a second signal while a stopped reader is waited for exits at once, still saying stdout is incomplete", async () => {
  fx.emulator.setFaults([]);
  const run = start(
    process.execPath,
    [fx.cli, "brandscape-data", "--studies", "1,2", "--per-page", "25", "--format", "json", "-q"],
    freshDir(),
  );
  await untilData(run.child.stdout, () => run.stdout().length > 0, "the first bytes on stdout");
  run.child.stdout.pause(); // the reader stops: what is queued cannot go out
  await new Promise((resolve) => setTimeout(resolve, 500));
  run.child.kill("SIGINT");
  await new Promise((resolve) => setTimeout(resolve, 300));
  const second = Date.now();
  run.child.kill("SIGINT");
  run.child.stdout.resume();
  expect((await run.exited).code).toBe(130);
  expect(Date.now() - second).toBeLessThan(3_000); // not the 5 s the first signal would wait
  expect(run.stderr()).toBe("interrupted: stdout incomplete\n");
});

test("Ctrl-C on a terminal (script gives the CLI a TTY): the cursor and line wrap come back", async () => {
  const dir = freshDir();
  const command = `exec ${JSON.stringify(process.execPath)} ${JSON.stringify(fx.cli)} ${PULL.join(" ")} --out x.csv`;
  const run = start("script", ["-qefc", command, "/dev/null"], dir);
  const HIDDEN = "\x1b[?25l";
  await untilData(run.child.stdout, () => run.stdout().includes(HIDDEN), "the progress bar");
  await untilInFolder(dir, () => readdirSync(dir).length > 0, "the partial file", run.exited);
  run.child.stdin.write("\x03"); // the terminal's Ctrl-C: SIGINT to the foreground process
  const { code } = await run.exited;
  const screen = run.stdout();
  expect(code).toBe(130);
  expect(screen).toMatch(/interrupted: nothing written\r?\n$/);
  expect(screen.lastIndexOf("\x1b[?25h")).toBeGreaterThan(screen.lastIndexOf(HIDDEN)); // cursor shown again
  expect(screen.lastIndexOf("\x1b[?7h")).toBeGreaterThan(screen.lastIndexOf("\x1b[?7l")); // line wrap back on
  expect(readdirSync(dir)).toEqual([]);
});

/**
 * Whether the process catches `signal` (its bit in /proc's SigCgt mask). Node itself catches SIGINT
 * and SIGTERM from its first milliseconds (to reset the terminal, then die by the signal); SIGHUP
 * only once the CLI's own handler is installed.
 */
function catches(pid: number, signal: number): boolean {
  try {
    const mask = /^SigCgt:\s*([0-9a-f]+)$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return mask !== undefined && (BigInt(`0x${mask}`) >> BigInt(signal - 1)) % 2n === 1n;
  } catch {
    return false;
  }
}

const SIGHUP = 1;

test.each(["SIGTERM", "SIGHUP", "SIGINT"] as const)(
  "%s while the CLI is still starting: exit 130 and one line, not killed by the signal",
  async (name) => {
    const run = start(process.execPath, [fx.cli, ...PULL], freshDir());
    const pid = run.child.pid!;
    while (!catches(pid, SIGHUP)) await new Promise((resolve) => setTimeout(resolve, 1));
    run.child.kill(name);
    expect(await run.exited).toEqual({ code: 130, signal: null });
    // handled at once ("interrupted"), or, when the signal came while the commands were loading (which
    // holds the thread), by the pull's own handler installed by then
    expect(run.stderr()).toMatch(/^interrupted(: nothing written)?\n$/);
    expect(run.stdout()).toBe("");
  },
);
