import { masked, outcomeOf } from "./exitCode";
import type { CliIo } from "./io";
import { createProgram } from "./program";

/** Parse → call → render; the exit code comes from outcomeOf alone. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let failure: unknown;
  try {
    await createProgram(io).parseAsync([...argv], { from: "user" });
  } catch (error) {
    failure = error;
  }
  const outcome = outcomeOf(failure);
  if (outcome.message) io.stderr.write(`${masked(`${outcome.label ?? "error"}: ${outcome.message}`, io.secrets)}\n`);
  if (failure instanceof Error && argv.includes("--debug") && outcome.code !== 0) {
    io.stderr.write(`${masked(debugText(failure), io.secrets)}\n`);
  }
  return outcome.code;
}

function debugText(error: Error): string {
  const cause = error.cause instanceof Error ? `\ncaused by: ${error.cause.stack ?? error.cause.message}` : "";
  return `${error.stack ?? error.message}${cause}`;
}
