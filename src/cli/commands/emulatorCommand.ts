import { Command, Option } from "commander";
import type { EmulatorOptions } from "../../emulator";
import { addRunOptions } from "../connectionOptions";
import type { CliIo } from "../io";
import { UsageError } from "../exitCode";
import { MAX_TIMER_MS, parsePositiveInteger, wholeNumberIn } from "../parseValues";
import { handlingSignals, STOP_SIGNALS } from "../signals";

interface EmulatorFlags {
  port: number;
  host: string;
  latency?: number;
  bandwidth?: number;
  compression?: boolean | string;
  scale?: number;
  token?: string;
  seed?: number;
  rateLimit?: number;
  quiet?: boolean;
}

const MAX_PORT = 65_535;
/** the dataset's generator takes 32-bit seeds */
const MAX_SEED = 2 ** 32 - 1;
const MAX_RATE_LIMIT = 1_000_000;
/** the emulator's own option checks (a scale past its dataset's rows) re-told with the flag */
const EMULATOR_FLAGS = new Map([
  ["scale", "--scale"],
  ["rateLimit", "--rate-limit"],
  ["latencyMs", "--latency"],
  ["seed", "--seed"],
  ["port", "--port"],
  ["compression", "--compression"],
]);

/** `fountframe emulator`: the local Fount service, until SIGINT or SIGTERM. */
export function emulatorCommand(io: CliIo): Command {
  const command = new Command("emulator")
    .description(
      "run the local Fount emulator until Ctrl-C (SIGINT), SIGTERM, or the end of the process that started it (npx included); prints its base URL on stdout",
    )
    .summary("run the local Fount emulator")
    .addOption(new Option("--port <n>", "port to listen on; 0 picks a free one").default(8000).argParser(wholeNumberIn(0, MAX_PORT)))
    .addOption(new Option("--host <host>", "address to listen on").default("127.0.0.1"))
    .addOption(new Option("--latency <ms>", "delay before each answer").argParser(wholeNumberIn(0, MAX_TIMER_MS)))
    .addOption(
      new Option("--bandwidth <bytes>", "the link's bytes per second, shared by all connections (default: unlimited)").argParser(
        parsePositiveInteger,
      ),
    )
    .addOption(
      new Option(
        "--compression [codings]",
        "answer compressed as the request's Accept-Encoding asks; codings offered, best first (default: br,gzip,deflate)",
      ),
    )
    .addOption(new Option("--scale <n>", "brandscape-data rows").argParser(parsePositiveInteger))
    .addOption(new Option("--token <token>", "the one token to accept (default: any non-empty token)"))
    .addOption(new Option("--seed <n>", "dataset seed").argParser(wholeNumberIn(0, MAX_SEED)))
    .addOption(new Option("--rate-limit <n>", "requests per minute (0: no limit)").argParser(wholeNumberIn(0, MAX_RATE_LIMIT)));
  addRunOptions(command);
  command.action(async (flags: EmulatorFlags) => {
    // loaded here, from its own entry point (dist/emulator.*): the main entry carries none of it
    const { startEmulator } = await import("../../emulator");
    const { watchParents } = await import("../../emulator/parentWatch");
    const emulator = await inEmulatorFlagTerms(() =>
      startEmulator({
        port: flags.port,
        host: flags.host,
        latencyMs: flags.latency,
        bandwidth: flags.bandwidth,
        // the emulator checks the names
        compression:
          typeof flags.compression === "string"
            ? (flags.compression.split(",").map((coding) => coding.trim()) as EmulatorOptions["compression"])
            : flags.compression,
        scale: flags.scale,
        token: flags.token,
        seed: flags.seed,
        rateLimit: flags.rateLimit === 0 ? false : flags.rateLimit,
      }),
    );
    io.stdout.write(`${emulator.url}\n`);
    if (!flags.quiet) io.stderr.write(`Fount emulator listening at ${emulator.url} (Ctrl-C to stop)\n`);
    // under `npx … &`, `kill %1` reaches npm only: the emulator also ends when its starters do
    const parents = watchParents();
    const signal = await handlingSignals(() => Promise.race([untilSignal(), parents.gone]));
    parents.stop();
    await emulator.close();
    if (!flags.quiet) io.stderr.write(`emulator stopped (${signal}) after ${emulator.stats.requests} requests\n`);
  });
  return command;
}

/**
 * The emulator's ValidationError (its own class, a RangeError with `parameter`: the emulator
 * imports nothing of the client's) as a usage error naming the flag: exit 2, as any bad value.
 */
async function inEmulatorFlagTerms<T>(start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (error) {
    const parameter = error instanceof RangeError ? (error as RangeError & { parameter?: unknown }).parameter : undefined;
    const flag = typeof parameter === "string" ? EMULATOR_FLAGS.get(parameter) : undefined;
    if (!flag) throw error;
    throw new UsageError(`${flag}: ${error instanceof Error ? error.message.slice(`${String(parameter)}: `.length) : ""}`);
  }
}

function untilSignal(): Promise<string> {
  return new Promise((resolve) => {
    const stop = (signal: string) => {
      for (const name of STOP_SIGNALS) process.off(name, stop);
      resolve(signal);
    };
    for (const name of STOP_SIGNALS) process.on(name, stop);
  });
}
