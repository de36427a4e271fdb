import { spawn } from "node:child_process";
import { join } from "node:path";
import { TOKEN, useEmulator } from "./fixture";

const env = useEmulator();

/**
 * The emulator's request count once it has not moved for 1 s: on a loaded machine the child's calls
 * may still be starting when it says "ready", and a request sent before the close is not one sent
 * after it.
 */
async function settledRequestCount(): Promise<number> {
  let count = env.emulator.stats.requests;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    if (env.emulator.stats.requests === count) return count;
    count = env.emulator.stats.requests;
  }
}

test("aclose() mid-call: everything rejects with ClientClosedError, nothing more is sent, and the process exits by itself", async () => {
  env.emulator.setFaults([
    { resource: "brands", kind: "hang" },
    { resource: "regions", kind: "trickle", ms: 500 },
    { resource: "sectors", kind: "status", status: 503 },
    { resource: "cities", page: 2, kind: "rateLimit", retryAfter: 30 },
  ]);
  const child = spawn(process.execPath, ["--require", "tsx/cjs", join(__dirname, "lifecycle/closeMidway.ts")], {
    env: { ...process.env, FOUNT_TEST_URL: env.emulator.url, FOUNT_TEST_TOKEN: TOKEN },
    stdio: ["pipe", "pipe", "inherit"],
  });
  let output = "";
  let requestsBeforeClose = -1;
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    if (requestsBeforeClose < 0 && output.includes("ready\n")) {
      requestsBeforeClose = 0;
      void settledRequestCount().then((count) => {
        requestsBeforeClose = count;
        child.stdin.end();
      });
    }
  });
  const exitCode = await new Promise<number | string>((resolve) => {
    const timer = setTimeout(() => {
      child.kill();
      resolve("still running 20 s after it started");
    }, 20_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve(code ?? "killed");
    });
  });
  expect(exitCode).toBe(0);
  const outcomes = JSON.parse(output.split("\n").filter(Boolean).at(-1)!);
  expect(outcomes).toEqual({
    hungFrameCall: "ClientClosedError",
    trickledBody: "ClientClosedError",
    retryWait: "ClientClosedError",
    pacingWait: "ClientClosedError",
    streamBetweenPages: "ClientClosedError",
  });
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(env.emulator.stats.requests).toBe(requestsBeforeClose);
}, 30_000);
