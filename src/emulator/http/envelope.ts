/** Laravel's LengthAwarePaginator as JSON: the `links` and `meta` around a page of records. */
import type { PageView } from "../pageFaults";

export interface PageRequest {
  readonly page: number;
  readonly perPage: number;
  readonly total: number;
  /** the collection's address without a query */
  readonly path: string;
  /** every query parameter but page */
  readonly linkParams: ReadonlyArray<readonly [string, string]>;
  /** a page fault's departure from the collection (pageFaults.ts) */
  readonly view?: PageView;
}

interface MetaLink {
  url: string | null;
  /** the pagination page: a page's number as a JSON number; "&laquo; Previous", "...", "Next &raquo;" as text */
  label: string | number;
  active: boolean;
}

const ON_EACH_SIDE = 3;

/** PHP's urlencode, as http_build_query writes the paginator's URLs. */
const phpEncode = (text: string): string =>
  encodeURIComponent(text)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, "+");

export const lastPageOf = (total: number, perPage: number): number => Math.max(1, Math.ceil(total / perPage));

type Bounded = Pick<PageRequest, "page" | "perPage" | "total" | "view">;

/** meta.total as the page says it. */
const saidTotal = (request: Bounded): number => Math.max(0, request.total + (request.view?.totalDelta ?? 0));

/** The page's first and last ordinal (0-based, end excluded) among the records meta.total counts. */
function saidBounds(request: Bounded): [number, number] {
  const total = saidTotal(request);
  const start = Math.min((request.page - 1) * request.perPage, total);
  return [start, Math.min(start + request.perPage, total)];
}

/** The first and last ordinal (0-based, end excluded) of the collection's records on the page. */
export function pageBounds(request: Bounded): [number, number] {
  const [start, end] = saidBounds(request);
  const view = request.view;
  if (!view) return [start, end];
  if (view.empty) return [0, 0];
  const clamp = (ordinal: number) => Math.min(request.total, Math.max(0, ordinal + view.shift));
  return [clamp(start), clamp(end)];
}

function pageUrl(request: PageRequest, page: number): string {
  const query = [...request.linkParams, ["page", String(page)] as const]
    .map(([key, value]) => `${phpEncode(key)}=${phpEncode(value)}`)
    .join("&");
  return `${request.path}?${query}`;
}

const range = (from: number, to: number): number[] => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

/** Laravel's UrlWindow: every page when few, otherwise both ends and a slider with "..." between. */
function windowElements(current: number, last: number): Array<number[] | "..."> {
  if (last < ON_EACH_SIDE * 2 + 8) return [range(1, last)];
  const window = ON_EACH_SIDE + 4;
  if (current <= window) return [range(1, window + ON_EACH_SIDE), "...", range(last - 1, last)];
  if (current > last - window) return [range(1, 2), "...", range(last - (window + ON_EACH_SIDE - 1), last)];
  return [range(1, 2), "...", range(current - ON_EACH_SIDE, current + ON_EACH_SIDE), "...", range(last - 1, last)];
}

function metaLinks(request: PageRequest, last: number): MetaLink[] {
  const { page } = request;
  const links: MetaLink[] = [{ url: page > 1 ? pageUrl(request, page - 1) : null, label: "&laquo; Previous", active: false }];
  for (const element of windowElements(page, last)) {
    if (element === "...") links.push({ url: null, label: "...", active: false });
    else for (const n of element) links.push({ url: pageUrl(request, n), label: n, active: n === page });
  }
  links.push({ url: page < last ? pageUrl(request, page + 1) : null, label: "Next &raquo;", active: false });
  return links;
}

/** `,"links":{…},"meta":{…}` to follow the data array of a collection answer. */
export function envelopeTail(request: PageRequest): string {
  const last = request.view?.lastPage ?? lastPageOf(saidTotal(request), request.perPage);
  const [start, end] = saidBounds(request);
  const links = {
    first: pageUrl(request, 1),
    last: pageUrl(request, last),
    prev: request.page > 1 ? pageUrl(request, request.page - 1) : null,
    next: request.page < last ? pageUrl(request, request.page + 1) : null,
  };
  const meta = {
    current_page: request.page,
    from: end > start ? start + 1 : null,
    last_page: last,
    links: metaLinks(request, last),
    path: request.path,
    per_page: request.perPage,
    to: end > start ? end : null,
    total: saidTotal(request),
  };
  return `,"links":${JSON.stringify(links)},"meta":${JSON.stringify(meta)}`;
}

/** A whole collection answer from the page's records already serialised. */
export function collectionBody(recordsJson: readonly string[], request: PageRequest): string {
  return `{"data":[${recordsJson.join(",")}]${envelopeTail(request)}}`;
}
