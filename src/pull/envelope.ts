// What a pull's pages are: the envelope of one answer, read once, and the page as a pull hands it on.
import { APIError } from "../errors";
import type { JsonRecord, PageChunk } from "../table/types";
import { MALFORMED_BODY } from "../transport/retryPolicy";
import { bodyJson, notRecordsReason } from "../decode/decodeBody";

/** The ids of a page's records, one per record: numbers travel as a Float64Array. */
export type RecordIds = Float64Array | readonly unknown[];

/**
 * What a page carries: the service's records, or its rows as columns (decoded by the page scanner,
 * maybe on a worker thread) with its records' ids, for the page checks, and its bytes when the
 * consumer may ask for its records.
 */
export type PageBody =
  | { readonly kind: "records"; readonly records: JsonRecord[] }
  | { readonly kind: "columns"; readonly chunk: PageChunk; readonly ids: RecordIds; readonly bytes?: Uint8Array };

/** A response body decoded to columns: its page's columns and ids, the answer's `meta`, and its bytes when kept. */
export class DecodedPage {
  constructor(
    readonly chunk: PageChunk,
    readonly ids: RecordIds,
    readonly meta: unknown,
    readonly bytes?: Uint8Array,
  ) {}
}

/** How many records the page holds. */
export const recordCount = (body: PageBody): number => (body.kind === "records" ? body.records.length : body.ids.length);

/** The id of the record at `at` (undefined for a record without one). */
export const idAt = (body: PageBody, at: number): unknown => (body.kind === "records" ? body.records[at]?.id : body.ids[at]);

/**
 * The records of a page: as they came, or parsed from the bytes a page decoded to columns kept (a
 * frame's pull keeps none: it reads the columns alone, and asking it for records is a defect).
 */
export function recordsOf(body: PageBody): JsonRecord[] {
  if (body.kind === "records") return body.records;
  if (!body.bytes) throw new Error("internal: a page decoded to columns was read as records");
  return (bodyJson(body.bytes) as { data: JsonRecord[] }).data;
}

export interface Envelope {
  body: PageBody;
  /** meta.total */
  total?: number;
  /** meta.last_page */
  lastPage?: number;
  /** meta.per_page: the page size the service used */
  perPage?: number;
}

/** Where a page stands: a list's page after its first (`afterFirst`), and whether its route is a list (whose pages never hold one record). */
export interface PagePlace {
  readonly afterFirst?: boolean;
  readonly listRoute?: boolean;
}

/**
 * A Laravel paginator `{ data: [...], meta }` or an item `{ data: {...} }` (not on a list's route,
 * nor on a list's page after its first), or a page a worker thread decoded (its columns, ids and
 * meta). Anything else (no `data`, records that are not objects, a first page without records whose
 * meta says it holds some) is a malformed answer: an APIError with code ERR_MALFORMED_BODY, which a
 * request retries like a body that does not parse.
 */
export function readEnvelope(body: unknown, endpoint: string, { afterFirst = false, listRoute = false }: PagePlace = {}): Envelope {
  if (body instanceof DecodedPage) {
    const { chunk, ids, bytes } = body;
    return { body: bytes ? { kind: "columns", chunk, ids, bytes } : { kind: "columns", chunk, ids }, ...readMeta(body.meta) };
  }
  const data = (body as { data?: unknown } | null)?.data;
  if (Array.isArray(data)) {
    const reason = notRecordsReason(data);
    if (reason) throw malformed(endpoint, reason);
    const meta = readMeta((body as { meta?: unknown }).meta);
    if (data.length === 0 && !afterFirst && promisesRecords(meta, (body as { meta?: { current_page?: unknown } }).meta?.current_page))
      throw malformed(endpoint, `the list's page came back without records while its meta.total says ${meta.total}`);
    return { body: { kind: "records", records: data as JsonRecord[] }, ...meta };
  }
  if (data && typeof data === "object") {
    if (afterFirst) throw malformed(endpoint, "the response's `data` was a record, where a later page of a list holds a list of records");
    if (listRoute) throw malformed(endpoint, "the response's `data` was a record, where a list's route answers a list of records");
    return { body: { kind: "records", records: [data as JsonRecord] }, total: 1, lastPage: 1 };
  }
  const has = body !== null && typeof body === "object" && "data" in body;
  throw malformed(
    endpoint,
    has
      ? `the response's \`data\` was ${data === null ? "null" : typeof data}, not a list of records or a record`
      : "the response had no `data` member",
  );
}

/** A list's page that its own meta says holds records: some match (`total`), and it is not past the last page (a page asked beyond it is empty). */
function promisesRecords(meta: Omit<Envelope, "body">, currentPage: unknown): boolean {
  if (!(meta.total! > 0)) return false;
  const page = count(currentPage);
  return page === undefined || page <= Math.max(1, meta.lastPage ?? 1);
}

function readMeta(meta: unknown): Omit<Envelope, "body"> {
  const said = meta as { total?: unknown; last_page?: unknown; per_page?: unknown } | null | undefined;
  return { total: count(said?.total), lastPage: count(said?.last_page), perPage: count(said?.per_page) };
}

const malformed = (endpoint: string, message: string) => new APIError({ status: 200, url: endpoint, message, code: MALFORMED_BODY });

/** A whole number >= 0 from a meta field (numbers may arrive as numeric strings), else undefined. */
function count(value: unknown): number | undefined {
  if (value === null || value === undefined || value === "") return undefined;
  const number = Number(value);
  return Number.isSafeInteger(number) && number >= 0 ? number : undefined;
}

/** One page as a pull hands it on: what it carries (records, or columns a worker decoded) and where it stands. */
export interface PulledPage {
  endpoint: string;
  page: number;
  body: PageBody;
  /** meta.total: records matching the query (undefined on an unpaginated answer) */
  total: number | undefined;
  /** the last page this pull will fetch */
  lastPage: number;
  /** a frame's first page, when more pages are coming: the rows its pull will hold (at most meta.total), to make room for at once */
  rowsAhead?: number;
}

/** A page as callers of `pages()` see it: its records. */
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

/** A page skipped after its retries (onErrors "warn"). */
export interface PageFailure {
  page: number;
  error: Error;
}
