import { Client } from "../client/client";
import { VERSION } from "../version";
import { resolveCredentials } from "./credentials";
import { inFlagTerms } from "./flagNames";
import type { CliIo } from "./io";

export interface ConnectionFlags {
  token?: string;
  baseUrl?: string;
  timeout?: number;
  retries?: number;
  batchSize?: number;
  workers?: number;
  onErrors?: "warn" | "raise";
  insecure?: boolean;
  ca?: string;
  quiet?: boolean;
}

const CLIENT_OPTION_FLAGS = new Map([
  ["baseUrl", "--base-url"],
  ["timeout", "--timeout"],
  ["retries", "--retries"],
  ["batchSize", "--batch-size"],
  ["nWorkers", "--workers"],
  ["onErrors", "--on-errors"],
  ["verify", "--ca"],
]);

/** A Client from the connection flags; `secrets` gets the token, so no message can show it. */
export function openClient(flags: ConnectionFlags, io: CliIo, options: { progress: boolean }): Client {
  const { token, baseUrl } = resolveCredentials(flags, io.env, io.cwd);
  io.secrets.add(token);
  try {
    return new Client(token, {
      baseUrl,
      timeout: flags.timeout,
      retries: flags.retries,
      batchSize: flags.batchSize,
      nWorkers: flags.workers,
      onErrors: flags.onErrors,
      verify: flags.insecure ? false : (flags.ca ?? true),
      verbose: options.progress && !flags.quiet,
      userAgent: `fountframe-cli/${VERSION}`,
    });
  } catch (error) {
    throw inFlagTerms(error, CLIENT_OPTION_FLAGS);
  }
}
