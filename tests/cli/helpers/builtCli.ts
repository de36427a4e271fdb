import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Client } from "../../../src/client/client";
import { startEmulator, type Emulator } from "../../../src/emulator";

export const ROOT = resolve(__dirname, "../../..");
const CACHE = join(ROOT, "node_modules/.cache/fountframe-cli-tests");

/** A fingerprint of everything the CLI bundle is built from, so a stale build is never reused. */
function sourceFingerprint(): string {
  const hash = createHash("sha256");
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else {
        const { size, mtimeMs } = statSync(path);
        hash.update(`${path}:${size}:${mtimeMs}\n`);
      }
    }
  };
  visit(join(ROOT, "src"));
  for (const file of ["tsup.config.ts", "package.json"]) hash.update(`${file}:${statSync(join(ROOT, file)).mtimeMs}`);
  return hash.digest("hex").slice(0, 16);
}

/**
 * The CLI built with the project's tsup config (tests/cli/helpers/buildCli.ts), once per source
 * state: test files running in parallel share it, and it lives apart from dist/, which other builds
 * clean. Inside node_modules so the bundle resolves the package's dependencies as dist/ does.
 */
export function builtCli(): string {
  const dir = join(CACHE, sourceFingerprint());
  const cli = join(dir, "cli.cjs");
  if (existsSync(cli)) return cli;
  const staging = `${dir}.${process.pid}.${Date.now()}`;
  mkdirSync(staging, { recursive: true });
  const built = spawnSync(join(ROOT, "node_modules/.bin/tsx"), ["tests/cli/helpers/buildCli.ts", staging], {
    cwd: ROOT,
    encoding: "utf8",
    timeout: 120_000,
  });
  if (built.status !== 0) throw new Error(`building the CLI failed:\n${built.stderr}${built.stdout}`);
  try {
    renameSync(staging, dir);
  } catch {
    rmSync(staging, { recursive: true, force: true }); // another worker finished first: use its build
  }
  return cli;
}

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  timeoutMs?: number;
}

/** The environment of a user with no Fount settings, plus `extra`. */
export function cleanEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!key.startsWith("FOUNT_") && !key.startsWith("JEST")) env[key] = value;
  return { ...env, NODE_OPTIONS: "", ...extra };
}

/** Runs `node <cli> ...args` as a user would, to completion or the timeout. */
export function runCli(cli: string, args: readonly string[], options: RunOptions = {}): Promise<CliRun> {
  return runCommand(process.execPath, [cli, ...args], options);
}

/** Runs any command (e.g. a shell pipeline), collecting its output. */
export function runCommand(command: string, args: readonly string[], options: RunOptions = {}): Promise<CliRun> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, [...args], {
      cwd: options.cwd ?? ROOT,
      env: options.env ?? cleanEnv(),
      stdio: ["ignore", "pipe", "pipe"],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 20_000);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolvePromise({ code, stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8") });
    });
  });
}

export interface CliFixture {
  /** the built CLI bundle */
  cli: string;
  /** an emulator that accepts only the fixture's token */
  emulator: Emulator;
  /** the library on the same emulator, to compare the CLI's output with */
  client: Client;
  /** a temporary folder, removed after the file's tests */
  dir: string;
}

/** One test file's CLI set-up: built CLI, emulator, client and a temp folder, all closed after. */
export function useCliFixture(token: string): CliFixture {
  const fixture = {} as CliFixture;
  beforeAll(async () => {
    fixture.cli = builtCli();
    fixture.emulator = await startEmulator({ rateLimit: false, token });
    fixture.client = new Client(token, { baseUrl: fixture.emulator.url, verbose: false });
    fixture.dir = mkdtempSync(join(tmpdir(), "fountframe-cli-"));
  }, 120_000);
  afterAll(async () => {
    await fixture.client?.aclose();
    await fixture.emulator?.close();
    if (fixture.dir) rmSync(fixture.dir, { recursive: true, force: true });
  });
  return fixture;
}
