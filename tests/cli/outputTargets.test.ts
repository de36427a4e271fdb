import { spawn, spawnSync } from "node:child_process";
import { closeSync, lstatSync, mkdirSync, openSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { AS_NOBODY, ROOT, bundleInto, nobodyCanRead, readableFolder, whyNotNobody } from "../helpers/asNobody";
import { cleanEnv, runCli, runCommand, useCliFixture } from "./helpers/builtCli";

const TOKEN = "tok-output-targets-4d2";
const fx = useCliFixture(TOKEN);
const env = () => cleanEnv({ FOUNT_API_TOKEN: TOKEN, FOUNT_BASE_URL: fx.emulator.url });
const fount = (args: string[], cwd = fx.dir) => runCli(fx.cli, args, { env: env(), cwd });
const oneLine = (stderr: string) => expect(stderr.trimEnd().split("\n")).toHaveLength(1);
afterEach(() => fx.emulator.setFaults([]));

describe("targets that are not plain files", () => {
  test("--out /dev/null: written, and /dev/null is still a device", async () => {
    const run = await fount(["regions", "--out", "/dev/null", "--format", "csv"]);
    expect(run).toMatchObject({ code: 0, stdout: "" });
    expect(run.stderr).toMatch(/^wrote \d+ rows × \d+ columns to \/dev\/null\n$/);
    expect(lstatSync("/dev/null").isCharacterDevice()).toBe(true);
  });

  test("--out /dev/full: exit 1, one line naming the device and the reason", async () => {
    const run = await fount(["regions", "--out", "/dev/full", "--format", "csv"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe("error: cannot write /dev/full: no space left on the device (ENOSPC)\n");
  });

  test("stdout on /dev/full: exit 1, one line with the reason, no stack", async () => {
    const full = openSync("/dev/full", "w");
    try {
      const child = spawn(process.execPath, [fx.cli, "regions", "--format", "csv"], {
        env: env(),
        cwd: fx.dir,
        stdio: ["ignore", full, "pipe"],
      });
      let stderr = "";
      child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise((resolve) => child.on("close", resolve));
      expect([code, stderr]).toEqual([1, "error: cannot write stdout: no space left on the device (ENOSPC)\n"]);
    } finally {
      closeSync(full);
    }
  });

  test("--out /dev/stdout into a pipe", async () => {
    const run = await runCommand("sh", ["-c", `"${process.execPath}" "${fx.cli}" regions --format csv --out /dev/stdout -q | cat`], {
      env: env(),
      cwd: fx.dir,
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^id,name/);
  });

  test("--out through a symbolic link writes the link's target", async () => {
    mkdirSync(join(fx.dir, "real"));
    writeFileSync(join(fx.dir, "real", "regions.csv"), "old\n");
    symlinkSync("real/regions.csv", join(fx.dir, "latest.csv"));
    expect((await fount(["regions", "--out", "latest.csv", "-q"])).code).toBe(0);
    expect(lstatSync(join(fx.dir, "latest.csv")).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(fx.dir, "real", "regions.csv"), "utf8")).toMatch(/^id,name/);
  });

  test("--out a FIFO: the reader gets the whole file", async () => {
    const fifo = join(fx.dir, "regions.ndjson");
    expect(spawnSync("mkfifo", [fifo]).status).toBe(0);
    const reader = spawn("cat", [fifo]);
    const chunks: Buffer[] = [];
    reader.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    const done = new Promise((resolve) => reader.on("close", resolve));
    expect((await fount(["regions", "--out", fifo, "-q"])).code).toBe(0);
    await done;
    const lines = Buffer.concat(chunks).toString("utf8").trimEnd().split("\n");
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(JSON.parse(line)).toHaveProperty("id");
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });

  test("--out into a missing folder creates it", async () => {
    const run = await fount(["regions", "--out", "out/deeper/regions.csv"]);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/to out\/deeper\/regions\.csv\n$/);
    expect(readFileSync(join(fx.dir, "out/deeper/regions.csv"), "utf8")).toMatch(/^id,name/);
  });

  describe("as nobody", () => {
    const why = whyNotNobody();
    const maybe = why ? test.skip : test;
    if (why) test(`skipped: ${why}`, () => {});
    // the built CLI, or where nobody cannot read the clone (a folder only root may enter), the CLI
    // bundled with its dependencies into a folder nobody can read
    let cli = "";
    let readable = "";
    beforeAll(() => {
      if (why) return;
      if (nobodyCanRead(fx.cli)) cli = fx.cli;
      else {
        readable = readableFolder();
        bundleInto(readable, { cli: join(ROOT, "src/cli/main.ts"), emulator: join(ROOT, "src/emulator/index.ts") });
        cli = join(readable, "cli.cjs");
      }
    }, 120_000);
    afterAll(() => {
      if (readable) rmSync(readable, { recursive: true, force: true });
    });
    const asNobody = (args: string) =>
      runCommand("sh", ["-c", `${AS_NOBODY.join(" ")} "${process.execPath}" "${cli}" ${args}`], {
        env: env(),
        cwd: "/",
      });

    maybe("--out /dev/stdout, piped and on a file, works without rights on /dev", async () => {
      const piped = await asNobody("regions --format csv --out /dev/stdout -q | cat");
      expect(piped).toMatchObject({ code: 0, stderr: "" });
      expect(piped.stdout).toMatch(/^id,name/);
      expect(readdirSync("/dev").filter((name) => name.endsWith(".partial"))).toEqual([]);
    });

    maybe("a folder nobody may write to: one line naming the user's path, exit 1", async () => {
      const run = await asNobody("regions --out /root/regions.csv");
      expect(run.code).toBe(1);
      expect(run.stderr).toBe("error: cannot write /root/regions.csv: permission denied (EACCES)\n");
    });
  });
});

/** Three pages of 10 brands, one request at a time, the first failure final (the tests make page 2 fail). */
const FAILING_AT_PAGE_2 = [
  "brands",
  "--per-page",
  "10",
  "--max-pages",
  "3",
  "--retries",
  "0",
  "--on-errors",
  "raise",
  "--workers",
  "1",
  "--batch-size",
  "1",
  "-q",
];

describe("JSON on stdout is never a broken document", () => {
  test("an endpoint that does not exist: nothing on stdout, exit 1, one line", async () => {
    const run = await fount(["raw", "nonexistent/thing", "--retries", "0"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    oneLine(run.stderr);
  });

  test("a service that cannot be reached: nothing on stdout", async () => {
    const run = await runCli(fx.cli, ["regions", "--format", "json", "--base-url", "http://127.0.0.1:9/api/v2/", "--retries", "0"], {
      env: env(),
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/^error: ECONNREFUSED/);
    oneLine(run.stderr);
  });

  test("a failure after the first page: a closed array, exit 1, and a line saying stdout is incomplete", async () => {
    fx.emulator.setFaults([{ resource: "brands", page: 2, kind: "status", status: 500 }]);
    const run = await fount([...FAILING_AT_PAGE_2, "--format", "json"]);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toHaveLength(10);
    oneLine(run.stderr);
    expect(run.stderr).toMatch(/^error: HTTP 500 .*; the output on stdout is incomplete\n$/);
  });

  test("CSV cut short on stdout says so too", async () => {
    fx.emulator.setFaults([{ resource: "brands", page: 2, kind: "status", status: 500 }]);
    const run = await fount([...FAILING_AT_PAGE_2, "--format", "csv"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/; the output on stdout is incomplete\n$/);
  });
});

describe("CSV flags", () => {
  test("formula text is made inert by default; --no-escape-formulas keeps it; --bom adds the mark", async () => {
    const escaped = await fount([
      "raw",
      "audiences",
      "--format",
      "csv",
      "--fields",
      "id",
      "--per-page",
      "2",
      "--max-pages",
      "1",
      "--bom",
      "-q",
    ]);
    expect(escaped.code).toBe(0);
    expect(escaped.stdout.startsWith("\uFEFFid\n")).toBe(true);
    const plain = await fount([
      "raw",
      "audiences",
      "--format",
      "csv",
      "--fields",
      "id",
      "--per-page",
      "2",
      "--max-pages",
      "1",
      "--no-escape-formulas",
      "-q",
    ]);
    expect(plain.stdout.startsWith("id\n")).toBe(true);
  });

  test.each([
    [["--out", "x.xlsx", "--bom"], /^error: --bom: only CSV starts with a byte-order mark; this output is xlsx\n$/],
    [["--format", "json", "--no-escape-formulas"], /^error: --no-escape-formulas: only CSV escapes formulas/],
  ])("%j with another format: exit 2", async (extra, pattern) => {
    const run = await fount(["regions", ...extra]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(pattern);
  });
});
