import { ClientClosedError, InconsistentPagesError } from "../errors";
import type { Query } from "../query";
import { readEnvelope, recordsOf, type PageChecker } from "./pageChecks";
import pLimit from "p-limit";
import { MAX_PER_PAGE } from "../query";
import {
  fetchFirstPage,
  letGo,
  startPages,
  streamPages,
  type HeadStart,
  type PageFailure,
  type PullSettings,
  type PulledPage,
} from "./pagePull";
import {
  atLargerPages,
  largerFirstPage,
  largerPagesWithinBudget,
  mayGrow,
  restAtLargerPages,
  type LargerPagesAnswer,
  type PagePlan,
  type RestOfPull,
} from "./pagePlan";
import { warnPullEnd, warnUnknownFields, warnUnmatchedMetricKeys } from "./pullWarnings";
import { heldWrites, isStored, readBody, type PullDecoding } from "./readBody";
import { threadsForPull, type PullOptions, type PullParts } from "./parts";

/** How far a pull's requests may run ahead, and what it may do with its pages. */
export interface PipelineShape {
  /** how many pages requests may run ahead of the page being read */
  window: number;
  /** the pages are the client's own (a frame, rawQuery): their size may change mid-pull */
  resizable?: boolean;
  /** a frame's: its pages after the first may be decoded by worker threads */
  decoding?: PullDecoding;
  /** filled in when the pull ends (a frame's, to keep its columns) */
  outcome?: PullOutcome;
}

/** How a pull ended, once its pages are all read. */
export interface PullOutcome {
  /** every page came and passed, and nothing was warned about */
  whole: boolean;
  /** the response cache entries the pull read or wrote, all stored once it ended (empty without a cache) */
  entries: readonly string[];
}

/** The query as its pages are asked for: at the client's page size unless it sets one (an item is not paged). */
export const sizedQuery = (query: Query, options: PullOptions): Query =>
  query.perPage || query.id !== undefined ? query : query.withPage({ perPage: options.perPage });

/**
 * The pages of one pull, in page order: the first page (its plan, its checker, the metric-key
 * warning, the worker threads), then, when the rate budget is short, the larger-page switch, then
 * the rest streamed and checked, then the end-of-pull warning. Each page is read by readBody
 * (cache, transport, decode, envelope); cache writes are held until the pages agree.
 */
export async function* pagePipeline(
  parts: PullParts,
  options: PullOptions,
  endpoint: string,
  query: Query,
  shape: PipelineShape,
): AsyncGenerator<PulledPage, void> {
  if (parts.closing.aborted) throw new ClientClosedError();
  const { window, resizable = false, decoding, outcome } = shape;
  const singlePage = query.isSinglePage();
  const sized = sizedQuery(query, options);
  const progress = parts.progress.start(endpoint, options.verbose);
  const writes = heldWrites(parts, options);
  const accept = (body: unknown) => readEnvelope(body, endpoint);
  const settings: PullSettings = {
    endpoint,
    sending: pLimit(inFlight(options)),
    onErrors: options.onErrors,
    progress,
    signal: parts.closing,
    fetch: (pageQuery, signal, sending) =>
      readBody(parts, options, pageQuery.path(endpoint), pageQuery.toParams(endpoint), signal, { accept, decoding, writes, sending }),
    keep: writes && ((envelope) => writes.keep(envelope)),
  };
  let checker: PageChecker | undefined;
  /** pages asked for ahead of the larger first page (let go however the pull ends) */
  let headStart: HeadStart | undefined;
  let releasePool: (() => Promise<void>) | undefined;
  try {
    const firstPage = await fetchFirstPage(sized, settings, singlePage);
    const { first, plan } = firstPage;
    checker = firstPage.checker;
    // the first page is never decoded by workers: they are chosen from it
    const firstRecords = recordsOf(first.body);
    const warnedOfKeys = warnUnmatchedMetricKeys(endpoint, sized.metricKeys, firstRecords);
    warnUnknownFields(endpoint, sized.fields, firstRecords);
    if (decoding) {
      decoding.pool = parts.decodePool(threadsForPull(options.threads, firstRecords, first.total, plan.lastPage - plan.start));
      decoding.toColumns = true;
      releasePool = decoding.pool?.use();
    }
    // a frame's pages are its own: the rest may come at a larger page size when the rate budget is short
    const larger = resizable && query.perPage === undefined && query.page === undefined && query.maxPages === undefined;
    let switching: Promise<LargerPagesAnswer> | undefined;
    if (larger && (await worthLargerPages(parts, options, endpoint, sized, first, plan))) {
      // the pages after the larger first one are asked for with it, not a round trip after it
      headStart = startPages(atLargerPages(sized), headStartPages(first.total!, window, settings), settings);
      switching = restAtLargerPages(sized, first, settings, headStart.controller.signal);
      switching.catch(() => {}); // awaited after the first page is read; a consumer may stop at it
    } else if (resizable) {
      headStart = startPages(sized, nextPages(plan, window, settings), settings);
    }
    // the consumer reads the first page (a frame makes room for every row) while the next ones come
    yield first;
    let switched: RestOfPull | undefined;
    if (switching) {
      const answer = await switching;
      switched = answer.rest;
      if (!switched && !answer.servedAsHeld) {
        await letGo(headStart!);
        headStart = undefined;
      }
    }
    const rest: RestOfPull = switched ?? { query: sized, plan, settings, checker };
    checker = rest.checker;
    if (rest.lead) yield rest.lead;
    const failures: PageFailure[] = yield* streamPages(rest.query, rest.plan, window, rest.settings, rest.checker, headStart);
    warnPullEnd(endpoint, failures, rest.plan.lastPage - rest.plan.start + 1, rest.checker);
    if (outcome) outcome.whole = !warnedOfKeys && failures.length === 0 && !rest.checker?.disagreed;
  } catch (error) {
    if (error instanceof InconsistentPagesError) await writes?.forget();
    throw error;
  } finally {
    if (headStart) await letGo(headStart);
    progress.stop();
    // the decode threads' heaps are let go before the frame is built from the pages
    await releasePool?.();
    // a pull whose pages disagree keeps none of them, whatever was read from the cache included
    await (checker?.disagreed ? writes?.forget() : writes?.settle());
    if (outcome) outcome.entries = writes?.entries ?? [];
  }
}

/**
 * The pages after page 1 at MAX_PER_PAGE that fit beside the larger first page in flight: pages
 * the rest will ask for whatever size the service says it serves (a service that caps its pages
 * at 250 answers page 2 with records 251-500, as the plan then counts them).
 */
function headStartPages(total: number, window: number, settings: PullSettings): number[] {
  const count = Math.min(Math.ceil(total / MAX_PER_PAGE) - 1, settings.sending.concurrency - 1, window);
  return Array.from({ length: Math.max(0, count) }, (_, at) => at + 2);
}

/** The pages after the first at the pull's own size that streamPages would ask for at once. */
function nextPages(plan: PagePlan, window: number, settings: PullSettings): number[] {
  const count = Math.min(plan.lastPage - plan.start, settings.sending.concurrency, window);
  return Array.from({ length: Math.max(0, count) }, (_, at) => plan.start + 1 + at);
}

/** Most requests in flight for one pull. */
export const inFlight = (options: PullOptions): number => options.batchSize * options.nWorkers;

/**
 * Larger pages when the pages left exceed the rate budget, or when the cache already holds the
 * larger first page (a re-run of a pull that switched, whose first page came from the cache
 * without rate headers: its larger pages are in the cache too).
 */
async function worthLargerPages(
  parts: PullParts,
  options: PullOptions,
  endpoint: string,
  query: Query,
  first: PulledPage,
  plan: PagePlan,
): Promise<boolean> {
  if (largerPagesWithinBudget(first, plan, parts.pacer.budgetLeft())) return true;
  if (!mayGrow(first, plan)) return false;
  const probe = largerFirstPage(query);
  return isStored(parts, options, probe.path(endpoint), probe.toParams(endpoint));
}
