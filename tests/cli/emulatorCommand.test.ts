import { spawn } from "node:child_process";
import { builtCli, cleanEnv, runCli } from "./helpers/builtCli";

let cli: string;
beforeAll(() => {
  cli = builtCli();
}, 120_000);

/**
 * `fountframe emulator ARGS` in a child process, `use`d with the base URL it prints first; then
 * stopped by SIGINT, which must end it with 0.
 */
async function withEmulatorCommand(args: string[], use: (url: string) => Promise<void>): Promise<void> {
  const child = spawn(process.execPath, [cli, "emulator", "--port", "0", ...args], { env: cleanEnv(), stdio: ["ignore", "pipe", "pipe"] });
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let text = "";
      child.stdout.on("data", (chunk: Buffer) => {
        text += chunk.toString();
        if (text.includes("\n")) resolve(text.trim());
      });
      child.on("close", () => reject(new Error(`emulator exited early: ${text}`)));
    });
    await use(url);
  } finally {
    child.kill("SIGINT");
  }
  expect(await exited).toBe(0);
}

test("`fountframe emulator` prints its base URL, serves, and stops on SIGINT with 0", async () => {
  await withEmulatorCommand(["--scale", "500", "--token", "emu-token"], async (url) => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v2\/$/);
    const run = await runCli(cli, ["regions", "--format", "ndjson", "--base-url", url, "--token", "emu-token"], { env: cleanEnv() });
    expect(run.code).toBe(0);
    expect(run.stdout.trimEnd().split("\n")).toHaveLength(6);
  });
}, 30_000);

test("`fountframe emulator --compression --bandwidth` answers compressed, through the link", async () => {
  await withEmulatorCommand(["--scale", "500", "--compression", "--bandwidth", "5000000"], async (url) => {
    const response = await fetch(`${url}brands?per_page=200`, {
      headers: { Authorization: "Bearer t", Accept: "application/json", "Accept-Encoding": "gzip" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(((await response.json()) as { data: unknown[] }).data).toHaveLength(200);
  });
}, 30_000);

test("`fountframe emulator --compression deflate` offers deflate alone; an unknown coding is a usage error", async () => {
  await withEmulatorCommand(["--scale", "500", "--compression", "deflate"], async (url) => {
    const response = await fetch(`${url}brands?per_page=200`, {
      headers: { Authorization: "Bearer t", Accept: "application/json", "Accept-Encoding": "br, gzip, deflate" },
    });
    expect(response.headers.get("content-encoding")).toBe("deflate");
    expect(((await response.json()) as { data: unknown[] }).data).toHaveLength(200);
  });
  const run = await runCli(cli, ["emulator", "--port", "0", "--compression", "zstd"], { env: cleanEnv() });
  expect(run.code).toBe(2);
  expect(run.stderr).toMatch(/--compression: .*br, gzip, deflate.*"zstd"/);
}, 30_000);
