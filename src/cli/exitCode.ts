import { CommanderError } from "commander";
import { APIError, DataNotFoundError, FountError, ValidationError, ValueError } from "../errors";
import { escapeRegExp } from "../text/escapeRegExp";
import { UsageError } from "./usageError";

export const EXIT_OK = 0;
/** the service, the network or the disk failed (after any retries) */
export const EXIT_FAILURE = 1;
/** the command line or a parameter value is wrong */
export const EXIT_USAGE = 2;

export interface Outcome {
  code: number;
  /** one line for stderr, or undefined when there is nothing to say (or commander said it) */
  message?: string;
}

/** The one place an outcome becomes an exit code and the line that explains it. */
export function outcomeOf(error: unknown): Outcome {
  if (error === undefined) return { code: EXIT_OK };
  if (error instanceof CommanderError) {
    const shown = error.code === "commander.helpDisplayed" || error.code === "commander.version";
    return { code: shown ? EXIT_OK : EXIT_USAGE };
  }
  if (isBrokenPipe(error)) return { code: EXIT_OK }; // the reader (head, less) has all it wanted
  if (error instanceof UsageError || error instanceof ValidationError || error instanceof ValueError) {
    return { code: EXIT_USAGE, message: error.message };
  }
  if (error instanceof APIError) {
    const hint = error.status === 401 ? " (check the token: --token, FOUNT_API_TOKEN or .env)" : "";
    return { code: EXIT_FAILURE, message: `${error.message}${hint}` };
  }
  if (error instanceof DataNotFoundError || error instanceof FountError) return { code: EXIT_FAILURE, message: error.message };
  if (isSystemError(error)) return { code: EXIT_FAILURE, message: error.message };
  const message = error instanceof Error ? error.message : String(error);
  return { code: EXIT_FAILURE, message: `${message} (run with --debug for the stack)` };
}

export function isBrokenPipe(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === "EPIPE";
}

function isSystemError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).syscall === "string";
}

/**
 * A message with every secret masked: the last defence, since no message should hold one. Only whole
 * occurrences are masked (not inside a longer word), so a short token such as `t` leaves "country" be.
 */
export function masked(text: string, secrets: ReadonlySet<string>): string {
  let safe = text;
  for (const secret of secrets) {
    if (!secret) continue;
    safe = safe.replace(new RegExp(`(?<![A-Za-z0-9])${escapeRegExp(secret)}(?![A-Za-z0-9])`, "g"), "***");
  }
  return safe;
}
