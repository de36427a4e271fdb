import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "dotenv";
import { UsageError } from "./exitCode";

export const TOKEN_VARIABLE = "FOUNT_API_TOKEN";
export const BASE_URL_VARIABLE = "FOUNT_BASE_URL";

export interface Credentials {
  token: string;
  baseUrl: string | undefined;
}

/**
 * The token from --token, else $FOUNT_API_TOKEN, else FOUNT_API_TOKEN in ./.env; the base URL from
 * --base-url, else $FOUNT_BASE_URL, else ./.env. The .env file is read, never loaded into the
 * environment.
 */
export function resolveCredentials(flags: { token?: string; baseUrl?: string }, env: NodeJS.ProcessEnv, cwd: string): Credentials {
  let dotenv: Record<string, string> | undefined;
  const fromDotenv = (name: string): string | undefined => {
    dotenv ??= readDotenv(cwd);
    return nonEmpty(dotenv[name]);
  };
  const token = nonEmpty(flags.token) ?? nonEmpty(env[TOKEN_VARIABLE]) ?? fromDotenv(TOKEN_VARIABLE);
  if (!token) {
    throw new UsageError(`no API token: pass --token, set ${TOKEN_VARIABLE}, or put ${TOKEN_VARIABLE}=<token> in a .env file in ${cwd}`);
  }
  const baseUrl = nonEmpty(flags.baseUrl) ?? nonEmpty(env[BASE_URL_VARIABLE]) ?? fromDotenv(BASE_URL_VARIABLE);
  return { token, baseUrl };
}

function readDotenv(cwd: string): Record<string, string> {
  const path = join(cwd, ".env");
  return existsSync(path) ? parse(readFileSync(path)) : {};
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}
