/**
 * A user's own script interrupted in the middle of a library export: the hidden partial file is
 * removed, then the signal does what it would have done (the process ends by it), and a handler of
 * the user's own still decides. Each case runs in a child process, as a user's script runs.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { TOKEN, useEmulator } from "../client/fixture";

jest.setTimeout(90_000);
const env = useEmulator();
const SRC = resolve(__dirname, "../../src");

// page 1 answers, page 2 never does: the export is caught in the middle
beforeEach(() => env.emulator.setFaults([{ resource: "brands", page: 2, kind: "hang" }]));

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "fountframe-interrupt-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A user's script: an export of a pull's pages to huge.csv, with `before` run first. */
function userScript(before = ""): string {
  return `
    const { Client, writeCSV } = require(${JSON.stringify(SRC)});
    ${before}
    const client = new Client(${JSON.stringify(TOKEN)}, { baseUrl: ${JSON.stringify(env.emulator.url)}, verbose: false, retries: 0, batchSize: 1, nWorkers: 1 });
    void writeCSV(client.pages("brands", { perPage: 10, maxPages: 3 }), "huge.csv");
  `;
}

async function interrupt(script: string, signal: NodeJS.Signals) {
  const child = spawn(process.execPath, ["--require", require.resolve("tsx/cjs"), "-e", script], { cwd: dir });
  let stdout = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += String(chunk)));
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += String(chunk)));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.on("close", (code, endedBy) => done({ code, signal: endedBy })),
  );
  // the child compiles src/ with tsx first: on a loaded machine that alone can take many seconds
  const killer = setTimeout(() => child.kill("SIGKILL"), 80_000);
  try {
    const startedBy = Date.now() + 60_000;
    while (!readdirSync(dir).some((name) => name.endsWith(".partial"))) {
      if (Date.now() > startedBy) throw new Error(`the export never started: ${stderr}`);
      await new Promise((wait) => setTimeout(wait, 25));
    }
    child.kill(signal);
    return { ...(await exited), stdout: () => stdout };
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  } finally {
    clearTimeout(killer);
  }
}

test.each(["SIGINT", "SIGTERM", "SIGHUP"] as const)("%s: the partial file is removed and the signal ends the script", async (signal) => {
  const ended = await interrupt(userScript(), signal);
  expect([ended.code, ended.signal]).toEqual([null, signal]);
  expect(readdirSync(dir)).toEqual([]);
});

test("the user's own SIGINT handler is not swallowed: it runs and decides, and the partial file still goes", async () => {
  const mine = `process.on("SIGINT", () => { console.log("my handler"); process.exit(7); });`;
  const ended = await interrupt(userScript(mine), "SIGINT");
  expect(ended.code).toBe(7);
  expect(ended.stdout()).toBe("my handler\n");
  expect(readdirSync(dir)).toEqual([]);
});
