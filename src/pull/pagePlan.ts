// Which pages a pull asks for, decided from what its first pages said: pure, no request made here.
import { sliceChunk } from "../table/pageChunk";
import { MAX_PER_PAGE } from "../query/query";
import { idAt, recordCount, type Envelope, type PageBody, type PulledPage } from "./envelope";

/** Which pages a pull asks for, decided from its first page. */
export interface PagePlan {
  /** the first page requested */
  start: number;
  /** the last page to request: at most what meta.total implies, and within maxPages */
  lastPage: number;
  /** records per page, as the service said (or as asked) */
  perPage: number | undefined;
  /** meta.total of the first page */
  total: number | undefined;
  /** records the planned pages should hold, when meta.total says */
  expectedRecords: number | undefined;
  /** the first page's own inconsistency: a last_page that meta.total does not imply */
  lastPageMismatch?: string;
  /** the first page said neither meta.total nor meta.last_page, and the pull asked for more than one page */
  lengthUnsaid?: boolean;
}

export interface PlanRequest {
  start: number;
  /** one request only (an item, maxPages 1, or a page without perPage) */
  singlePage: boolean;
  perPage: number | undefined;
  maxPages: number | undefined;
}

/**
 * The page count is ceil(total / per_page): meta.total is the count the pages are cut from, while
 * a last_page above it (200,000 for 250 records) would send a request per phantom page and one
 * below it would drop records. Without a total, last_page is all there is.
 */
export function planPages(first: Envelope, request: PlanRequest): PagePlan {
  const { start } = request;
  const perPage = first.perPage ?? request.perPage;
  const plan: PagePlan = { start, lastPage: start, perPage, total: first.total, expectedRecords: undefined };
  if (request.singlePage) return plan;
  const impliedLastPage = first.total !== undefined && perPage ? Math.max(1, Math.ceil(first.total / perPage)) : undefined;
  if (impliedLastPage !== undefined && first.lastPage !== undefined && first.lastPage !== impliedLastPage) {
    plan.lastPageMismatch = `page ${start} said last_page ${first.lastPage}, but its total ${first.total} at ${perPage} per page makes ${impliedLastPage} page(s); pages were requested by total`;
  }
  plan.lengthUnsaid = first.total === undefined && first.lastPage === undefined && (request.maxPages ?? 2) > 1;
  let lastPage = Math.max(start, impliedLastPage ?? first.lastPage ?? start);
  if (request.maxPages !== undefined) lastPage = Math.min(lastPage, start + request.maxPages - 1);
  plan.lastPage = lastPage;
  if (first.total !== undefined && perPage) {
    const before = (start - 1) * perPage;
    plan.expectedRecords = Math.max(0, Math.min(first.total - before, (lastPage - start + 1) * perPage));
  }
  return plan;
}

/**
 * Whether the pages still to fetch exceed the rate budget left (X-RateLimit-Remaining, less what
 * was sent since), so that larger pages are worth asking for. False when they fit, no limit is
 * known, the pull is not from page 1 at a smaller size, or meta.total is unknown.
 */
export function largerPagesWithinBudget(first: PulledPage, plan: PagePlan, budgetLeft: number | undefined): boolean {
  return budgetLeft !== undefined && plan.lastPage - plan.start > budgetLeft && mayGrow(first, plan);
}

/** A pull from page 1, at a full page smaller than MAX_PER_PAGE, with more pages and a known meta.total. */
export function mayGrow(first: PulledPage, plan: PagePlan): boolean {
  if (plan.start !== 1 || first.total === undefined || plan.lastPage <= plan.start) return false;
  return plan.perPage !== undefined && plan.perPage < MAX_PER_PAGE && recordCount(first.body) === plan.perPage;
}

/**
 * What page 1 asked at MAX_PER_PAGE settles, from what the service gave: its meta.per_page (a
 * service may cap its pages lower), meta.total, and the ids of the records already held, which must
 * lead it. `plan`: the rest of the pull at the larger size, checked as one pull from record 0, with
 * `lead` (the larger page's records not yet held) handed on first. Without a plan the pull goes on
 * at its own page size, as if nothing had been asked; then `servedAsHeld` says the service serves
 * the pull's own size whatever is asked (the pages asked at MAX_PER_PAGE are the pull's own), and
 * `keep` whether the larger page's answer may be kept in the cache.
 */
export type LargerPages = { plan: PagePlan; lead: PageBody } | { plan: undefined; servedAsHeld: boolean; keep: boolean };

export function largerPages(first: PulledPage, larger: Envelope): LargerPages {
  const total = first.total!;
  const held = recordCount(first.body);
  const count = recordCount(larger.body);
  const served = larger.perPage ?? (count < total ? count : MAX_PER_PAGE);
  const full = count === Math.min(served, total);
  const leads = leadsWith(larger.body, first.body);
  if (served <= held || !full || larger.total !== total || !leads) {
    const same = full && larger.total === total;
    return { plan: undefined, keep: served <= held && same, servedAsHeld: served === held && same && leads };
  }
  const plan: PagePlan = { start: 1, lastPage: Math.ceil(total / served), perPage: served, total, expectedRecords: total };
  return { plan, lead: withoutLeading(larger.body, held) };
}

/**
 * The pages after page 1 at MAX_PER_PAGE that fit beside the larger first page in flight: pages
 * the rest will ask for whatever size the service says it serves (a service that caps its pages
 * at 250 answers page 2 with records 251-500, as the plan then counts them).
 */
export function headStartPages(total: number, window: number, inFlight: number): number[] {
  const count = Math.min(Math.ceil(total / MAX_PER_PAGE) - 1, inFlight - 1, window);
  return Array.from({ length: Math.max(0, count) }, (_, at) => at + 2);
}

/** The pages after the first at the pull's own size that the stream would ask for at once. */
export function nextPages(plan: PagePlan, window: number, inFlight: number): number[] {
  const count = Math.min(plan.lastPage - plan.start, inFlight, window);
  return Array.from({ length: Math.max(0, count) }, (_, at) => plan.start + 1 + at);
}

/** The larger page starts with the records already held, by id (records without ids cannot be told apart: trusted by count). */
function leadsWith(larger: PageBody, held: PageBody): boolean {
  for (let at = 0; at < recordCount(held); at++) {
    const id = idAt(held, at);
    if (id === undefined || id === null || typeof id === "object") continue;
    if (idAt(larger, at) !== id) return false;
  }
  return true;
}

/** The page without its first `from` records (their rows cut from its columns too). */
function withoutLeading(body: PageBody, from: number): PageBody {
  if (body.kind === "records") return { kind: "records", records: body.records.slice(from) };
  return { kind: "columns", chunk: sliceChunk(body.chunk, from), ids: body.ids.slice(from) };
}
