import type { DataFrame } from "danfojs-node";
import { ColumnsCache } from "../cache";
import { frameFromTableCells, type ColumnTable } from "../frame";
import type { Query } from "../query";
import { VERSION } from "../version";
import { sizedQuery, type PullOutcome } from "./pagePipeline";
import type { PullOptions, PullParts } from "./parts";

/** Raised when the kept-columns file (2: Arrow IPC) or the way a frame is made from pages changes: older entries are not read. */
const COLUMNS_FORMAT = 2;

/**
 * A frame pull's finished columns in the response cache, under a key made of everything that decides
 * the frame: the pull's query as its first page is asked (endpoint, filters, fields, include, page
 * size), where it starts and how many pages it may take, stackData, the library's version, the
 * service and the credential. A re-pull whose responses are all still stored, fresh and unchanged
 * gets its frame from them without a request and without parsing a page; otherwise the pull runs as
 * usual and, when it ends whole, keeps its columns for the next.
 */
export class FrameColumns {
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
    return new FrameColumns(new ColumnsCache(cache), key);
  }

  /** The frame from the kept columns, or undefined when there are none still valid. */
  async frame(): Promise<DataFrame | undefined> {
    const decoded = await this.#columns.read(this.#key);
    // the arrays were made for this frame alone: it keeps them without copies
    return decoded && frameFromTableCells(decoded.table, decoded.rows, decoded.table.data);
  }

  /** Keeps the pull's finished table (`rows`: the same cells row by row) when the pull ended whole (every page, no warning). */
  async keep(table: ColumnTable, rows: readonly (readonly unknown[])[], outcome: PullOutcome): Promise<void> {
    if (outcome.whole) await this.#columns.keep(this.#key, table, outcome.entries, rows);
  }
}
