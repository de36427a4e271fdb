import type { PulledPage } from "../pull/envelope";
import type { StagedCounts } from "./types";
import { IncompletePullError } from "./types";
import { APIConnectionError, APIError, DataNotFoundError, InconsistentPagesError, RateLimitExceededError, ServerError } from "../errors";

export const NOT_COMMITTED = "nothing of it was committed: the rows and marks are as they were";

/**
 * Whether a pull saw every record of its query: its pages came 1, 2, ... up to the last page its
 * first one announced (under `onErrors: "warn"` a page that failed after its retries is skipped),
 * meta.total stayed put, and the records staged add up to it, each id once (pages shift when
 * records are added or removed during a pull: ids then come twice, or never). A first page that
 * says neither meta.total nor a later meta.last_page cannot tell a whole pull from its first page
 * (WIRE.md's envelope always has both): it is refused, however many records it holds.
 */
export class PageAudit {
  #first: { total: number | undefined; lastPage: number } | undefined;
  #nextPage = 1;
  #records = 0;

  constructor(private readonly what: string) {}

  /** One page as it arrives, holding `records` records. */
  see(page: Pick<PulledPage, "page" | "total" | "lastPage">, records: number): void {
    if (page.page !== this.#nextPage) this.#fail(`${this.#skipped(page.page - 1)} (failed after its retries, or never answered)`);
    if (this.#first === undefined) {
      if (page.total === undefined && page.lastPage <= page.page)
        this.#fail(`page ${page.page} said neither meta.total nor a meta.last_page beyond it: whether it holds every record is unknown`);
      this.#first = { total: page.total, lastPage: page.lastPage };
    } else if (page.total !== this.#first.total)
      this.#fail(`meta.total moved from ${this.#first.total} to ${page.total} on page ${page.page}: the data changed during the pull`);
    this.#nextPage = page.page + 1;
    this.#records += records;
  }

  /** The end of the pull, with what was staged of it. */
  finish(staged: StagedCounts): void {
    const first = this.#first;
    if (first === undefined) return; // no records: the query matched none
    if (this.#nextPage <= first.lastPage) this.#fail(`${this.#skipped(first.lastPage)} (the pull ended before its last page)`);
    if (first.total !== undefined && this.#records !== first.total)
      this.#fail(`received ${this.#records} records where meta.total promised ${first.total}`);
    if (staged.missingIds > 0) this.#fail(`${staged.missingIds} records came without an id`);
    if (staged.ids !== staged.rows)
      this.#fail(
        `${staged.rows - staged.ids} ids came twice among ${staged.rows} records (pages shifted: records were added or removed during the pull)`,
      );
  }

  /**
   * What a pull's failure says of the sync: pages that disagreed, or a page after the first that
   * failed (its status and the service's words kept), are a pull not whole, the error its cause.
   * A first page the service refused (a bad token, an unknown id: 4xx) is the pull's error as it
   * is; one that failed on the service's side or on the way (5xx, 429, no answer, a malformed one)
   * is a pull not whole too.
   */
  failed(error: unknown): unknown {
    if (error instanceof InconsistentPagesError)
      return new IncompletePullError(`${this.what}: ${error.message}`, NOT_COMMITTED, { cause: error });
    if (error instanceof APIError && (this.#first !== undefined || failedOnTheWay(error)))
      return new IncompletePullError(`${this.what}: page ${this.#nextPage} failed: ${error.message}`, NOT_COMMITTED, { cause: error });
    return error;
  }

  #skipped(last: number): string {
    return last === this.#nextPage ? `page ${last} was skipped` : `pages ${this.#nextPage}-${last} were skipped`;
  }

  #fail(why: string): never {
    throw new IncompletePullError(`${this.what}: ${why}`, NOT_COMMITTED);
  }
}

/** A request that failed on the service's side or on the way (5xx, 429, no answer, a malformed one), not one the service refused (4xx). */
function failedOnTheWay(error: APIError): boolean {
  return (
    error instanceof ServerError || error instanceof APIConnectionError || error instanceof RateLimitExceededError || error.status === 200
  );
}

/**
 * A first page that came back without records is the query matching none only when its meta says
 * so (`total` 0, no later page): a page emptied on the way, or one whose meta promised records, is
 * a pull not whole, and with no meta at all (WIRE.md's envelope always has it) which it is cannot
 * be told. Returns whether `error` was such a page and says none; throws IncompletePullError where
 * it does not.
 */
export function matchedNone(error: unknown, what: string): boolean {
  if (!(error instanceof DataNotFoundError)) return false;
  const total = error.meta?.total;
  const lastPage = error.meta?.last_page;
  if (total === undefined && lastPage === undefined)
    throw new IncompletePullError(
      `${what}: page 1 came back without records and said neither meta.total nor meta.last_page: whether the query matches none is unknown`,
      NOT_COMMITTED,
    );
  if ((typeof total === "number" && total > 0) || (typeof lastPage === "number" && lastPage > 1))
    throw new IncompletePullError(
      `${what}: page 1 came back without records while its meta said ${metaSaid({ total, last_page: lastPage })}`,
      NOT_COMMITTED,
    );
  return true;
}

/** What a page's meta said, as "total 5 and last_page 2" (the parts it has). */
function metaSaid(meta: Record<string, unknown>): string {
  return Object.entries(meta)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name} ${String(value)}`)
    .join(" and ");
}
