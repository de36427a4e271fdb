// The paginator: which pages a pull asks for and in what order it hands them on, as one async
// iterable. Every page, the first, a larger first page and each later one, is one `request`.
import { setMaxListeners } from "node:events";
import pLimit, { type LimitFunction } from "p-limit";
import { ClientClosedError, DataNotFoundError, FountError, InconsistentPagesError } from "../errors";
import { PullWrites } from "../cache/pullWrites";
import type { ProgressHandle } from "../progress/progressDisplay";
import { MAX_PER_PAGE, type Query } from "../query/query";
import type { RowShape } from "../table/types";
import { readEnvelope, recordCount, recordsOf, type Envelope, type PageBody, type PageFailure, type PulledPage } from "./envelope";
import { PageChecker } from "./pageChecks";
import { headStartPages, largerPages, largerPagesWithinBudget, mayGrow, nextPages, planPages, type PagePlan } from "./pagePlan";
import { threadsForPull, type PullOptions, type PullParts } from "./parts";
import { PageFieldClashes, metricKeysOf, UnknownFields, unmatchedMetricKeys, warnPullEnd, warnUnmatchedMetricKeys } from "./pullWarnings";
import { request, type BodyDecoding } from "./request";

/** How a consumer takes a pull's pages. */
export interface PagesWanted {
  /** how many pages requests may run ahead of the page being read */
  window: number;
  /**
   * The pages are the client's own (a frame, records()): their size may change mid-pull (larger
   * pages when the rate budget is short), and the next requests leave before page 1 is handed on.
   */
  resizable?: boolean;
  /** a row shape: the pages after the first are decoded straight to columns (by worker threads when worth it) */
  columns?: RowShape;
  /** pages decoded to columns keep their bytes, for their records when a consumer asks (pages(), not a frame) */
  keepBytes?: boolean;
}

/** How a pull ended, once its pages are all read: the paginator's return value. */
export interface PullOutcome {
  /** every page came and passed, and nothing was warned about */
  whole: boolean;
  /** the response cache entries the pull read or wrote (with the integrity of those it wrote), all stored once it ended (empty without a cache) */
  entries: ReadonlyMap<string, string | undefined>;
}

/** The query as its pages are asked for: at the client's page size unless it sets one (an item is not paged). */
export const sizedQuery = (query: Query, options: PullOptions): Query =>
  query.perPage || query.id !== undefined ? query : query.withPage({ perPage: options.perPage });

/** Most requests in flight for one pull. */
export const inFlight = (options: PullOptions): number => options.batchSize * options.nWorkers;

/**
 * Where a pull's pages are asked for, read from its query once when the pull starts: each page's
 * parameters are then `page`, `per_page` and these (a Query is not made again for every page).
 */
interface PageAddress {
  readonly path: string;
  /** the query's parameters less page and per_page, as toParams orders them */
  readonly shared: Readonly<Record<string, string | number>>;
  /** an item (`id`): one request, neither paged nor sized */
  readonly item: boolean;
  /** an item route (`id`, or a path such as `brands/5` ending in one): the only kind of page whose `data` may be one record */
  readonly itemRoute: boolean;
}

/** `brands/5`: the service's item routes are `{resource}/{id}`, its lists and sub-routes end in a name. */
const endsInId = (path: string): boolean => /\/[1-9]\d*\/?$/.test(path);

/** The parameters of one page of the pull: the query's own order (page, per_page, the rest). */
function paramsOf({ shared, item }: PageAddress, page: number, perPage: number | undefined): Record<string, string | number> {
  if (item) return { ...shared };
  const params: Record<string, string | number> = { page };
  if (perPage !== undefined) params.per_page = perPage;
  return Object.assign(params, shared);
}

/** What every request of one pull shares, fixed when the pull starts. */
interface PullContext {
  readonly parts: PullParts;
  readonly options: PullOptions;
  readonly endpoint: string;
  readonly address: PageAddress;
  readonly progress: ProgressHandle;
  /** the cache writes, held until the pages pass; undefined without a cache */
  readonly writes: PullWrites | undefined;
  /** the one bound on requests in flight, shared by the head start and the stream */
  readonly sending: LimitFunction;
}

/** The pages still to come after the first: at which size, by which plan, checked by which checker. */
interface RestOfPull {
  /** the page size the rest is asked at */
  perPage: number | undefined;
  plan: PagePlan;
  checker: PageChecker | undefined;
  /** after a switch to larger pages: the larger first page's records not yet held, handed on first */
  lead?: PageBody;
}

/**
 * The pages of one pull, in page order, told top to bottom: the first page (its plan, its checker,
 * the warnings it allows, the decode threads), the head start (the next requests leave before the
 * first page is handed on), the larger-page switch when the rate budget is short, the rest streamed
 * within the in-flight bound and checked, the end-of-pull warning. Returns how the pull ended.
 */
export async function* pullPages(
  parts: PullParts,
  options: PullOptions,
  endpoint: string,
  query: Query,
  wanted: PagesWanted,
): AsyncGenerator<PulledPage, PullOutcome> {
  if (parts.closing.aborted) throw new ClientClosedError();
  // everything the pull reads of its query, read once
  const sized = sizedQuery(query, options);
  const { page: start = 1, perPage, maxPages, id, metricKeys, fields } = sized;
  const singlePage = query.isSinglePage() || id !== undefined;
  const mayResize = wanted.resizable && query.perPage === undefined && query.page === undefined && maxPages === undefined;
  const asked = sized.toParams(endpoint);
  const { page: _page, per_page: _perPage, ...shared } = asked;
  const path = sized.path(endpoint);
  const cache = parts.cache(options.cache);
  const pull: PullContext = {
    parts,
    options,
    endpoint,
    address: { path, shared, item: id !== undefined, itemRoute: id !== undefined || endsInId(path) },
    progress: parts.progress.start(endpoint, options.verbose),
    writes: cache && new PullWrites(cache),
    sending: pLimit(inFlight(options)),
  };
  let checker: PageChecker | undefined;
  /** pages asked for before their plan was settled (let go however the pull ends) */
  let headStart: HeadStart | undefined;
  let releasePool: (() => Promise<void>) | undefined;
  let ended = false;
  /** the pull's end, once: requests let go, progress stopped, threads released, cache writes settled or forgotten */
  const end = async (): Promise<PullOutcome["entries"]> => {
    if (ended) return new Map();
    ended = true;
    if (headStart) await letGo(headStart);
    pull.progress.stop();
    // the decode threads' heaps are let go before the frame is built from the pages
    await releasePool?.();
    // a pull whose pages disagree keeps none of them, whatever was read from the cache included
    await (checker?.disagreed ? pull.writes?.forget() : pull.writes?.settle());
    return pull.writes?.entries ?? new Map();
  };
  try {
    const envelope = await readPage(pull, start, perPage, pull.parts.closing);
    if (recordCount(envelope.body) === 0)
      throw new DataNotFoundError(`${endpoint}: the query returned no records (${describe(asked)})`, { meta: pageMeta(envelope) });
    const plan = planPages(envelope, { start, singlePage, perPage, maxPages });
    checker = singlePage ? undefined : new PageChecker(endpoint, options.onErrors, plan, reportOf(start, envelope));
    const first = firstPage(pull, envelope, plan);
    // the first page is never decoded by workers: they are chosen from it
    const firstRecords = recordsOf(first.body);
    const unmatchedKeys = unmatchedMetricKeys(metricKeys, firstRecords);
    // the hint for a misspelt key asks brand-metrics beside the pull; its warning is given before the pull ends
    const keysWarned = warnUnmatchedMetricKeys(endpoint, unmatchedKeys, () => knownMetricKeys(pull), options.queryWarnings);
    const unknownFields = new UnknownFields(endpoint, fields, firstRecords);
    const clashes = wanted.columns && new PageFieldClashes(endpoint, wanted.columns);
    // each page is seen once its consumer took it: a page of records was gathered (and counted) by then
    const seen = (body: PageBody) => {
      unknownFields.see(body);
      clashes?.see(body);
    };
    const pool = wanted.columns && parts.decodePool(threadsForPull(options.threads, firstRecords, first.total, plan.lastPage - plan.start));
    releasePool = pool?.use();
    const later: BodyDecoding = wanted.columns ? { shape: wanted.columns, pool, keepBytes: wanted.keepBytes } : {};

    // the head start: the next requests leave now, and at a larger size when the rate budget is short
    let switching: Promise<RestOfPull | "servedAsHeld" | undefined> | undefined;
    if (mayResize && (await worthLargerPages(pull, first, plan))) {
      headStart = startPages(pull, MAX_PER_PAGE, headStartPages(first.total!, wanted.window, pull.sending.concurrency), later);
      switching = switchToLargerPages(pull, first, later, headStart.controller.signal);
      switching.catch(() => {}); // awaited after the first page is handed on; a consumer may stop at it
    } else if (wanted.resizable) {
      headStart = startPages(pull, perPage, nextPages(plan, wanted.window, pull.sending.concurrency), later);
    }
    const rowsAhead = Math.min(first.total ?? 0, (plan.lastPage - plan.start + 1) * recordCount(first.body));
    if (wanted.columns && rowsAhead > recordCount(first.body)) {
      // a frame makes room for every row on page 1: after the requests started above are written
      await requestsWritten();
      yield { ...first, rowsAhead };
    } else yield first;
    clashes?.see(first.body);

    let rest: RestOfPull = { perPage, plan, checker };
    const switched = await switching;
    if (typeof switched === "object") {
      rest = switched;
      checker = switched.checker;
      pull.progress.setTotal(rest.plan.lastPage);
      pull.progress.tick(recordCount(switched.lead!));
      yield { endpoint, page: 1, body: switched.lead!, total: first.total, lastPage: rest.plan.lastPage };
      seen(switched.lead!);
    } else if (switching && switched !== "servedAsHeld") {
      await letGo(headStart!);
      headStart = undefined;
    }
    const failures: PageFailure[] = yield* seenBy(streamPages(pull, rest, wanted.window, later, headStart), seen);
    unknownFields.warn(options.queryWarnings);
    const clashed = clashes ? clashes.warn(options.queryWarnings) : false;
    await keysWarned;
    warnPullEnd(endpoint, failures, rest.plan.lastPage - rest.plan.start + 1, rest.checker);
    // a frame kept whole is made again without its pull, and without the clash warning
    const whole = unmatchedKeys.length === 0 && failures.length === 0 && !rest.checker?.disagreed && !clashed;
    return { whole, entries: await end() };
  } catch (error) {
    if (error instanceof InconsistentPagesError) await pull.writes?.forget();
    throw error;
  } finally {
    await end();
  }
}

/** The pages as they pass, each body shown to `see` once taken (the rest of a pull: its first page was seen already). */
async function* seenBy<R>(pages: AsyncGenerator<PulledPage, R>, see: (body: PageBody) => void): AsyncGenerator<PulledPage, R> {
  try {
    let next: IteratorResult<PulledPage, R>;
    while (!(next = await pages.next()).done) {
      yield next.value;
      see(next.value.body);
    }
    return next.value;
  } finally {
    // a consumer that stops early lets the pull's requests go, as it would reading the pages themselves
    await pages.return(undefined as R);
  }
}

/**
 * Two turns of the event loop: the requests started before page 1 is handed on are written to
 * their sockets by then, so the consumer's work on page 1 overlaps their wait instead of delaying them.
 */
const requestsWritten = () => new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));

/** One page's request: its envelope, read once and checked (a list's page, `afterFirst` or not, is never one record). */
function readPage(
  pull: PullContext,
  page: number,
  perPage: number | undefined,
  signal: AbortSignal,
  decoding?: BodyDecoding,
  sending?: LimitFunction,
  afterFirst = false,
): Promise<Envelope> {
  const { endpoint, address } = pull;
  const accept = (body: unknown) => readEnvelope(body, endpoint, { afterFirst, listRoute: !address.itemRoute });
  const params = paramsOf(address, page, perPage);
  return request(pull.parts, pull.options, { path: address.path, params, signal, accept, decoding, writes: pull.writes, sending });
}

/** The metric keys the service knows, from one page of brand-metrics (the names and columns alone). */
async function knownMetricKeys(pull: PullContext): Promise<readonly string[]> {
  const params = { "fields[brand_metrics]": "name,brandscape_data_columns", per_page: MAX_PER_PAGE };
  const accept = (body: unknown) => readEnvelope(body, "brand-metrics", { listRoute: true });
  const answer = await request(pull.parts, pull.options, { path: "brand-metrics", params, signal: pull.parts.closing, accept });
  return metricKeysOf(recordsOf(answer.body));
}

/** What pages that disagree do to a pull: end it ("raise") or make one warning at its end. */

/** What one page said, as the page checks take it. */
const reportOf = (page: number, envelope: Envelope) => ({
  page,
  body: envelope.body,
  total: envelope.total,
  lastPageSaid: envelope.lastPage,
});

/** The first page as the pull hands it on, counted; its answer may be kept. */
function firstPage(pull: PullContext, envelope: Envelope, plan: PagePlan): PulledPage {
  pull.progress.setTotal(plan.lastPage - plan.start + 1);
  pull.progress.tick(recordCount(envelope.body));
  pull.writes?.keep(envelope);
  return { endpoint: pull.endpoint, page: plan.start, body: envelope.body, total: envelope.total, lastPage: plan.lastPage };
}

/**
 * Larger pages when the pages left exceed the rate budget, or when the cache already holds the
 * larger first page (a re-run of a pull that switched, whose first page came from the cache
 * without rate headers: its larger pages are in the cache too).
 */
async function worthLargerPages(pull: PullContext, first: PulledPage, plan: PagePlan): Promise<boolean> {
  const { parts, options, address } = pull;
  if (largerPagesWithinBudget(first, plan, parts.pacer.budgetLeft())) return true;
  if (!mayGrow(first, plan)) return false;
  const cache = parts.cache(options.cache);
  return !!cache && (await cache.has(cache.key(parts.baseUrl(), address.path, paramsOf(address, 1, MAX_PER_PAGE))));
}

/**
 * Page 1 asked again at MAX_PER_PAGE, beside the head start: the rest of the pull at the larger
 * size the service serves (largerPages decides), "servedAsHeld" when it serves the pull's own size
 * whatever is asked (the head start's pages are the pull's own), else undefined (a refused larger
 * page: the pull goes on at its own size, as if nothing had been asked).
 */
async function switchToLargerPages(
  pull: PullContext,
  first: PulledPage,
  decoding: BodyDecoding,
  signal: AbortSignal,
): Promise<RestOfPull | "servedAsHeld" | undefined> {
  let larger: Envelope;
  try {
    larger = await readPage(pull, 1, MAX_PER_PAGE, signal, decoding);
  } catch {
    signal.throwIfAborted();
    return undefined; // the pages at the pull's own size are still there to fetch
  }
  signal.throwIfAborted();
  const answer = largerPages(first, larger);
  if (!answer.plan) {
    if (answer.keep) pull.writes?.keep(larger);
    return answer.servedAsHeld ? "servedAsHeld" : undefined;
  }
  pull.writes?.keep(larger);
  const checker = new PageChecker(pull.endpoint, pull.options.onErrors, answer.plan, reportOf(1, larger));
  return { perPage: MAX_PER_PAGE, plan: answer.plan, checker, lead: answer.lead };
}

interface FetchedPage {
  page: PulledPage;
  /** the page as read, for the cache to keep its answer once the page passed */
  envelope: Envelope;
}

/** Pages asked for before their plan was settled, for the stream to go on from. */
interface HeadStart {
  pages: Map<number, Promise<FetchedPage | PageFailure>>;
  /** every request in flight and its retry wait listen on its signal; aborted when the pages are let go */
  controller: AbortController;
}

/** Asks for `pages` at `perPage` now, within the pull's bound on requests in flight. */
function startPages(pull: PullContext, perPage: number | undefined, pages: readonly number[], decoding: BodyDecoding): HeadStart {
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  const outer = pull.parts.closing;
  const onOuterAbort = () => controller.abort(outer.reason);
  outer.addEventListener("abort", onOuterAbort, { once: true });
  controller.signal.addEventListener("abort", () => outer.removeEventListener("abort", onOuterAbort), { once: true });
  const started = pages.map((page) => [page, fetchOne(pull, perPage, page, decoding, controller.signal)] as const);
  return { pages: new Map(started), controller };
}

/** Ends pages asked for ahead that the pull does not want after all. */
async function letGo({ pages, controller }: HeadStart): Promise<void> {
  controller.abort();
  await Promise.allSettled(pages.values());
}

/**
 * The pages after the first, pipelined: at most `pull.sending` allows on the wire at once, a new
 * one as soon as one's body is in (its reading does not hold the slot); pages come out in page
 * order. Pages are scheduled as the window moves, never queued all at once: `window` bounds how far
 * requests run ahead of the consumer. The pull ends at the first empty page; the checker sees every
 * page. `headStart`: the first pages after `plan.start`, already asked for.
 */
async function* streamPages(
  pull: PullContext,
  { perPage, plan, checker }: RestOfPull,
  window: number,
  decoding: BodyDecoding,
  headStart: HeadStart = startPages(pull, perPage, [], decoding),
): AsyncGenerator<PulledPage, PageFailure[]> {
  const { lastPage } = plan;
  const signal = pull.parts.closing;
  const { pages: started, controller } = headStart;
  const failures: PageFailure[] = [];
  let nextPage = Math.max(plan.start + 1, ...[...started.keys()].map((page) => page + 1));
  const startMore = (consumedUpTo: number) => {
    while (nextPage <= lastPage && nextPage - consumedUpTo < window) {
      const page = nextPage++;
      started.set(page, fetchOne(pull, perPage, page, decoding, controller.signal));
    }
  };
  try {
    for (let page = plan.start + 1; page <= lastPage; page += 1) {
      // the consumer may come back after the client closed: pages already fetched are not handed out
      signal.throwIfAborted();
      startMore(page);
      const outcome = await started.get(page)!;
      started.delete(page);
      signal.throwIfAborted();
      if ("error" in outcome) {
        if (pull.options.onErrors === "raise" || !(outcome.error instanceof FountError)) throw outcome.error;
        failures.push(outcome);
        continue;
      }
      const goOn = checker ? checker.check(reportOf(page, outcome.envelope)) : recordCount(outcome.page.body) > 0;
      if (!goOn) break;
      pull.writes?.keep(outcome.envelope);
      // counted as handed on: a page asked for ahead and let go is not
      pull.progress.tick(recordCount(outcome.page.body));
      yield { ...outcome.page, lastPage };
    }
    signal.throwIfAborted();
    return failures;
  } finally {
    // queued pages see the abort and return at once (clearQueue would leave their promises pending)
    await letGo(headStart);
  }
}

/** One page; its `lastPage` is the plan's, set when streamPages hands it on. */
async function fetchOne(
  pull: PullContext,
  perPage: number | undefined,
  page: number,
  decoding: BodyDecoding,
  signal: AbortSignal,
): Promise<FetchedPage | PageFailure> {
  if (signal.aborted) return { page, error: signal.reason as Error };
  try {
    const envelope = await readPage(pull, page, perPage, signal, decoding, pull.sending, true);
    return { page: { endpoint: pull.endpoint, page, body: envelope.body, total: envelope.total, lastPage: page }, envelope };
  } catch (error) {
    return { page, error: error as Error };
  }
}

function describe(asked: Record<string, string | number>): string {
  const params = Object.entries(asked).map(([key, value]) => `${key}=${value}`);
  return params.length ? params.join("&") : "no filters";
}

/** The meta an empty first page said (`total`, `last_page`), as the service names them: a sync tells a true "none" from a page lost. */
function pageMeta(envelope: Envelope): Record<string, unknown> {
  return {
    ...(envelope.total !== undefined ? { total: envelope.total } : {}),
    ...(envelope.lastPage !== undefined ? { last_page: envelope.lastPage } : {}),
  };
}
