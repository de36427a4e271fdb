import { setMaxListeners } from "node:events";
import type { AxiosInstance } from "axios";
import type { DataFrame } from "danfojs-node";
import { ENDPOINTS, ENDPOINT_BY_METHOD, type EndpointSpec, type MethodName } from "../endpoints/table";
import { ClientClosedError, InconsistentPagesError, ValidationError } from "../errors";
import { FrameBuilder, namesInFieldOrder, pagesInFieldOrder, preloadDataFrameClass, type JsonRecord, type ShapeOptions } from "../frame";
import {
  fetchFirstPage,
  readEnvelope,
  streamPages,
  warnPullEnd,
  warnUnmatchedMetricKeys,
  type PageFailure,
  type PullSettings,
  type RecordPage,
} from "../pages";
import { PullWrites, ResponseCache, cachedJson, type BodyFetch, type CacheSettings } from "../cache";
import { DecodePool, threadsForPull, workerScript } from "../decode";
import { largerFirstPage, largerPagesWithinBudget, mayGrow, restAtLargerPages, type RestOfPull } from "../pages/largerPages";
import type { PageChecker } from "../pages/pageConsistency";
import type { PagePlan } from "../pages/pagePlan";
import { buildQuery, type EndpointArgs } from "../params";
import { ProgressDisplay } from "../progress/progressDisplay";
import { Query, type QueryInit } from "../query";
import { createConnection, type Connection } from "../transport/axiosInstance";
import { RateLimitPacer } from "../transport/rateLimitPacer";
import { getJson, type RequestPolicy } from "../transport/request";
import { ToolsClient } from "../tools";
import { checkOption, parseClientArgs, type ClientInit, type ClientOptions, type OnErrors, type ResolvedOptions } from "./options";
import { checkRawQuery } from "./rawEndpoint";
import type { PageOf, RecordOf, RecordOfEndpoint } from "./records";

const FRAME_LOOKAHEAD_FACTOR = 4;

/** One method per resource, each returning a DataFrame (declared from the endpoint table). */
export type EndpointMethods = {
  [M in MethodName]: (...args: EndpointArgs<M>) => Promise<DataFrame>;
};

// the methods are generated from the endpoint table at run time and declared here for the type checker
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface Client extends EndpointMethods {
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

/** How #get reads one body: decoded by a frame's workers, checked, its cache write held for the pull's checks. */
interface BodyRead {
  decoding?: PullDecoding;
  check?: (body: unknown) => void;
  writes?: PullWrites;
}

/** How a frame's pull decodes its pages: `pool` is chosen once its first page is in. */
interface PullDecoding {
  shape: ShapeOptions;
  pool: DecodePool | undefined;
}

/** A connection to the Fount service; one client serves any number of calls, also concurrently. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class Client implements AsyncDisposable {
  readonly #connection: Connection;
  readonly #options: ResolvedOptions;
  readonly #pacer: RateLimitPacer;
  readonly #progress = new ProgressDisplay();
  readonly #closing = new AbortController();
  /** The service's analysis tools, on this client's connection, retries, pacing and progress. */
  readonly tools: ToolsClient;
  /** what tells users' cache entries apart (hashed, never stored) */
  readonly #credential: string;
  #responseCache: ResponseCache | undefined;
  #decodePool: DecodePool | undefined;

  constructor(authToken: string, options?: ClientOptions);
  constructor(options?: ClientInit);
  constructor(first?: string | ClientInit, second?: ClientOptions) {
    const { authToken, client, options } = parseClientArgs(first, second);
    this.#options = options;
    this.#credential =
      authToken ??
      String((client as AxiosInstance | undefined)?.defaults.headers.common?.Authorization ?? client?.defaults.headers.Authorization ?? "");
    this.#connection = createConnection(authToken, options, client as AxiosInstance | undefined);
    this.#pacer = new RateLimitPacer(options.maxWaitMs);
    // every call and request of this client listens for its closing
    setMaxListeners(0, this.#closing.signal);
    this.tools = new ToolsClient({
      options: this.#options,
      progress: this.#progress,
      closing: this.#closing.signal,
      get: (path, params, check) => this.#get(path, params, this.#closing.signal, { check }),
      url: (path, params) => this.#connection.axios.getUri({ ...this.#connection.requestDefaults, url: path, params }),
      pull: (endpoint, query) => this.#pull(endpoint, query, Infinity),
    });
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
  }

  get perPage(): number {
    return this.#options.perPage;
  }
  set perPage(value: number) {
    this.#options.perPage = checkOption("perPage", value);
  }
  get verbose(): boolean {
    return this.#options.verbose;
  }
  set verbose(value: boolean) {
    this.#options.verbose = checkOption("verbose", value);
  }
  get batchSize(): number {
    return this.#options.batchSize;
  }
  set batchSize(value: number) {
    this.#options.batchSize = checkOption("batchSize", value);
  }
  get nWorkers(): number {
    return this.#options.nWorkers;
  }
  set nWorkers(value: number) {
    this.#options.nWorkers = checkOption("nWorkers", value);
  }
  get retries(): number {
    return this.#options.retries;
  }
  set retries(value: number) {
    this.#options.retries = checkOption("retries", value);
  }
  get onErrors(): OnErrors {
    return this.#options.onErrors;
  }
  set onErrors(value: OnErrors) {
    this.#options.onErrors = checkOption("onErrors", value);
  }
  /** The on-disk response cache's settings, or false; set false to bypass it for the next calls. */
  get cache(): CacheSettings | false {
    return this.#options.cache;
  }
  set cache(value: CacheSettings | false) {
    this.#options.cache = checkOption("cache", value);
    this.#responseCache = undefined;
  }
  get closed(): boolean {
    return this.#closing.signal.aborted;
  }

  /** The records of any endpoint as JSON, untouched, in page order. */
  rawQuery<E extends string>(endpoint: E, query?: Query | QueryInit): Promise<RecordOfEndpoint<E>[]>;
  async rawQuery(endpoint: string, query?: Query | QueryInit): Promise<JsonRecord[]> {
    const checked = checkRawQuery(endpoint, query);
    const records: JsonRecord[] = [];
    const pages = pagesInFieldOrder(this.#pull(checked.endpoint, checked.query, this.#lookahead(), true), checked.query.fields);
    for await (const page of pages) records.push(...page.records);
    return records;
  }

  /**
   * A method's pages as they arrive, in page order, with the same concurrency, retries, pacing
   * and error policy as the frame methods; requests never run more than the in-flight bound
   * ahead of the consumer.
   */
  pages<M extends MethodName>(method: M, ...args: EndpointArgs<M>): AsyncGenerator<PageOf<RecordOf<M>>, void> {
    const spec = ENDPOINT_BY_METHOD.get(method);
    if (!spec)
      throw new ValidationError(
        "method",
        `unknown method ${JSON.stringify(method)}; allowed: ${[...ENDPOINT_BY_METHOD.keys()].join(", ")}`,
      );
    this.#ensureOpen();
    const { query } = buildQuery(spec, args);
    return pagesInFieldOrder(this.#pull(spec.resource, query, this.#inFlight()), query.fields);
  }

  /** `pages` for any endpoint, with a Query. */
  rawPages<E extends string>(endpoint: E, query?: Query | QueryInit): AsyncGenerator<PageOf<RecordOfEndpoint<E>>, void>;
  rawPages(endpoint: string, query?: Query | QueryInit): AsyncGenerator<RecordPage, void> {
    this.#ensureOpen();
    const checked = checkRawQuery(endpoint, query);
    return pagesInFieldOrder(this.#pull(checked.endpoint, checked.query, this.#inFlight()), checked.query.fields);
  }

  /** Closes connections; calls and streams still running reject with ClientClosedError. Harmless twice. */
  async aclose(): Promise<void> {
    if (this.closed) return;
    // the reason is what every request, wait and stream of this client rejects with
    this.#closing.abort(new ClientClosedError());
    this.#connection.close();
    await this.#decodePool?.close();
  }

  /** Removes every entry of the cache directory set in `cache` (all users' and services'). */
  async clearCache(): Promise<void> {
    const settings = this.#options.cache;
    if (!settings) throw new ValidationError("cache", "no cache is set: give the client `cache: { dir }` first");
    await new ResponseCache(settings, "").clear();
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.aclose();
  }

  async #frame(spec: EndpointSpec, args: unknown[]): Promise<DataFrame> {
    this.#ensureOpen();
    const { query, stackData } = buildQuery(spec, args);
    // each page is gathered into rows of cells as it arrives, and its records let go
    const builder = new FrameBuilder({ stackData, endpoint: spec.resource });
    preloadDataFrameClass();
    const decoding: PullDecoding = { shape: { stackData, endpoint: spec.resource }, pool: undefined };
    for await (const page of this.#pull(spec.resource, query, this.#lookahead(), true, decoding)) builder.add(page);
    const frame = await builder.toFrame();
    // the service answers `fields` in its own order; the frame shows them as asked
    const asked = namesInFieldOrder(frame.columns, query.fields);
    return asked ? frame.loc({ columns: asked }) : frame;
  }

  /**
   * `resizable`: the pages are the client's own (a frame, rawQuery), so their size may change
   * mid-pull. `decoding`: a frame's, whose pages after the first may be decoded by worker threads.
   */
  async *#pull(
    endpoint: string,
    query: Query,
    window: number,
    resizable = false,
    decoding?: PullDecoding,
  ): AsyncGenerator<RecordPage, void> {
    this.#ensureOpen();
    const singlePage = query.isSinglePage();
    const sized = query.perPage || query.id !== undefined ? query : query.withPage({ perPage: this.#options.perPage });
    const progress = this.#progress.start(endpoint, this.#options.verbose);
    const cache = this.#cacheInUse();
    const writes = cache && new PullWrites(cache);
    const check = (body: unknown) => void readEnvelope(body, endpoint);
    const settings: PullSettings = {
      endpoint,
      inFlight: this.#inFlight(),
      onErrors: this.#options.onErrors,
      progress,
      signal: this.#closing.signal,
      fetch: (pageQuery: Query, signal: AbortSignal) =>
        this.#get(pageQuery.path(endpoint), pageQuery.toParams(endpoint), signal, { decoding, check, writes }),
      keep: writes && ((body) => writes.keep(body)),
    };
    let checker: PageChecker | undefined;
    try {
      const firstPage = await fetchFirstPage(sized, settings, singlePage);
      const { first, plan } = firstPage;
      checker = firstPage.checker;
      warnUnmatchedMetricKeys(endpoint, sized.metricKeys, first.records);
      if (decoding)
        decoding.pool = this.#decodePoolFor(threadsForPull(this.#options.threads, first.records, first.total, plan.lastPage - plan.start));
      yield first;
      // a frame's pages are its own: the rest may come at a larger page size when the rate budget is short
      const larger = resizable && query.perPage === undefined && query.page === undefined && query.maxPages === undefined;
      const switched =
        larger && (await this.#worthLargerPages(endpoint, sized, first, plan))
          ? await restAtLargerPages(sized, first, settings)
          : undefined;
      const rest: RestOfPull = switched ?? { query: sized, plan, settings, checker };
      checker = rest.checker;
      if (rest.lead) yield rest.lead;
      const failures: PageFailure[] = yield* streamPages(rest.query, rest.plan, window, rest.settings, rest.checker);
      warnPullEnd(endpoint, failures, rest.plan.lastPage - rest.plan.start + 1, rest.checker);
    } catch (error) {
      if (error instanceof InconsistentPagesError) await writes?.forget();
      throw error;
    } finally {
      progress.stop();
      // a pull whose pages disagree keeps none of them, whatever was read from the cache included
      await (checker?.disagreed ? writes?.forget() : writes?.settle());
    }
  }

  /**
   * Larger pages when the pages left exceed the rate budget, or when the cache already holds the
   * larger first page (a re-run of a pull that switched, whose first page came from the cache
   * without rate headers: its larger pages are in the cache too).
   */
  async #worthLargerPages(endpoint: string, query: Query, first: RecordPage, plan: PagePlan): Promise<boolean> {
    if (largerPagesWithinBudget(first, plan, this.#pacer.budgetLeft())) return true;
    const cache = this.#cacheInUse();
    if (!cache || !mayGrow(first, plan)) return false;
    const probe = largerFirstPage(query);
    return cache.has(cache.key(this.#baseUrl(), probe.path(endpoint), probe.toParams(endpoint)));
  }

  /** One response body, from the cache when one is set and holds it; decoded by worker threads when the pull chose them. */
  #get(path: string, params: Record<string, string | number>, signal: AbortSignal, read: BodyRead = {}): Promise<unknown> {
    const { decoding, check, writes } = read;
    const pool = decoding?.pool;
    const decode = pool && ((bytes: Buffer) => pool.decode(bytes, decoding.shape));
    const fetch: BodyFetch = (keep) =>
      getJson(
        this.#connection,
        this.#pacer,
        this.#requestPolicy(),
        path,
        params,
        signal,
        decode &&
          (async (bytes) => {
            await keep?.(bytes);
            return decode(bytes);
          }),
        check,
      );
    const cache = this.#cacheInUse();
    if (!cache) return fetch();
    return cachedJson(cache, cache.key(this.#baseUrl(), path, params), fetch, { decode, check, writes });
  }

  #baseUrl(): string {
    return this.#connection.axios.defaults.baseURL ?? this.#connection.requestDefaults.baseURL ?? "";
  }

  /** The client's worker pool, started with `threads` workers on first use; undefined for none. */
  #decodePoolFor(threads: number): DecodePool | undefined {
    if (threads <= 0) return undefined;
    const script = workerScript();
    if (!script) return undefined;
    this.#decodePool ??= new DecodePool(threads, script);
    return this.#decodePool;
  }

  #cacheInUse(): ResponseCache | undefined {
    const settings = this.#options.cache;
    if (!settings) return undefined;
    this.#responseCache ??= new ResponseCache(settings, this.#credential);
    return this.#responseCache;
  }

  #requestPolicy(): RequestPolicy {
    const { retries, retryBaseDelayMs, timeout, maxWaitMs } = this.#options;
    return { retries, baseDelayMs: retryBaseDelayMs, timeoutMs: timeout, maxWaitMs };
  }

  #inFlight(): number {
    return this.#options.batchSize * this.#options.nWorkers;
  }

  /**
   * How far a frame's requests may run ahead of the page being read: beyond the in-flight bound, so
   * one slow page does not hold back the ones after it, yet never every page queued at once.
   */
  #lookahead(): number {
    return this.#inFlight() * FRAME_LOOKAHEAD_FACTOR;
  }

  #ensureOpen(): void {
    if (this.closed) throw new ClientClosedError();
  }
}
