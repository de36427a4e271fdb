import type { RecordPage } from "./envelope";

/** What tells one pull apart from another, for an export continued later: never the token. */
export interface PullIdentity {
  readonly endpoint: string;
  /** the service's address */
  readonly baseUrl: string;
  /** the query string less `page` (filters, fields, include, per_page), as sent */
  readonly params: Readonly<Record<string, string | number>>;
  /** the first page the pull asks for */
  readonly startPage: number;
  /** the pull's maxPages, when it has one */
  readonly maxPages: number | undefined;
}

/** A pull that an export can continue: who it is, and the same pull again from a later page. */
export interface ResumablePull {
  readonly identity: PullIdentity;
  /** The same pull's pages from `page` on (at least its start page, within its maxPages). */
  from(page: number): AsyncGenerator<RecordPage, void>;
}

const RESUMABLE = Symbol("fountframe.resumablePull");

/** The pages of a pull, marked as continuable (a generator is lazy: nothing is fetched by marking it). */
export function markResumable<P extends object>(pages: P, pull: ResumablePull): P {
  Object.defineProperty(pages, RESUMABLE, { value: pull, enumerable: false });
  return pages;
}

/** The pull behind pages from `client.pages(...)`, undefined for any other source. */
export function resumableOf(source: unknown): ResumablePull | undefined {
  if (typeof source !== "object" || source === null) return undefined;
  return (source as { [RESUMABLE]?: ResumablePull })[RESUMABLE];
}
