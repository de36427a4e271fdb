import type { DataFrame } from "danfojs-node";
import { ColumnsCache } from "../cache/columnsCache";
import { ValidationError } from "../errors";
import { frameFromTableCells } from "../frame/finishTable";
import { preloadDataFrameClass } from "../frame/danfo";
import { setField } from "../table/flattenRecords";
import { dropPageColumns, gatherPageChunk, holdPageColumns, markPulledPage, reorderedChunk } from "../table/pageChunk";
import type { Query } from "../query/query";
import type { ColumnTable, JsonRecord, PageChunk, RowShape } from "../table/types";
import { FrameBuilder, rowShapeOf } from "../rows/rowShape";
import { VERSION } from "../version";
import { recordCount, recordsOf, type PageBody, type PulledPage, type RecordPage } from "./envelope";
import type { RowsOfPage } from "../frame/recordsToFrame";
import { inFlight, pullPages, sizedQuery, type PullOutcome } from "./pages";
import type { PullOptions, PullParts } from "./parts";
import { request } from "./request";

const FRAME_LOOKAHEAD_FACTOR = 4;

/**
 * One call's reads: the client's shared parts with the options as they were when the call began.
 * Each method is one way of taking a pull's pages: as a frame, as records, as pages, or one body.
 */
export class Pull {
  readonly #parts: PullParts;
  readonly #options: PullOptions;

  constructor(parts: PullParts, options: PullOptions) {
    this.#parts = parts;
    this.#options = { ...options };
  }

  /**
   * A frame: each page joins the frame's columns as a column chunk as it arrives (pages after the
   * first maybe decoded by workers). With a cache, the frame's finished columns are kept too, and a re-pull whose
   * responses are all unchanged is made from them (FrameColumns, below).
   */
  async frame(endpoint: string, query: Query, stackData: boolean): Promise<DataFrame> {
    preloadDataFrameClass();
    const columns = FrameColumns.of(this.#parts, this.#options, endpoint, query, stackData);
    return (await columns?.frame()) ?? (await this.#pulledFrame(endpoint, query, stackData, columns));
  }

  async #pulledFrame(endpoint: string, query: Query, stackData: boolean, columns: FrameColumns | undefined): Promise<DataFrame> {
    const builder = new FrameBuilder({ stackData, endpoint });
    const wanted = { window: this.#lookahead(), resizable: true, columns: rowShapeOf({ stackData, endpoint }) };
    const pages = pullPages(this.#parts, this.#options, endpoint, query, wanted);
    const fields = fieldsToOrder(query);
    let next: IteratorResult<PulledPage, PullOutcome>;
    while (!(next = await pages.next()).done) {
      const { body } = next.value;
      builder.addRows(fields ? bodyInFieldOrder(body, fields) : body, next.value.endpoint);
      if (next.value.rowsAhead) builder.expectRows(next.value.rowsAhead);
    }
    const table = builder.toTable();
    // the columns were made for this frame alone: it keeps them without copies
    const frame = await frameFromTableCells(table, undefined, table.data);
    await columns?.keep(table, next.value);
    return frame;
  }

  /**
   * The pages for a consumer that reads columns (a sync): decoded straight to column chunks where
   * they can be (by worker threads when worth it); a page that could not (the first, a fallback
   * body) comes as records. Page size fixed, as `pages` has it.
   */
  columnPages(endpoint: string, query: Query, stackData: boolean): AsyncGenerator<PulledPage, PullOutcome> {
    const wanted = { window: this.#lookahead(), columns: rowShapeOf({ stackData, endpoint }) };
    return pullPages(this.#parts, this.#options, endpoint, query, wanted);
  }

  /** Every record of the pull, in page order. */
  async records(endpoint: string, query: Query): Promise<JsonRecord[]> {
    const records: JsonRecord[] = [];
    const pages = withRecords(pullPages(this.#parts, this.#options, endpoint, query, { window: this.#lookahead(), resizable: true }));
    for await (const page of pagesInFieldOrder(pages, query.fields)) records.push(...page.records);
    return records;
  }

  /** The pages as they arrive; requests never run more than the in-flight bound ahead of the consumer. */
  pages(endpoint: string, query: Query, stackData = false): AsyncGenerator<RecordPage, void> {
    // pages are cut at a fixed size, so the same pull from a later page holds the same records
    const sized = sizedQuery(query, this.#options);
    const { page: _page, ...params } = sized.toParams(endpoint);
    const startPage = query.page ?? 1;
    return markResumable(this.#pagesOf(endpoint, query, stackData), {
      identity: {
        endpoint,
        baseUrl: this.#parts.baseUrl(),
        params,
        startPage,
        maxPages: query.maxPages,
        ...(stackData ? { stackData } : {}),
      },
      from: (page) => this.#pagesOf(endpoint, continuedAt(sized, page), stackData),
    });
  }

  /**
   * The pages decoded to columns (by the one decoder, on threads when the pull chose them), each
   * handed on with its records made when asked (keys in the asked `fields` order). With fields asked
   * in an order of their own, a page's columns are put in that order, held beside the page only when
   * page 1 shows that this is the order its reordered records gather to.
   */
  async *#pagesOf(endpoint: string, query: Query, stackData: boolean): AsyncGenerator<RecordPage, void> {
    const shape = rowShapeOf({ stackData, endpoint });
    const fields = fieldsToOrder(query);
    const wanted = { window: inFlight(this.#options), columns: shape, keepBytes: true };
    let columnsHeld = true;
    for await (const pulled of pullPages(this.#parts, this.#options, endpoint, query, wanted)) {
      const { body } = pulled;
      const records = fields ? () => recordsOf(body).map((record) => recordInFieldOrder(record, fields)) : () => recordsOf(body);
      let chunk = body.kind === "columns" ? body.chunk : gatherPageChunk(body.records, shape);
      if (fields) {
        chunk = chunkInFieldOrder(chunk, fields);
        if (body.kind === "records") columnsHeld = sameNames(gatherPageChunk(records(), shape).names, chunk.names);
      }
      yield pageWithColumns(pulled, records, columnsHeld ? chunk : undefined, shape, stackData);
    }
  }

  /** Every page of a pull as it arrives, with no bound but the in-flight one (the tool list). */
  allPages(endpoint: string, query: Query): AsyncGenerator<RecordPage, void> {
    return withRecords(pullPages(this.#parts, this.#options, endpoint, query, { window: Infinity }));
  }

  /** One body (a tool's answer) as `accept` takes it: it throws on a 200 that is not the answer asked for (read again). */
  get<T>(path: string, params: Record<string, string | number>, accept: (body: unknown) => T): Promise<T> {
    return request(this.#parts, this.#options, { path, params, signal: this.#parts.closing, accept });
  }

  /**
   * How far a frame's requests may run ahead of the page being read: beyond the in-flight bound, so
   * one slow page does not hold back the ones after it, yet never every page queued at once.
   */
  #lookahead(): number {
    return inFlight(this.#options) * FRAME_LOOKAHEAD_FACTOR;
  }
}

/**
 * A page of `pages()`: its records, made when first asked for (parsed from the page's bytes), and
 * until then its rows as columns held beside it (table/pageChunk.ts), which FrameBuilder and the
 * writers take instead. Once the records are handed out they are the page: the columns are let go.
 */
function pageWithColumns(
  pulled: PulledPage,
  recordsOfPage: () => JsonRecord[],
  chunk: PageChunk | undefined,
  shape: RowShape,
  stackData: boolean,
): RecordPage {
  const { body, rowsAhead, endpoint, page: number, total, lastPage } = pulled;
  const page = { endpoint, page: number, total, lastPage } as RecordPage;
  let records: JsonRecord[] | undefined;
  Object.defineProperty(page, "records", {
    enumerable: true,
    configurable: true,
    get: () => {
      dropPageColumns(page);
      return (records ??= recordsOfPage());
    },
    set: (value: JsonRecord[]) => {
      dropPageColumns(page);
      records = value;
    },
  });
  if (stackData) page.stackData = true;
  markPulledPage(page);
  if (chunk) holdPageColumns(page, { chunk, shape, recordCount: recordCount(body), ...(rowsAhead ? { rowsAhead } : {}) });
  return page;
}

/**
 * A page's rows in the asked fields' order, for the frame. Each page is put in order as it comes, as
 * `pages()` puts them, so a column first seen on a later page follows the earlier ones on every path.
 */
function bodyInFieldOrder(body: PageBody, fields: readonly string[]): RowsOfPage {
  return body.kind === "records"
    ? { kind: "records", records: body.records.map((record) => recordInFieldOrder(record, fields)) }
    : { kind: "columns", chunk: chunkInFieldOrder(body.chunk, fields) };
}

/** A page's columns in the asked fields' order (namesInFieldOrder): the chunk itself when they are. */
export function chunkInFieldOrder(chunk: PageChunk, fields: readonly string[]): PageChunk {
  const ordered = namesInFieldOrder(chunk.names, fields);
  if (!ordered) return chunk;
  const position = new Map(chunk.names.map((name, at) => [name, at]));
  return reorderedChunk(
    chunk,
    Int32Array.from(ordered, (name) => position.get(name)!),
  );
}

const sameNames = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((name, at) => name === b[at]);

/** The pages as callers see them: their records. */
async function* withRecords(pages: AsyncGenerator<PulledPage, unknown>): AsyncGenerator<RecordPage, void> {
  for await (const { body, ...page } of pages) yield { ...page, records: recordsOf(body) };
}

/** The same pull from `page` on: a later start, and what is left of its maxPages. */
function continuedAt(query: Query, page: number): Query {
  const start = query.page ?? 1;
  const last = query.maxPages === undefined ? Infinity : start + query.maxPages - 1;
  if (!Number.isSafeInteger(page) || page < start || page > last)
    throw new ValidationError(
      "page",
      `a pull continues from one of its own pages: a whole number from ${start}${last === Infinity ? "" : ` to ${last}`}, got ${JSON.stringify(page)}`,
    );
  if (page === start) return query;
  return query.withPage({ page, maxPages: last === Infinity ? undefined : last - page + 1 });
}

// `fields` as asked: the service answers with its own key order, so columns and record keys are put
// in the order the user gave. A column belongs to a field when it is that field or was flattened
// from it (`brand` → `brand_name`); columns of no field keep their order, after the asked ones.

/** The asked fields when their order is the user's to give (two or more). */
function fieldsToOrder(query: Query): readonly string[] | undefined {
  return query.fields && query.fields.length > 1 ? query.fields : undefined;
}

function rankOf(name: string, fields: readonly string[]): number {
  const exact = fields.indexOf(name);
  if (exact >= 0) return exact;
  const parent = fields.findIndex((field) => name.startsWith(`${field}_`));
  return parent >= 0 ? parent : fields.length;
}

/** `names` in the asked order, or undefined when they already are (or no fields were asked). */
export function namesInFieldOrder(names: readonly string[], fields: readonly string[] | undefined): string[] | undefined {
  if (!fields || fields.length < 2) return undefined;
  const ordered = names
    .map((name, position) => ({ name, position, rank: rankOf(name, fields) }))
    .sort((a, b) => a.rank - b.rank || a.position - b.position)
    .map(({ name }) => name);
  return ordered.every((name, position) => name === names[position]) ? undefined : ordered;
}

/** The same record with its keys in the asked order. */
function recordInFieldOrder<T extends object>(record: T, fields: readonly string[]): T {
  const ordered = namesInFieldOrder(Object.keys(record), fields);
  if (!ordered) return record;
  const source = record as JsonRecord;
  const copy: JsonRecord = {};
  for (const key of ordered) setField(copy, key, source[key]);
  return copy as T;
}

/** A pull's pages with each record's keys in the asked order (the pages themselves when no order was asked). */
function pagesInFieldOrder<P extends { readonly records: readonly object[] }>(
  pages: AsyncGenerator<P, void>,
  fields: readonly string[] | undefined,
): AsyncGenerator<P, void> {
  if (!fields || fields.length < 2) return pages;
  return reordered(pages, fields);
}

async function* reordered<P extends { readonly records: readonly object[] }>(
  pages: AsyncGenerator<P, void>,
  fields: readonly string[],
): AsyncGenerator<P, void> {
  for await (const page of pages) yield { ...page, records: page.records.map((record) => recordInFieldOrder(record, fields)) };
}

/**
 * Raised when the kept-columns file or the way a frame is made from pages changes, so that older
 * entries are not read. 2: Arrow IPC; 3: its names in the schema metadata, lone surrogates kept;
 * 4: the columns in the asked fields' order page by page (before: the service's, sorted at the end).
 */
const COLUMNS_FORMAT = 4;

/**
 * A frame pull's finished columns in the response cache, under a key made of everything that decides
 * the frame: the pull's query as its first page is asked (endpoint, filters, fields, include, page
 * size), where it starts and how many pages it may take, stackData, the library's version, the
 * service and the credential. A re-pull whose responses are all still stored, fresh and unchanged
 * gets its frame from them without a request and without parsing a page; otherwise the pull runs as
 * usual and, when it ends whole, keeps its columns for the next.
 */
class FrameColumns {
  readonly #columns: ColumnsCache;
  readonly #key: string;

  private constructor(columns: ColumnsCache, key: string) {
    this.#columns = columns;
    this.#key = key;
  }

  /** The columns of this frame pull, or undefined when the client keeps no cache. */
  static of(parts: PullParts, options: PullOptions, endpoint: string, query: Query, stackData: boolean): FrameColumns | undefined {
    const cache = parts.cache(options.cache);
    if (!cache) return undefined;
    const sized = sizedQuery(query, options);
    const key = cache.key(parts.baseUrl(), sized.path(endpoint), {
      ...sized.toParams(endpoint),
      "fountframe[columns]": `${COLUMNS_FORMAT} ${VERSION}`,
      "fountframe[stack_data]": stackData ? 1 : 0,
      "fountframe[max_pages]": query.maxPages ?? 0,
      "fountframe[single_page]": query.isSinglePage() ? 1 : 0,
    });
    return new this(new ColumnsCache(cache), key);
  }

  /** The frame from the kept columns, or undefined when there are none still valid. */
  async frame(): Promise<DataFrame | undefined> {
    const decoded = await this.#columns.read(this.#key);
    // the arrays were made for this frame alone: it keeps them without copies
    return decoded && frameFromTableCells(decoded, undefined, decoded.data);
  }

  /** Keeps the pull's finished table when the pull ended whole (every page, no warning). */
  async keep(table: ColumnTable, outcome: PullOutcome): Promise<void> {
    if (outcome.whole) await this.#columns.keep(this.#key, table, outcome.entries);
  }
}

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
