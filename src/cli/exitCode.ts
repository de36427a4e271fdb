import { CommanderError } from "commander";
import { AuthenticationError, DataNotFoundError, FountError, ValidationError, ValueError } from "../errors";
import { escapeRegExp } from "../errors";

/** A command line that cannot run as written (exit code 2), found by the CLI itself. */
export class UsageError extends Error {
  override name = "UsageError";
}

export const EXIT_OK = 0;
/** the service, the network or the disk failed (after any retries) */
export const EXIT_FAILURE = 1;
/** the command line or a parameter value is wrong */
export const EXIT_USAGE = 2;
/** the service answered, and no record matched the query (nothing is written) */
export const EXIT_NO_RESULTS = 3;
/** stopped by Ctrl-C, a termination request or a closed terminal: one documented code, so scripts test one value */
export { EXIT_SIGNALS } from "./signals";

export const EXIT_CODES_HELP =
  "0 done, 1 service/network/disk failure, 2 bad usage, 3 no records matched, 130 interrupted (SIGINT, SIGTERM or SIGHUP)";

export interface Outcome {
  code: number;
  /** one line for stderr, or undefined when there is nothing to say (or commander said it) */
  message?: string;
  /** what the line starts with; default "error" */
  label?: string;
}

/** An export to a stream or device that had already sent bytes when it failed. */
export class IncompleteOutputError extends Error {
  override name = "IncompleteOutputError";
  constructor(
    readonly reason: unknown,
    /** "stdout", or the path of a FIFO or device */
    readonly where: string,
  ) {
    super(`${where} is incomplete`, { cause: reason });
  }
}

/** A re-run of every tracked sync in which some tables failed (each told on its own line); the first failure's exit code. */
export class TablesNotSyncedError extends Error {
  override name = "TablesNotSyncedError";
  constructor(
    readonly failures: ReadonlyArray<{ table: string; error: unknown }>,
    tracked: number,
  ) {
    const names = failures.map((failure) => failure.table).join(", ");
    super(`${failures.length} of ${tracked} tracked tables not synced (${names}); the others were, each committed on its own`);
  }
}

/** The one place an outcome becomes an exit code and the line that explains it. */
export function outcomeOf(error: unknown): Outcome {
  if (error === undefined) return { code: EXIT_OK };
  if (error instanceof CommanderError) {
    const shown = error.code === "commander.helpDisplayed" || error.code === "commander.version";
    return { code: shown ? EXIT_OK : EXIT_USAGE };
  }
  if (isBrokenPipe(error)) return { code: EXIT_OK }; // the reader (head, less) has all it wanted
  if (error instanceof IncompleteOutputError) {
    const cause = outcomeOf(error.reason);
    if (cause.code === EXIT_OK) return cause;
    return { ...cause, message: `${cause.message ?? "failed"}; the output on ${error.where} is incomplete` };
  }
  if (error instanceof TablesNotSyncedError) return { ...outcomeOf(error.failures[0].error), message: error.message };
  if (error instanceof DataNotFoundError) return { code: EXIT_NO_RESULTS, label: "no results", message: error.message };
  if (error instanceof UsageError || error instanceof ValidationError || error instanceof ValueError) {
    return { code: EXIT_USAGE, message: error.message };
  }
  if (error instanceof AuthenticationError) {
    // the library's hint names the Client; on the command line the token comes from these three
    const message = error.hint ? error.message.replace(`(${error.hint})`, "").trimEnd() : error.message;
    return { code: EXIT_FAILURE, message: `${message} (check the token: --token, FOUNT_API_TOKEN or .env)` };
  }
  if (error instanceof FountError) return { code: EXIT_FAILURE, message: error.message };
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
