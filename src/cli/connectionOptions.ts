import { Option, type Command } from "commander";
import { parseMilliseconds, wholeNumberIn } from "./parseValues";

/** Bounds past which a run would only hammer the service or wait for hours. */
const MAX_RETRIES = 100;
const MAX_BATCH_SIZE = 1_000;
const MAX_WORKERS = 64;

const CONNECTION = "Connection:";

/** The client's options as flags, on every command that talks to the service. */
export function addConnectionOptions(command: Command): Command {
  const options = [
    new Option("--token <token>", "API token (default: $FOUNT_API_TOKEN, or FOUNT_API_TOKEN in ./.env)"),
    new Option("--base-url <url>", "service address (default: $FOUNT_BASE_URL, or the Fount service)"),
    new Option("--timeout <ms>", "milliseconds per request (default 30000)").argParser(parseMilliseconds),
    new Option("--retries <n>", "retries of a failed page (default 3)").argParser(wholeNumberIn(0, MAX_RETRIES)),
    new Option("--batch-size <n>", "pages per batch (default 10)").argParser(wholeNumberIn(1, MAX_BATCH_SIZE)),
    new Option("--workers <n>", "concurrent batches (default 2)").argParser(wholeNumberIn(1, MAX_WORKERS)),
    new Option("--on-errors <mode>", "warn: skip pages that still fail; raise: stop at the first").choices(["warn", "raise"]),
    new Option("--insecure", "skip TLS certificate checks"),
    new Option("--ca <file>", "trust this CA certificate file"),
  ];
  for (const option of options) command.addOption(option.helpGroup(CONNECTION));
  return addRunOptions(command);
}

/** Every command: how much it says. */
export function addRunOptions(command: Command): Command {
  command.addOption(new Option("-q, --quiet", "no progress or summary on stderr").helpGroup("General:"));
  command.addOption(new Option("--debug", "on failure, print the stack").helpGroup("General:"));
  return command;
}
