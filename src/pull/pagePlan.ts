import type { Envelope } from "./envelope";

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
  let lastPage = Math.max(start, impliedLastPage ?? first.lastPage ?? start);
  if (request.maxPages !== undefined) lastPage = Math.min(lastPage, start + request.maxPages - 1);
  plan.lastPage = lastPage;
  if (first.total !== undefined && perPage) {
    const before = (start - 1) * perPage;
    plan.expectedRecords = Math.max(0, Math.min(first.total - before, (lastPage - start + 1) * perPage));
  }
  return plan;
}
