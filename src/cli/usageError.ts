/** A command line that cannot run as written (exit code 2), found by the CLI itself. */
export class UsageError extends Error {
  override name = "UsageError";
}
