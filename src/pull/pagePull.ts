import { setMaxListeners } from "node:events";
import type { LimitFunction } from "p-limit";
import { DataNotFoundError, FountError } from "../errors";
import type { Query } from "../query";
import type { JsonRecord } from "../records";
import type { ProgressHandle } from "../progress/progressDisplay";
import { recordCount, type Envelope } from "./pageChecks";
import type { PageBody } from "./pageChecks";
import { PageChecker } from "./pageChecks";
import { planPages, type PagePlan } from "./pagePlan";
import type { GetSettings } from "../transport/transport";

export interface RecordPage {
  /** the endpoint the records came from: it decides their column names (FrameBuilder, writers) */
  endpoint: string;
  /** the pull asked for stackData: nested lists become rows wherever the page goes (FrameBuilder, writers) */
  stackData?: true;
  page: number;
  records: JsonRecord[];
  /** meta.total: records matching the query (undefined on an unpaginated answer) */
  total: number | undefined;
  /** the last page this pull will fetch */
  lastPage: number;
}

/** One page as a pull passes it on: what it carries (records, or columns a worker decoded) and where it stands. */
export interface PulledPage {
  endpoint: string;
  page: number;
  body: PageBody;
  /** meta.total: records matching the query (undefined on an unpaginated answer) */
  total: number | undefined;
  /** the last page this pull will fetch */
  lastPage: number;
}

export interface PageFailure {
  page: number;
  error: Error;
}

export interface PullSettings {
  /** reads one page: its envelope, checked once; `sending` holds its request while it is on the wire */
  fetch(query: Query, signal: AbortSignal, sending?: GetSettings["sending"]): Promise<Envelope>;
  endpoint: string;
  /** the pull's bound on requests in flight (a p-limit of batchSize × nWorkers) for the pages after the first */
  sending: LimitFunction;
  onErrors: "warn" | "raise";
  progress: ProgressHandle;
  /** the client's closing: once aborted, the pull sends nothing more and rejects with its reason */
  signal?: AbortSignal;
  /** an envelope `fetch` gave passed the pull's checks of its page: the response cache may keep its answer */
  keep?(envelope: Envelope): void;
}

/** What the first request settled: its page, the pages still to fetch, and the checker of the rest. */
export interface FirstPage {
  first: PulledPage;
  plan: PagePlan;
  /** checks the later pages against this one (collections of more than one page) */
  checker: PageChecker | undefined;
}

/** The first request: its records are kept and its meta tells how many pages remain. */
export async function fetchFirstPage(query: Query, settings: PullSettings, singlePage: boolean): Promise<FirstPage> {
  const start = query.page ?? 1;
  const firstQuery = query.id === undefined ? query.withPage({ page: start }) : query;
  const envelope = await settings.fetch(firstQuery, abortable(settings.signal));
  if (recordCount(envelope.body) === 0) {
    throw new DataNotFoundError(`${settings.endpoint}: the query returned no records (${describe(query, settings.endpoint)})`);
  }
  const onePage = singlePage || query.id !== undefined;
  const plan = planPages(envelope, { start, singlePage: onePage, perPage: query.perPage, maxPages: query.maxPages });
  const first: PulledPage = {
    endpoint: settings.endpoint,
    page: start,
    body: envelope.body,
    total: envelope.total,
    lastPage: plan.lastPage,
  };
  const checker = onePage
    ? undefined
    : new PageChecker(settings.endpoint, settings.onErrors, plan, {
        page: start,
        body: envelope.body,
        total: envelope.total,
        lastPageSaid: envelope.lastPage,
      });
  settings.progress.setTotal(plan.lastPage - start + 1);
  settings.progress.tick(recordCount(envelope.body));
  settings.keep?.(envelope);
  return { first, plan, checker };
}

interface FetchedPage {
  page: PulledPage;
  /** the page as read, for the cache to keep its answer once the page passed */
  envelope: Envelope;
}

/** Pages asked for before their plan was settled (`startPages`), for streamPages to go on from. */
export interface HeadStart {
  pages: Map<number, Promise<FetchedPage | PageFailure>>;
  /** every request in flight and its retry wait listen on its signal; aborted when the pages are let go */
  controller: AbortController;
}

/** Asks for `pages` of `query` now, within the pull's bound on requests in flight. */
export function startPages(query: Query, pages: readonly number[], settings: PullSettings): HeadStart {
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  const outer = settings.signal;
  const onOuterAbort = () => controller.abort(outer?.reason);
  outer?.addEventListener("abort", onOuterAbort, { once: true });
  controller.signal.addEventListener("abort", () => outer?.removeEventListener("abort", onOuterAbort), { once: true });
  return { pages: new Map(pages.map((page) => [page, fetchOne(query, page, settings, controller.signal)])), controller };
}

/** Ends pages asked for ahead that the pull does not want after all. */
export async function letGo({ pages, controller }: HeadStart): Promise<void> {
  controller.abort();
  await Promise.allSettled(pages.values());
}

/**
 * The pages after the first, pipelined: at most `settings.sending` allows on the wire at once, a
 * new one as soon as one's body is in (its reading does not hold the slot); pages come out in page
 * order. Pages are scheduled as the window moves, never queued all at once: `window` bounds how far
 * requests run ahead of the consumer. The pull ends at the first empty page; `checker` sees every
 * page. `headStart`: the first pages after `plan.start`, already asked for.
 */
export async function* streamPages(
  query: Query,
  plan: PagePlan,
  window: number,
  settings: PullSettings,
  checker?: PageChecker,
  headStart: HeadStart = startPages(query, [], settings),
): AsyncGenerator<PulledPage, PageFailure[]> {
  const { lastPage } = plan;
  const firstToFetch = plan.start + 1;
  const { pages: started, controller } = headStart;
  const failures: PageFailure[] = [];
  let nextPage = Math.max(firstToFetch, ...[...started.keys()].map((page) => page + 1));
  const startMore = (consumedUpTo: number) => {
    while (nextPage <= lastPage && nextPage - consumedUpTo < window) {
      const page = nextPage++;
      started.set(page, fetchOne(query, page, settings, controller.signal));
    }
  };
  try {
    for (let page = firstToFetch; page <= lastPage; page += 1) {
      // the consumer may come back after the client closed: pages already fetched are not handed out
      settings.signal?.throwIfAborted();
      startMore(page);
      const outcome = await started.get(page)!;
      started.delete(page);
      settings.signal?.throwIfAborted();
      if ("error" in outcome) {
        if (settings.onErrors === "raise" || !(outcome.error instanceof FountError)) throw outcome.error;
        failures.push(outcome);
        continue;
      }
      const report = { page, body: outcome.page.body, total: outcome.page.total, lastPageSaid: outcome.envelope.lastPage };
      const goOn = checker ? checker.check(report) : recordCount(outcome.page.body) > 0;
      if (!goOn) break;
      settings.keep?.(outcome.envelope);
      // counted as handed on: a page asked for ahead and let go is not
      settings.progress.tick(recordCount(outcome.page.body));
      yield { ...outcome.page, lastPage };
    }
    settings.signal?.throwIfAborted();
    return failures;
  } finally {
    // queued pages see the abort and return at once (clearQueue would leave their promises pending)
    await letGo(headStart);
  }
}

/** One page; its `lastPage` is the plan's, set when streamPages hands it on. */
async function fetchOne(query: Query, page: number, settings: PullSettings, signal: AbortSignal): Promise<FetchedPage | PageFailure> {
  if (signal.aborted) return { page, error: signal.reason as Error };
  try {
    const envelope = await settings.fetch(query.withPage({ page }), signal, settings.sending);
    return { page: { endpoint: settings.endpoint, page, body: envelope.body, total: envelope.total, lastPage: page }, envelope };
  } catch (error) {
    return { page, error: error as Error };
  }
}

function abortable(signal?: AbortSignal): AbortSignal {
  return signal ?? new AbortController().signal;
}

function describe(query: Query, endpoint: string): string {
  const params = Object.entries(query.toParams(endpoint)).map(([key, value]) => `${key}=${value}`);
  return params.length ? params.join("&") : "no filters";
}
