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
    this.name = new.target.name;
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
}

/** The query matched no records. */
export class DataNotFoundError extends FountError {
  static override readonly kind: string = "DataNotFoundError";
  /** a tool's answer: its metadata fields (`{}` where the tool has none), kept though it has no rows */
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
