import { Command, Option } from "commander";
import { addRunOptions } from "../connectionOptions";
import type { CliIo } from "../io";
import { parseCount, parsePositiveInteger } from "../parseValues";

interface EmulatorFlags {
  port: number;
  host: string;
  latency?: number;
  bandwidth?: number;
  compression?: boolean;
  scale?: number;
  token?: string;
  seed?: number;
  rateLimit?: number;
  quiet?: boolean;
}

const STOP_SIGNALS = ["SIGINT", "SIGTERM"] as const;

/** `fountframe emulator`: the local Fount service, until SIGINT or SIGTERM. */
export function emulatorCommand(io: CliIo): Command {
  const command = new Command("emulator")
    .description("run the local Fount emulator until Ctrl-C (SIGINT) or SIGTERM; prints its base URL on stdout")
    .summary("run the local Fount emulator")
    .addOption(new Option("--port <n>", "port to listen on; 0 picks a free one").default(8000).argParser(parseCount))
    .addOption(new Option("--host <host>", "address to listen on").default("127.0.0.1"))
    .addOption(new Option("--latency <ms>", "delay before each answer").argParser(parseCount))
    .addOption(
      new Option("--bandwidth <bytes>", "the link's bytes per second, shared by all connections (default: unlimited)").argParser(
        parsePositiveInteger,
      ),
    )
    .addOption(new Option("--compression", "answer gzip or br as the request's Accept-Encoding asks"))
    .addOption(new Option("--scale <n>", "brandscape-data rows").argParser(parsePositiveInteger))
    .addOption(new Option("--token <token>", "the one token to accept (default: any non-empty token)"))
    .addOption(new Option("--seed <n>", "dataset seed").argParser(parseCount))
    .addOption(new Option("--rate-limit <n>", "requests per minute (0: no limit)").argParser(parseCount));
  addRunOptions(command);
  command.action(async (flags: EmulatorFlags) => {
    // loaded here, from its own entry point (dist/emulator.*): the main entry carries none of it
    const { startEmulator } = await import("../../emulator");
    const emulator = await startEmulator({
      port: flags.port,
      host: flags.host,
      latencyMs: flags.latency,
      bandwidth: flags.bandwidth,
      compression: flags.compression,
      scale: flags.scale,
      token: flags.token,
      seed: flags.seed,
      rateLimit: flags.rateLimit === 0 ? false : flags.rateLimit,
    });
    io.stdout.write(`${emulator.url}\n`);
    if (!flags.quiet) io.stderr.write(`Fount emulator listening at ${emulator.url} (Ctrl-C to stop)\n`);
    const signal = await untilSignal();
    await emulator.close();
    if (!flags.quiet) io.stderr.write(`emulator stopped (${signal}) after ${emulator.stats.requests} requests\n`);
  });
  return command;
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
