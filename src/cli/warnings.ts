import { masked } from "./exitCode";
import type { CliIo } from "./io";

/** The library's advice that only a library caller can follow (the CLI's `--filter` sends any name). */
const LIBRARY_ONLY_ADVICE = / \(give a filter you mean to send in extraFilters\)$/;

/**
 * A process warning as one CLI line: `warning: …`, in the CLI's words, secrets masked; a line break
 * or other control character the message holds (a column's name) written as an escape (`\n`, `\u007f`).
 */
export function warningLine(warning: Error, secrets: ReadonlySet<string>): string {
  const oneLine = warning.message.replace(LIBRARY_ONLY_ADVICE, "").replace(CONTROL_CHARACTER, escaped);
  return `${masked(`warning: ${oneLine}`, secrets)}\n`;
}

// eslint-disable-next-line no-control-regex -- the control characters are what it finds
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f\u2028\u2029]/g;

const SHORT_ESCAPES: Readonly<Record<string, string>> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

const escaped = (character: string): string => SHORT_ESCAPES[character] ?? `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`;

/**
 * Warnings (a misspelt filter, pages skipped) print like the CLI's errors, one line each, instead of
 * Node's `(node:PID) Warning: …` with its `--trace-warnings` advice.
 */
export function printWarningsAsLines(io: CliIo): void {
  process.removeAllListeners("warning");
  process.on("warning", (warning) => io.stderr.write(warningLine(warning, io.secrets)));
}
