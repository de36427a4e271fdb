import { setMaxListeners } from "node:events";
import type { DataFrame } from "danfojs-node";
import { ResponseCache } from "../cache/responseCache";
import { ENDPOINTS, type MethodName } from "../endpoints/table";
import { ClientClosedError } from "../errors";
import type { JsonRecord } from "../table/types";
import type { RecordPage } from "../pull/envelope";
import { buildQuery, checkRawQuery, endpointOfMethod } from "../params/buildQuery";
import type { EndpointArgs } from "../params/types";
import { notebookProgressLine } from "../display/notebookDisplay";
import { ProgressDisplay } from "../progress/progressDisplay";
import { Pull } from "../pull/pull";
import { PullParts, type PullOptions } from "../pull/parts";
import { QueryWarnings } from "../pull/pullWarnings";
import type { Query, QueryInit } from "../query/query";
import { mainStudyId } from "./mainStudy";
import { syncOfStore, type SyncOptions, type SyncReport, type SyncTarget } from "../sync/types";
import { ToolsClient } from "../tools";
import { RateLimitPacer } from "../transport/rateLimitPacer";
import { Transport } from "../transport/transport";
import { SETTABLE, checkOption, parseClientArgs } from "./options";
import type { ClientInit, ClientOptions, ResolvedOptions, SettableOptions } from "./options";
import type { PageOf, RecordOf, RecordOfEndpoint } from "./records";

/** What one call changes of the client's options for its pull (a sync: no cache, its warnings once). */
type PullOverrides = Partial<ResolvedOptions> & Pick<PullOptions, "queryWarnings">;

/** One method per resource, each returning a DataFrame (declared from the endpoint table). */
export type EndpointMethods = {
  [M in MethodName]: (...args: EndpointArgs<M>) => Promise<DataFrame>;
};

// the methods and settable options are made at run time (endpoint table, SETTABLE), declared here for the type checker
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface Client extends EndpointMethods, SettableOptions {
  /**
   * brandscape-data as a frame: one row per brand, study and audience. Needs a study, a brand (id
   * or name), or country and year together: every study of that country and year (the main study,
   * its waves, special studies); `studies: await client.mainStudy("US", 2024)` pins the main one.
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
    const transport = new Transport(authToken, options, pacer, client);
    const progress = new ProgressDisplay(process.stderr, Date.now, notebookProgressLine);
    this.#parts = new PullParts({ transport, pacer, progress, closing: this.#closing.signal, credential });
    this.tools = new ToolsClient({ parts: this.#parts, options: this.#options });
  }

  static {
    for (const spec of ENDPOINTS) {
      Object.defineProperty(this.prototype, spec.method, {
        async value(this: Client, ...args: unknown[]) {
          const pull = this.#pull();
          const { query, stackData } = buildQuery(spec, args);
          return pull.frame(spec.resource, query, stackData);
        },
        writable: true,
        configurable: true,
      });
    }
    for (const name of SETTABLE) {
      Object.defineProperty(this.prototype, name, {
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
   * A method's pages as they arrive, in page order, with the frame methods' concurrency, retries,
   * pacing and error policy; requests never run more than the in-flight bound ahead of the consumer.
   */
  pages<M extends MethodName>(method: M, ...args: EndpointArgs<M>): AsyncGenerator<PageOf<RecordOf<M>>, void> {
    return this.#methodPull(method, args, "pages");
  }

  /** `pages` for any endpoint, with a Query. */
  rawPages<E extends string>(endpoint: E, query?: Query | QueryInit): AsyncGenerator<PageOf<RecordOfEndpoint<E>>, void>;
  rawPages(endpoint: string, query?: Query | QueryInit): AsyncGenerator<RecordPage, void> {
    const pull = this.#pull();
    const checked = checkRawQuery(endpoint, query);
    return pull.pages(checked.endpoint, checked.query);
  }

  /** The id of a country's main BAV study for a year (full year, released), or without a year its latest; one request. */
  mainStudy(countryCode: string, year?: number): Promise<number> {
    return mainStudyId((endpoint, query) => this.rawQuery(endpoint, query), countryCode, year);
  }

  /**
   * Keeps a table of a store (`openStore`, fountframe/store) in step with the service; only whole
   * pulls are committed. A sync always asks the service: its requests neither read nor write the
   * response cache (a cached answer is older than the rows it would replace).
   */
  async sync<M extends MethodName>(store: SyncTarget, endpoint: M, options?: SyncOptions<M>): Promise<SyncReport> {
    // the run's pulls (a few studies each) say what they find wrong with the query once; a page that
    // failed or disagrees ends a pull whatever onErrors says (PageAudit tells it as a pull not whole)
    const run = { cache: false, queryWarnings: new QueryWarnings(), onErrors: "raise" } as const;
    const pages = (method: string, methodOptions: Record<string, unknown>) => this.#methodPull(method, [methodOptions], "pages", run);
    const columnPages = (method: string, methodOptions: Record<string, unknown>) =>
      this.#methodPull(method, [methodOptions], "columnPages", run);
    return syncOfStore(store)({ pages, columnPages, baseUrl: this.#options.baseUrl }, endpoint, options);
  }

  /** Closes connections; calls and streams still running reject with ClientClosedError. Harmless twice. */
  async aclose(): Promise<void> {
    if (this.closed) return;
    // the reason is what every request, wait and stream of this client rejects with
    this.#closing.abort(new ClientClosedError());
    await this.#parts.close();
  }

  /** Removes every entry of the cache directory set in `cache` (all users' and services'); other files there stay. */
  clearCache(): Promise<void> {
    return ResponseCache.clear(this.#options.cache);
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.aclose();
  }

  /**
   * A method's pull, taken as `take` says: its pages, or (a sync's) its pages as column chunks. A
   * sync's pulls take its run's options, and their queries warn of nothing: the run's start checked
   * the options and warned once.
   */
  #methodPull<K extends "pages" | "columnPages">(
    method: string,
    args: readonly unknown[],
    take: K,
    syncRun?: PullOverrides,
  ): ReturnType<Pull[K]> {
    const spec = endpointOfMethod(method);
    const pull = this.#pull(syncRun);
    const { query, stackData } = buildQuery(spec, args, { warnFilters: syncRun === undefined });
    return pull[take](spec.resource, query, stackData) as ReturnType<Pull[K]>;
  }

  /** A pull with the options as they are now (and any overrides); refused once the client is closed. */
  #pull(overrides?: PullOverrides): Pull {
    if (this.closed) throw new ClientClosedError();
    return new Pull(this.#parts, overrides ? { ...this.#options, ...overrides } : this.#options);
  }
}
