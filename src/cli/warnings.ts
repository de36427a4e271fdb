import { masked } from "./exitCode";
import type { CliIo } from "./io";

/** The library's advice that only a library caller can follow (the CLI's `--filter` sends any name). */
const LIBRARY_ONLY_ADVICE = / \(give a filter you mean to send in extraFilters\)$/;

/** A process warning as one CLI line: `warning: …`, in the CLI's words, secrets masked. */
export function warningLine(warning: Error, secrets: ReadonlySet<string>): string {
  return `${masked(`warning: ${warning.message.replace(LIBRARY_ONLY_ADVICE, "")}`, secrets)}\n`;
}

/**
 * Warnings (a misspelt filter, pages skipped) print like the CLI's errors, one line each, instead of
 * Node's `(node:PID) Warning: …` with its `--trace-warnings` advice.
 */
export function printWarningsAsLines(io: CliIo): void {
  process.removeAllListeners("warning");
  process.on("warning", (warning) => io.stderr.write(warningLine(warning, io.secrets)));
}
