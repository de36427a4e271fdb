/**
 * The error hierarchy. `instanceof` works across the ESM and CJS builds (two copies of each
 * class can be loaded at once) because it checks a registry-wide brand instead of the prototype.
 */
const KINDS = Symbol.for("fountframe.errorKinds");

type Branded = { [KINDS]?: readonly string[] };

export class FountError extends Error {
  static readonly kind: string = "FountError";

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    // the class's own name as written (a bundler may rename a class that refers to itself: _IncompletePullError)
    this.name = (new.target as { kind?: string }).kind ?? new.target.name;
    const kinds: string[] = [];
    for (let ctor: { kind?: string } | null = new.target; ctor?.kind; ctor = Object.getPrototypeOf(ctor)) {
      if (!kinds.includes(ctor.kind)) kinds.push(ctor.kind);
    }
    Object.defineProperty(this, KINDS, { value: kinds, enumerable: false });
  }

  static [Symbol.hasInstance](candidate: unknown): boolean {
    const kinds = (candidate as Branded | null)?.[KINDS];
    return Array.isArray(kinds) && kinds.includes(this.kind);
  }
}

/** A bad value for something that has no sensible default (e.g. no token). */
export class ValueError extends FountError {
  static override readonly kind: string = "ValueError";
}

/** A bad argument, found before any request: names the parameter and what is allowed. */
export class ValidationError extends FountError {
  static override readonly kind: string = "ValidationError";
  readonly parameter: string;

  constructor(parameter: string, message: string) {
    super(`${parameter}: ${message}`);
    this.parameter = parameter;
  }

  /** The message without its `parameter: ` prefix: what is allowed, for a caller that names the parameter its own way. */
  get detail(): string {
    const prefix = `${this.parameter}: `;
    return this.message.startsWith(prefix) ? this.message.slice(prefix.length) : this.message;
  }
}

/** The query matched no records. */
export class DataNotFoundError extends FountError {
  static override readonly kind: string = "DataNotFoundError";
  /**
   * a tool's answer: its metadata fields (`{}` where the tool has none), kept though it has no rows;
   * a list's empty first page: the `total` and `last_page` its meta said (`{}` when it had none)
   */
  readonly meta: Record<string, unknown> | undefined;

  constructor(message: string, options: { meta?: Record<string, unknown> } = {}) {
    super(message);
    this.meta = options.meta;
  }
}

/** A call was made on a client after aclose(). */
export class ClientClosedError extends FountError {
  static override readonly kind: string = "ClientClosedError";

  constructor() {
    super("This client is closed: create a new Client to make more calls.");
  }
}

/** The pages of one pull disagreed with each other (onErrors "raise"); `disagreements` says how. */
export class InconsistentPagesError extends FountError {
  static override readonly kind: string = "InconsistentPagesError";
  readonly endpoint: string;
  readonly disagreements: readonly string[];

  constructor(endpoint: string, disagreements: readonly string[]) {
    super(`${endpoint}: the pages of this pull disagree, so the result would be wrong: ${disagreements.join("; ")}`);
    this.endpoint = endpoint;
    this.disagreements = disagreements;
  }
}

export interface APIErrorInit {
  status: number | undefined;
  url: string;
  message: string;
  /** the failure's code when no response came (ECONNRESET, ETIMEDOUT, ...) */
  code?: string;
  /** what to check when the cause is guessable (the token, the base URL); never holds a secret */
  hint?: string;
}

/** The service answered with an error, or could not be reached, after any retries. */
export class APIError extends FountError {
  static override readonly kind: string = "APIError";
  /** HTTP status, or undefined when no response arrived (network error, timeout) */
  readonly status: number | undefined;
  /** the request URL without the query string's secrets (there are none: the token is a header) */
  readonly url: string;
  /** the service's own message, or a short excerpt of a non-JSON body */
  readonly serviceMessage: string;
  readonly code: string | undefined;
  /** what to check when the cause is guessable; also the message's closing parenthesis */
  readonly hint: string | undefined;

  constructor(init: APIErrorInit) {
    const where = init.status === undefined ? (init.code ?? "network error") : `HTTP ${init.status}`;
    // the last guard: whoever built the message, no bearer credential is kept
    const message = redactBearer(init.message);
    super(`${where} from ${init.url}: ${message}${init.hint ? ` (${init.hint})` : ""}`);
    this.status = init.status;
    this.url = init.url;
    this.serviceMessage = message;
    this.code = init.code;
    this.hint = init.hint;
  }
}

/** HTTP 429 still answered after every retry. */
export class RateLimitExceededError extends APIError {
  static override readonly kind: string = "RateLimitExceededError";
  /** milliseconds the service asked us to wait, when it said */
  readonly retryAfterMs: number | undefined;

  constructor(init: APIErrorInit & { retryAfterMs?: number }) {
    super(init);
    this.retryAfterMs = init.retryAfterMs;
  }
}

/** HTTP 401: the service did not accept the token. */
export class AuthenticationError extends APIError {
  static override readonly kind: string = "AuthenticationError";
}

/** HTTP 403: the token is valid but may not read this. */
export class PermissionDeniedError extends APIError {
  static override readonly kind: string = "PermissionDeniedError";
}

/** HTTP 404: no such route or item (a query that matches nothing is a DataNotFoundError instead). */
export class NotFoundError extends APIError {
  static override readonly kind: string = "NotFoundError";
}

/** HTTP 422: the service refused a parameter's value. */
export class UnprocessableEntityError extends APIError {
  static override readonly kind: string = "UnprocessableEntityError";
}

/** HTTP 5xx: the service failed, after any retries. */
export class ServerError extends APIError {
  static override readonly kind: string = "ServerError";
}

/** No answer: the connection failed (refused, reset, DNS, TLS), after any retries. */
export class APIConnectionError extends APIError {
  static override readonly kind: string = "APIConnectionError";
}

/** No complete answer within the timeout, after any retries. */
export class APITimeoutError extends APIConnectionError {
  static override readonly kind: string = "APITimeoutError";
}

// Redaction: no error, warning or log line ever carries the token.

/** Text to match literally inside a RegExp. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

// the scheme and its credential apart by spaces, or by a space as a URL encodes it (`%20`, `+`)
const BEARER_VALUE = /\b(Bearer)(?:\s+|%20|\+)[^\s"',;&\\]+/gi;

/** Any `Bearer <credential>` in a text, the credential replaced by `***`. */
export function redactBearer(text: string): string {
  return text.replace(BEARER_VALUE, (_, scheme: string) => `${scheme} ***`);
}

/** Below this length a secret is also a piece of ordinary words ("t" in "not"): redacted only where it stands alone. */
const SHORT_SECRET = 8;

/**
 * A secret as a text may carry it: as it is; URL-encoded as a component, as a whole URL encodes it
 * and as a form does (space as `+`); JSON-escaped, also with `/` as `\/` (PHP's json_encode).
 */
function secretForms(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  const component = encoded(encodeURIComponent, secret);
  const forms = [secret, component, encoded(encodeURI, secret), component?.replace(/%20/g, "+"), json, json.replace(/\//g, "\\/")];
  return [...new Set(forms.filter((form): form is string => form !== undefined))];
}

/** A text URL-encoded, or undefined when it holds a lone surrogate (which no URL carries). */
function encoded(encode: (text: string) => string, text: string): string | undefined {
  try {
    return encode(text);
  } catch {
    return undefined;
  }
}

/** A form as a RegExp's source, its `%XX` escapes in either case of hex digit (`%7c` is `%7C`). */
const anyHexCase = (form: string): string =>
  escapeRegExp(form).replace(
    /%([0-9A-F])([0-9A-F])/g,
    (_, high: string, low: string) => `%[${high}${high.toLowerCase()}][${low}${low.toLowerCase()}]`,
  );

/** Redacts `secret` wherever it appears in a text (in any of its forms), and any Bearer credential. */
export function secretRedactor(secret: string | undefined): (text: string) => string {
  if (!secret) return redactBearer;
  const forms = secretForms(secret).map(anyHexCase).join("|");
  const anywhere = new RegExp(secret.length >= SHORT_SECRET ? forms : `(?<![A-Za-z0-9])(?:${forms})(?![A-Za-z0-9])`, "g");
  return (text) => redactBearer(text.replace(anywhere, "***"));
}
