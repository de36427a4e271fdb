import { dropLeadingRecords } from "../frame/chunkRecords";
import type { JsonRecord } from "../frame/types";
import { MAX_PER_PAGE, type Query } from "../query";
import { PageChecker } from "./pageConsistency";
import type { PullSettings, RecordPage } from "./pagePull";
import type { PagePlan } from "./pagePlan";

/** The rest of a pull, as streamPages takes it. */
export interface RestOfPull {
  query: Query;
  plan: PagePlan;
  settings: PullSettings;
  checker: PageChecker | undefined;
}

/** Where the first page's records fall at MAX_PER_PAGE: the larger pages still to fetch and the overlap. */
export interface LargerPages {
  /** the last page already held, at MAX_PER_PAGE (the pages after it are fetched) */
  start: number;
  lastPage: number;
  /** records of page start + 1 the first page already holds */
  overlap: number;
}

/**
 * When the pages still to fetch exceed the rate budget left (X-RateLimit-Remaining, less what was
 * sent since), the rest is fetched at MAX_PER_PAGE. Undefined when they fit, no limit is known, the
 * pull is not from page 1 at a smaller size, or meta.total is unknown.
 */
export function largerPagesWithinBudget(first: RecordPage, plan: PagePlan, budgetLeft: number | undefined): LargerPages | undefined {
  const pagesLeft = plan.lastPage - plan.start;
  if (budgetLeft === undefined || pagesLeft <= budgetLeft || plan.start !== 1 || first.total === undefined) return undefined;
  const held = first.records.length;
  if (plan.perPage === undefined || plan.perPage >= MAX_PER_PAGE || held !== plan.perPage) return undefined;
  const start = Math.floor(held / MAX_PER_PAGE);
  return { start, lastPage: Math.ceil(first.total / MAX_PER_PAGE), overlap: held - start * MAX_PER_PAGE };
}

/**
 * The rest of the pull at MAX_PER_PAGE: the larger page holding the first page's records again
 * comes back without them, and every page is checked as one pull from record 0 (meta.total, the
 * larger last_page, ids seen once, the records adding up).
 */
export function restAtLargerPages(query: Query, first: RecordPage, larger: LargerPages, settings: PullSettings): RestOfPull {
  const plan: PagePlan = {
    start: larger.start,
    lastPage: larger.lastPage,
    perPage: MAX_PER_PAGE,
    total: first.total,
    expectedRecords: first.total,
  };
  const overlapPage = larger.start + 1;
  const fetch: PullSettings["fetch"] = async (pageQuery, signal) => {
    const body = await settings.fetch(pageQuery, signal);
    const data = (body as { data?: unknown } | null)?.data;
    if (pageQuery.page !== overlapPage || !Array.isArray(data)) return body;
    return { ...(body as object), data: dropLeadingRecords(data as JsonRecord[], larger.overlap) };
  };
  const checker = new PageChecker(settings.endpoint, settings.onErrors, plan, {
    page: larger.start,
    records: first.records,
    total: first.total,
    lastPageSaid: larger.lastPage,
  });
  settings.progress.setTotal(larger.lastPage - larger.start + 1);
  return { query: query.withPage({ perPage: MAX_PER_PAGE }), plan, settings: { ...settings, fetch }, checker };
}
