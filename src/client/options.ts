import { z } from "zod";
import type { AxiosInstance } from "axios";
import { ValidationError, ValueError } from "../errors";
import { isPlainObject, MAX_PER_PAGE } from "../query/query";
import type { CacheSettings } from "../cache/responseCache";
import { DEFAULT_MAX_WAIT_MS } from "../transport/rateLimitPacer";
import { describeValue } from "../text/describeValue";
import { notAllowedName } from "../text/closestName";
import { DEFAULT_BASE_URL } from "../version";

export type OnErrors = "warn" | "raise";

export interface ClientOptions {
  baseUrl?: string;
  perPage?: number;
  /** milliseconds per attempt of a request, headers and body together (each retry gets a fresh one) */
  timeout?: number;
  /** false skips TLS verification; a string is a path to a CA certificate file */
  verify?: boolean | string;
  /** "" means the library default "fountframe/<version>" */
  userAgent?: string;
  /** progress bar on stderr */
  verbose?: boolean;
  batchSize?: number;
  nWorkers?: number;
  /** retries after the first try */
  retries?: number;
  onErrors?: OnErrors;
  /** first retry's base delay in ms, doubled each retry, with jitter (not in bavapi) */
  retryBaseDelayMs?: number;
  /** the longest single wait, in ms: a longer Retry-After fails the request at once (not in bavapi) */
  maxWaitMs?: number;
  /** an on-disk cache of responses, off (false) by default (not in bavapi) */
  cache?: CacheSettings | false;
  /**
   * worker threads decoding a frame's pages: "auto" uses the cores but one (2 to 8) for pulls of ~2 million
   * cells or more on a machine of 4 cores or more (fewer: none); a number uses that many for every pull of
   * more than one page; 0 none (not in bavapi)
   */
  threads?: "auto" | number;
}

export interface ClientInit extends ClientOptions {
  authToken?: string;
  client?: AxiosInstance;
}

const positiveInt = z.number().int().positive();
/** Node's timers hold at most 2^31 - 1 ms; a longer delay fires after 1 ms instead. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The settable options, one schema each: used by the constructor and every setter. */
export const OPTION_SCHEMAS = {
  baseUrl: z.string().url().refine(isServiceUrl),
  perPage: positiveInt.max(MAX_PER_PAGE),
  timeout: z.number().positive().max(MAX_TIMER_MS),
  verify: z.union([z.boolean(), z.string().min(1)]),
  userAgent: z.string(),
  verbose: z.boolean(),
  batchSize: positiveInt,
  nWorkers: positiveInt,
  retries: z.number().int().min(0),
  onErrors: z.enum(["warn", "raise"]),
  retryBaseDelayMs: z.number().min(0).finite(),
  maxWaitMs: z.number().min(0).finite(),
  threads: z.union([z.literal("auto"), z.number().int().min(0).max(64)]),
  cache: z.union([z.literal(false), z.strictObject({ dir: z.string().min(1), maxAgeMs: z.number().positive().optional() })]),
} as const;

const ALLOWED: Record<keyof typeof OPTION_SCHEMAS, string> = {
  baseUrl: "an http(s) URL without user info, query or fragment (the token is what authenticates; paths are added to it)",
  perPage: `an integer from 1 to ${MAX_PER_PAGE}`,
  timeout: `a positive number of milliseconds up to ${MAX_TIMER_MS}`,
  verify: "true, false, or a path to a CA certificate file",
  userAgent: "a string",
  verbose: "true or false",
  batchSize: "a positive integer",
  nWorkers: "a positive integer",
  retries: "an integer >= 0",
  onErrors: '"warn" or "raise"',
  retryBaseDelayMs: "a number of milliseconds >= 0",
  maxWaitMs: "a number of milliseconds >= 0",
  threads: '"auto" or a number of worker threads from 0 to 64',
  cache: "false or { dir: a directory, maxAgeMs?: milliseconds > 0 }",
};

export type ResolvedOptions = Required<ClientOptions>;

export const DEFAULT_OPTIONS: ResolvedOptions = {
  baseUrl: DEFAULT_BASE_URL,
  perPage: 100,
  timeout: 30_000,
  verify: true,
  userAgent: "",
  verbose: true,
  batchSize: 10,
  nWorkers: 2,
  retries: 3,
  onErrors: "warn",
  retryBaseDelayMs: 250,
  maxWaitMs: DEFAULT_MAX_WAIT_MS,
  cache: false,
  threads: "auto",
};

/**
 * http or https, no user info (axios would send it as Basic auth in place of the token, and the
 * password would show in every error's URL), and no query or fragment: the endpoints' paths are
 * added after it, and a query (`?api_token=...`) would show in every error's URL.
 */
function isServiceUrl(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const url = new URL(text);
  return (url.protocol === "http:" || url.protocol === "https:") && url.username === "" && url.password === "" && !/[?#]/.test(text);
}

/** A value as a message shows it; a URL's user info, query and fragment are never repeated. */
function describeOption(name: string, value: unknown): string {
  if (name !== "baseUrl" || typeof value !== "string") return describeValue(value);
  return describeValue(value.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i, "$1…@").replace(/([?#]).*$/s, "$1…"));
}

/** The keys a `cache` object takes. */
const CACHE_KEYS = ["dir", "maxAgeMs"];

export function checkOption<K extends keyof typeof OPTION_SCHEMAS>(name: K, value: unknown): ResolvedOptions[K] {
  if (name === "cache" && isPlainObject(value)) {
    const unknown = Object.keys(value).find((key) => !CACHE_KEYS.includes(key));
    if (unknown !== undefined) throw new ValidationError(`cache.${unknown}`, notAllowedName(unknown, "a cache setting", CACHE_KEYS));
  }
  const result = OPTION_SCHEMAS[name].safeParse(value);
  if (!result.success) throw new ValidationError(name, `must be ${ALLOWED[name]}, got ${describeOption(name, value)}`);
  return result.data as ResolvedOptions[K];
}

/** Defaults filled in, each given value checked; unknown keys refused with the allowed list. */
export function resolveOptions(given: Record<string, unknown>): ResolvedOptions {
  const resolved = { ...DEFAULT_OPTIONS };
  for (const [key, value] of Object.entries(given)) {
    if (!(key in OPTION_SCHEMAS)) {
      throw new ValidationError(key, notAllowedName(key, "a client option", Object.keys(OPTION_SCHEMAS)));
    }
    if (value === undefined) continue;
    (resolved as Record<string, unknown>)[key] = checkOption(key as keyof typeof OPTION_SCHEMAS, value);
  }
  return resolved;
}

/**
 * `new Client(token, options?)` or `new Client({ authToken | client, ... })`. A token or base URL
 * not given is read from FOUNT_API_TOKEN / FOUNT_BASE_URL; a given one wins. Also gives the
 * credential the cache keys on: the token, or a caller's instance's Authorization header.
 */
export function parseClientArgs(
  first: unknown,
  second: unknown,
): { authToken?: string; client?: AxiosInstance; credential: string; options: ResolvedOptions } {
  let init: ClientInit;
  if (typeof first === "string") {
    init = { ...((second as ClientOptions | undefined) ?? {}), authToken: first };
  } else if (first && typeof first === "object") {
    init = first as ClientInit;
    const allowed = [...Object.keys(OPTION_SCHEMAS), "authToken", "client"];
    for (const key of Object.keys(init))
      if (!allowed.includes(key)) throw new ValidationError(key, notAllowedName(key, "a client option", allowed));
  } else {
    init = {};
  }
  const { client, ...rest } = init;
  const authToken = init.authToken ?? (client ? undefined : fromEnvironment(TOKEN_VARIABLE));
  if (!client && (typeof authToken !== "string" || authToken.trim() === "")) {
    throw new ValueError(
      `Client needs a non-empty authToken, or ${TOKEN_VARIABLE} set (or an authenticated axios instance as \`client\`).`,
    );
  }
  if (typeof authToken === "string" && HEADER_UNFIT.test(authToken))
    throw new ValidationError(
      "authToken",
      "holds a character an HTTP header cannot carry (a control character, or one past Latin-1): check it was copied whole",
    );
  delete (rest as ClientInit).authToken;
  const baseUrl = rest.baseUrl ?? fromEnvironment(BASE_URL_VARIABLE);
  if (rest.baseUrl === undefined && baseUrl !== undefined && !OPTION_SCHEMAS.baseUrl.safeParse(baseUrl).success) {
    throw new ValidationError(BASE_URL_VARIABLE, `must be ${ALLOWED.baseUrl}, got ${describeOption("baseUrl", baseUrl)}`);
  }
  const credential = authToken ?? String(client?.defaults.headers.common?.Authorization ?? client?.defaults.headers.Authorization ?? "");
  return { authToken: authToken || undefined, client, credential, options: resolveOptions({ ...rest, baseUrl }) };
}

/** What an HTTP header value cannot hold (RFC 9110: visible ASCII, space, tab and obs-text bytes 0x80-0xFF only). */
const HEADER_UNFIT = /[^\t\x20-\x7e\x80-\xff]/;

/** The variables `new Client()` reads for options not given (an explicit option always wins). */
export const TOKEN_VARIABLE = "FOUNT_API_TOKEN";
export const BASE_URL_VARIABLE = "FOUNT_BASE_URL";

/** A variable's value, or undefined when unset or blank. */
export function fromEnvironment(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/** The options a call reads when it begins: settable between calls, each value checked as the constructor checks it. */
export const SETTABLE = ["perPage", "verbose", "batchSize", "nWorkers", "retries", "onErrors", "cache"] as const;
export type SettableOptions = Pick<ResolvedOptions, (typeof SETTABLE)[number]>;
