import { setMaxListeners } from "node:events";
import type { DataFrame } from "danfojs-node";
import { ResponseCache } from "../cache";
import { ENDPOINTS, type EndpointSpec, type MethodName } from "../endpoints/table";
import { ClientClosedError, ValidationError } from "../errors";
import type { JsonRecord } from "../records";
import type { RecordPage } from "../pull";
import { buildQuery, endpointOfMethod, type EndpointArgs } from "../params";
import { ProgressDisplay } from "../progress/progressDisplay";
import { Pull, PullParts } from "../pull";
import type { Query, QueryInit } from "../query";
import type { SyncTarget } from "../store/types";
import { syncEndpoint, type SyncOptions, type SyncReport } from "../sync";
import { ToolsClient } from "../tools";
import { RateLimitPacer } from "../transport/rateLimitPacer";
import { Transport } from "../transport/transport";
import { checkOption, parseClientArgs, type ClientInit, type ClientOptions, type ResolvedOptions } from "./options";
import { checkRawQuery } from "./rawEndpoint";
import type { PageOf, RecordOf, RecordOfEndpoint } from "./records";

/** One method per resource, each returning a DataFrame (declared from the endpoint table). */
export type EndpointMethods = {
  [M in MethodName]: (...args: EndpointArgs<M>) => Promise<DataFrame>;
};

/** The options a call reads when it begins: settable between calls, each value checked as the constructor checks it. */
const SETTABLE = ["perPage", "verbose", "batchSize", "nWorkers", "retries", "onErrors", "cache"] as const;
export type SettableOptions = Pick<ResolvedOptions, (typeof SETTABLE)[number]>;

// the methods and the settable options are generated at run time (from the endpoint table and SETTABLE)
// and declared here for the type checker
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface Client extends EndpointMethods, SettableOptions {
  /**
   * brandscape-data as a frame: one row per brand, study and audience. Needs a study, a brand (id
   * or name), or country and year together.
   *
   * Country + year means every study of that country and year: the main BAV study, its quarterly
   * waves and any special study (`brandscapeData("US", 2024, [1])` returns rows of several studies,
   * so one brand appears once per study). For one row per brand, pin the main study:
   * `studies: (await client.studies("US", 2024, { mainStudy: 1 })).column("id").values[0]`.
   */
  brandscapeData(...args: EndpointArgs<"brandscapeData">): Promise<DataFrame>;
}

/** A connection to the Fount service; one client serves any number of calls, also concurrently. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class Client implements AsyncDisposable {
  readonly #options: ResolvedOptions;
  readonly #closing = new AbortController();
  /** what every call of this client shares: connection, pacer, progress, cache, worker pool */
  readonly #parts: PullParts;
  /** The service's analysis tools, on this client's connection, retries, pacing and progress. */
  readonly tools: ToolsClient;

  constructor(authToken: string, options?: ClientOptions);
  constructor(options?: ClientInit);
  constructor(first?: string | ClientInit, second?: ClientOptions) {
    const { authToken, client, credential, options } = parseClientArgs(first, second);
    this.#options = options;
    // every call and request of this client listens for its closing
    setMaxListeners(0, this.#closing.signal);
    const pacer = new RateLimitPacer(options.maxWaitMs);
    const { baseUrl, verify, userAgent, retryBaseDelayMs, maxWaitMs } = options;
    this.#parts = new PullParts({
      transport: new Transport(authToken, { baseUrl, verify, userAgent, baseDelayMs: retryBaseDelayMs, maxWaitMs }, pacer, client),
      pacer,
      progress: new ProgressDisplay(),
      closing: this.#closing.signal,
      credential,
    });
    this.tools = new ToolsClient({ parts: this.#parts, options: this.#options });
  }

  static {
    for (const spec of ENDPOINTS) {
      Object.defineProperty(Client.prototype, spec.method, {
        value(this: Client, ...args: unknown[]) {
          return this.#frame(spec, args);
        },
        writable: true,
        configurable: true,
      });
    }
    for (const name of SETTABLE) {
      Object.defineProperty(Client.prototype, name, {
        get(this: Client) {
          return this.#options[name];
        },
        set(this: Client, value: unknown) {
          (this.#options as Record<string, unknown>)[name] = checkOption(name, value);
        },
        configurable: true,
      });
    }
  }

  get closed(): boolean {
    return this.#closing.signal.aborted;
  }

  /** The records of any endpoint as JSON, untouched, in page order. */
  rawQuery<E extends string>(endpoint: E, query?: Query | QueryInit): Promise<RecordOfEndpoint<E>[]>;
  async rawQuery(endpoint: string, query?: Query | QueryInit): Promise<JsonRecord[]> {
    const checked = checkRawQuery(endpoint, query);
    return this.#pull().records(checked.endpoint, checked.query);
  }

  /**
   * A method's pages as they arrive, in page order, with the same concurrency, retries, pacing
   * and error policy as the frame methods; requests never run more than the in-flight bound
   * ahead of the consumer.
   */
  pages<M extends MethodName>(method: M, ...args: EndpointArgs<M>): AsyncGenerator<PageOf<RecordOf<M>>, void> {
    const spec = endpointOfMethod(method);
    const pull = this.#pull();
    const { query, stackData } = buildQuery(spec, args);
    return pull.pages(spec.resource, query, stackData);
  }

  /** `pages` for any endpoint, with a Query. */
  rawPages<E extends string>(endpoint: E, query?: Query | QueryInit): AsyncGenerator<PageOf<RecordOfEndpoint<E>>, void>;
  rawPages(endpoint: string, query?: Query | QueryInit): AsyncGenerator<RecordPage, void> {
    const pull = this.#pull();
    const checked = checkRawQuery(endpoint, query);
    return pull.pages(checked.endpoint, checked.query);
  }

  /**
   * Keeps a table of a store (`openStore` from "fountframe/store") in step with the service: a full
   * pull first, then what changed (docs/sync.md). One transaction per run.
   */
  sync<M extends MethodName>(store: SyncTarget, endpoint: M, options?: SyncOptions<M>): Promise<SyncReport> {
    return syncEndpoint(
      {
        pages: (method, methodOptions) => {
          const spec = endpointOfMethod(method);
          return this.#pull().pages(spec.resource, buildQuery(spec, [methodOptions]).query);
        },
        baseUrl: this.#options.baseUrl,
      },
      store,
      endpoint,
      options,
    );
  }

  /** Closes connections; calls and streams still running reject with ClientClosedError. Harmless twice. */
  async aclose(): Promise<void> {
    if (this.closed) return;
    // the reason is what every request, wait and stream of this client rejects with
    this.#closing.abort(new ClientClosedError());
    await this.#parts.close();
  }

  /** Removes every entry of the cache directory set in `cache` (all users' and services'); other files there stay. */
  async clearCache(): Promise<void> {
    const settings = this.#options.cache;
    if (!settings) throw new ValidationError("cache", "no cache is set: give the client `cache: { dir }` first");
    await new ResponseCache(settings, "").clear();
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.aclose();
  }

  async #frame(spec: EndpointSpec, args: unknown[]): Promise<DataFrame> {
    const pull = this.#pull();
    const { query, stackData } = buildQuery(spec, args);
    return pull.frame(spec.resource, query, stackData);
  }

  /** A pull with the options as they are now; refused once the client is closed. */
  #pull(): Pull {
    if (this.closed) throw new ClientClosedError();
    return new Pull(this.#parts, this.#options);
  }
}
