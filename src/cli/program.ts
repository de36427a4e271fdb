import { Command } from "commander";
import { ENDPOINTS } from "../endpoints/table";
import { VERSION } from "../version";
import { emulatorCommand } from "./commands/emulatorCommand";
import { rawCommand } from "./commands/rawCommand";
import { refsCommand } from "./commands/refsCommand";
import { resourceCommand } from "./commands/resourceCommand";
import { syncCommand } from "./commands/syncCommand";
import { toolsCommand } from "./commands/toolsCommand";
import { EXIT_CODES_HELP } from "./exitCode";
import { badValuesInOurWords } from "./flagValues";
import type { CliIo } from "./io";

/** The whole command line: one command per resource from the endpoint table, then raw, refs, emulator. */
export function createProgram(io: CliIo): Command {
  const program = new Command("fountframe")
    .description("Fount brand data at the shell: query any resource or tool, export CSV, Excel, JSON, NDJSON, Parquet or Arrow")
    .version(VERSION, "-V, --version")
    .showSuggestionAfterError()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
    });
  program.commandsGroup("Resources:");
  for (const spec of ENDPOINTS) program.addCommand(resourceCommand(spec, io));
  program.commandsGroup("More:");
  program.addCommand(toolsCommand(io));
  program.addCommand(rawCommand(io));
  program.addCommand(syncCommand(io));
  program.addCommand(refsCommand(io));
  program.addCommand(emulatorCommand(io));
  program.addHelpText("after", `\nToken: --token, or FOUNT_API_TOKEN in the environment or in ./.env. Exit codes: ${EXIT_CODES_HELP}.`);
  exitOverrideEverywhere(program);
  badValuesInOurWords(program);
  return program;
}

/** Commander would call process.exit itself; instead every command throws, and runCli picks the code. */
function exitOverrideEverywhere(command: Command): void {
  command.exitOverride();
  for (const sub of command.commands) exitOverrideEverywhere(sub);
}
