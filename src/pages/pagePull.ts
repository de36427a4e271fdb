import { setMaxListeners } from "node:events";
import pLimit from "p-limit";
import { DataNotFoundError, FountError } from "../errors";
import type { Query } from "../query";
import type { JsonRecord } from "../frame";
import type { ProgressHandle } from "../progress/progressDisplay";
import { readEnvelope } from "./envelope";

export interface RecordPage {
  page: number;
  records: JsonRecord[];
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
  /** fetches one page's body */
  fetch(query: Query, signal: AbortSignal): Promise<unknown>;
  endpoint: string;
  /** most requests in flight for this pull */
  inFlight: number;
  onErrors: "warn" | "raise";
  progress: ProgressHandle;
  /** the client's closing: once aborted, the pull sends nothing more and rejects with its reason */
  signal?: AbortSignal;
}

/** The first request: its records are kept and its meta tells how many pages remain. */
export async function fetchFirstPage(query: Query, settings: PullSettings, singlePage: boolean): Promise<{ first: RecordPage; rest: number[] }> {
  const start = query.page ?? 1;
  const firstQuery = query.id === undefined ? query.withPage({ page: start }) : query;
  const body = await settings.fetch(firstQuery, abortable(settings.signal));
  const envelope = readEnvelope(body, settings.endpoint);
  if (envelope.records.length === 0) {
    throw new DataNotFoundError(`${settings.endpoint}: the query returned no records (${describe(query, settings.endpoint)})`);
  }
  let lastPage = start;
  if (query.id === undefined && !singlePage && envelope.lastPage !== undefined) {
    lastPage = Math.max(start, envelope.lastPage);
    if (query.maxPages !== undefined) lastPage = Math.min(lastPage, start + query.maxPages - 1);
  }
  const rest: number[] = [];
  for (let page = start + 1; page <= lastPage; page += 1) rest.push(page);
  settings.progress.setTotal(rest.length + 1);
  settings.progress.tick(envelope.records.length);
  return { first: { page: start, records: envelope.records, total: envelope.total, lastPage }, rest };
}

/**
 * The remaining pages, pipelined: at most `inFlight` requests at once, a new one as soon as one
 * ends; pages come out in page order. `window` bounds how far requests run ahead of the consumer.
 */
export async function* streamPages(
  query: Query,
  pages: readonly number[],
  lastPage: number,
  window: number,
  settings: PullSettings,
): AsyncGenerator<RecordPage, PageFailure[]> {
  const limit = pLimit(settings.inFlight);
  const controller = new AbortController();
  // every request in flight and its retry wait listen on this one signal
  setMaxListeners(0, controller.signal);
  const onOuterAbort = () => controller.abort(settings.signal?.reason);
  settings.signal?.addEventListener("abort", onOuterAbort, { once: true });
  const started = new Map<number, Promise<RecordPage | PageFailure>>();
  const failures: PageFailure[] = [];
  let nextIndex = 0;
  const startMore = (consumed: number) => {
    while (nextIndex < pages.length && nextIndex - consumed < window) {
      const page = pages[nextIndex++];
      started.set(page, limit(() => fetchOne(query, page, lastPage, settings, controller.signal)));
    }
  };
  try {
    for (let consumed = 0; consumed < pages.length; consumed += 1) {
      // the consumer may come back after the client closed: pages already fetched are not handed out
      settings.signal?.throwIfAborted();
      startMore(consumed);
      const page = pages[consumed];
      const outcome = await started.get(page)!;
      started.delete(page);
      settings.signal?.throwIfAborted();
      if ("error" in outcome) {
        if (settings.onErrors === "raise" || !(outcome.error instanceof FountError)) throw outcome.error;
        failures.push(outcome);
      } else {
        yield outcome;
      }
    }
    settings.signal?.throwIfAborted();
    return failures;
  } finally {
    // queued pages see the abort and return at once (clearQueue would leave their promises pending)
    controller.abort();
    settings.signal?.removeEventListener("abort", onOuterAbort);
    await Promise.allSettled(started.values());
  }
}

async function fetchOne(query: Query, page: number, lastPage: number, settings: PullSettings, signal: AbortSignal): Promise<RecordPage | PageFailure> {
  if (signal.aborted) return { page, error: signal.reason as Error };
  try {
    const body = await settings.fetch(query.withPage({ page }), signal);
    const envelope = readEnvelope(body, settings.endpoint);
    settings.progress.tick(envelope.records.length);
    return { page, records: envelope.records, total: envelope.total, lastPage };
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
