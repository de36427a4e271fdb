import { spawn } from "node:child_process";
import { join } from "node:path";
import { TOKEN, roundTrip, useEmulator } from "./fixture";

const env = useEmulator();

/** The emulator's answers to one resource so far: page → status (0 while it is still being answered). */
const answers = (resource: string): Map<number, number> =>
  new Map(env.emulator.stats.log.filter((entry) => entry.path.endsWith(`/${resource}`)).map((entry) => [entry.page, entry.status]));

/** Every call of closeMidway.ts has reached its wait, as the emulator sees it. */
const everyCallWaiting = (): boolean =>
  answers("brands").get(1) === 0 && // hung
  answers("regions").get(1) === 0 && // trickling
  answers("sectors").get(1) === 503 && // waiting out its retry delay
  [429, 200, 200, 200].every((status, index) => answers("cities").get(index + 2) === status) && // page 2 waits to be asked again
  answers("countries").get(1) === 200; // the stream, between pages (the child says when it has the page)

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
      void env.emulator.until(everyCallWaiting).then(() => {
        requestsBeforeClose = env.emulator.stats.requests;
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
  expect(requestsBeforeClose).toBe(9);
  // the child has exited: whatever it sent has arrived once a request sent now is answered
  await roundTrip(env.emulator);
  expect(env.emulator.stats.requests).toBe(requestsBeforeClose + 1);
}, 30_000);
