/**
 * `npx fountframe emulator &` then `kill %1`: without job control the signal reaches npm only. The
 * emulator must end with the processes that started it. Real processes: npm exec (npx) running the
 * built CLI from a project's node_modules/.bin, and a plain parent killed outright.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { builtCli, cleanEnv } from "./helpers/builtCli";

let cli: string;
let project: string;
beforeAll(() => {
  cli = builtCli();
  // a project that installed fountframe: its bin in node_modules/.bin, as npm links it
  project = mkdtempSync(join(tmpdir(), "fountframe-npx-"));
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "uses-fountframe", version: "1.0.0", private: true }));
  mkdirSync(join(project, "node_modules/.bin"), { recursive: true });
  symlinkSync(cli, join(project, "node_modules/.bin/fountframe"));
}, 120_000);
afterAll(() => rmSync(project, { recursive: true, force: true }));

/** The URL the emulator prints, and a promise that settles when every holder of its stdout is gone. */
function started(child: ChildProcess): { url: Promise<string>; allGone: Promise<void> } {
  let text = "";
  const url = new Promise<string>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes("\n")) resolve(text.trim());
    });
    child.on("error", reject);
  });
  // the emulator inherits the wrapper's stdout: the pipe ends when the last process holding it exits
  const allGone = new Promise<void>((resolve) => child.stdout!.on("end", resolve));
  return { url, allGone };
}

const refused = (url: string) =>
  new Promise<boolean>((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = connect(Number(port), hostname);
    socket.on("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.on("error", () => resolve(true));
  });

test("npx fountframe emulator & … kill %1 (SIGTERM to npm alone) ends the emulator", async () => {
  const npx = spawn("npx", ["--offline", "fountframe", "emulator", "--port", "0", "--quiet"], {
    cwd: project,
    env: cleanEnv(),
    stdio: ["ignore", "pipe", "inherit"],
  });
  const { url, allGone } = started(npx);
  const base = await url;
  expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v2\/$/);
  expect((await fetch(`${base}health`)).status).toBe(200);
  npx.kill("SIGTERM"); // what `kill %1` does in a shell without job control
  await allGone;
  expect(await refused(base)).toBe(true);
}, 60_000);

test("an emulator whose parent is killed outright (SIGKILL) ends too", async () => {
  // the parent runs the CLI with its own stdout and never passes signals on
  const script = `require("node:child_process").spawn(process.execPath, ${JSON.stringify([cli, "emulator", "--port", "0", "--quiet"])}, { stdio: "inherit" }); setInterval(() => {}, 1000);`;
  const parent = spawn(process.execPath, ["-e", script], { env: cleanEnv(), stdio: ["ignore", "pipe", "inherit"] });
  const { url, allGone } = started(parent);
  const base = await url;
  expect((await fetch(`${base}health`)).status).toBe(200);
  parent.kill("SIGKILL");
  await allGone;
  expect(await refused(base)).toBe(true);
}, 60_000);

test.each(["SIGINT", "SIGTERM", "SIGHUP"] as const)(
  "%s (a closed terminal too) stops the emulator: exit 0, one line",
  async (signal) => {
    const child = spawn(process.execPath, [cli, "emulator", "--port", "0"], { env: cleanEnv() });
    let stderr = "";
    child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.on("close", (code, by) => resolve([code, by])));
    const url = await started(child).url;
    child.kill(signal);
    expect(await exited).toEqual([0, null]);
    expect(stderr).toMatch(new RegExp(`emulator stopped \\(${signal}\\) after 0 requests\\n$`));
    expect(await refused(url)).toBe(true);
  },
  30_000,
);
