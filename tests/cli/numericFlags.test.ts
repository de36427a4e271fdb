/**
 * Every numeric flag of every command, found in the program itself (an option whose parser turns
 * "5" into 5), refuses values out of its range the documented way: the built CLI, as a child
 * process, exits 2 with one line naming the flag, before any request.
 */
import { PassThrough } from "node:stream";
import type { Command } from "commander";
import { createProgram } from "../../src/cli/program";
import { cleanEnv, runCli, useCliFixture } from "./helpers/builtCli";

const TOKEN = "tok-numeric-flags-5e1";
const fx = useCliFixture(TOKEN);

/** Each numeric flag once, with a command that takes it (the first found). */
function numericFlags(): Map<string, string> {
  const io = { stdout: new PassThrough(), stderr: new PassThrough(), env: {}, cwd: process.cwd(), secrets: new Set<string>() };
  const found = new Map<string, string>();
  const walk = (command: Command) => {
    for (const option of command.options) {
      const flag = option.long;
      if (!flag || found.has(flag) || !option.parseArg) continue;
      let parsed: unknown;
      try {
        parsed = option.parseArg("5", undefined);
      } catch {
        continue;
      }
      if (typeof parsed === "number") found.set(flag, command.name());
    }
    for (const sub of command.commands) walk(sub);
  };
  walk(createProgram(io));
  return found;
}

const FLAGS = numericFlags();

/** Upper bounds: one past each is refused too. */
const PAST_THE_TOP: Record<string, string> = {
  "--port": "70000",
  "--latency": "2147483648",
  "--seed": "4294967296",
  "--rate-limit": "1000001",
  "--retries": "101",
  "--batch-size": "1001",
  "--workers": "65",
  "--timeout": "2147483648",
  "--per-page": "1001",
  "--scale": "999999999",
};

const run = (command: string, flag: string, value: string) => {
  const args = command === "emulator" ? [] : ["--base-url", fx.emulator.url, "--out", "-", "--format", "csv"];
  return runCli(fx.cli, [command, `${flag}=${value}`, ...args], { env: cleanEnv({ FOUNT_API_TOKEN: TOKEN }) });
};

/** Values no numeric flag takes; milliseconds may have a fraction, so --timeout gets 0 instead of 1.5. */
const hostileValues = (flag: string) => ["-1", flag === "--timeout" ? "0" : "1.5", "abc", "99999999999999999999"];

test("the program has the numeric flags this test expects to find", () => {
  for (const flag of [
    "--port",
    "--latency",
    "--scale",
    "--seed",
    "--rate-limit",
    "--timeout",
    "--retries",
    "--batch-size",
    "--workers",
    "--page",
    "--per-page",
    "--max-pages",
  ])
    expect(FLAGS.has(flag)).toBe(true);
});

const CASES = [...FLAGS].flatMap(([flag, command]) =>
  [...hostileValues(flag), ...(PAST_THE_TOP[flag] ? [PAST_THE_TOP[flag]] : [])].map((value) => [command, flag, value] as const),
);

test.each(CASES)("%s %s=%s exits 2 naming the flag, before any request", async (command, flag, value) => {
  const requests = fx.emulator.stats.requests;
  const result = await run(command, flag, value);
  expect(result.code).toBe(2);
  expect(result.stdout).toBe("");
  expect(result.stderr.trimEnd().split("\n")).toHaveLength(1);
  expect(result.stderr).toMatch(new RegExp(`^error: ${flag}: `));
  expect(fx.emulator.stats.requests).toBe(requests);
});
