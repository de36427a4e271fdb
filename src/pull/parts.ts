import { ResponseCache, type CacheSettings } from "../cache/responseCache";
import type { QueryWarnings } from "./pullWarnings";
import { availableParallelism } from "node:os";
import { DecodePool, autoThreads, decodeWorkerScript } from "../decode/decodePool";
import { MANY_CORES } from "../threads/manyCores";
import type { JsonRecord } from "../table/types";
import type { ProgressDisplay } from "../progress/progressDisplay";
import type { RateLimitPacer } from "../transport/rateLimitPacer";
import type { Transport } from "../transport/transport";

/** The client's options a pull reads, copied when the call starts: setting them later changes the next calls only. */
export interface PullOptions {
  readonly perPage: number;
  readonly verbose: boolean;
  readonly batchSize: number;
  readonly nWorkers: number;
  readonly retries: number;
  readonly retryBaseDelayMs: number;
  readonly timeout: number;
  readonly maxWaitMs: number;
  readonly onErrors: "warn" | "raise";
  readonly cache: CacheSettings | false;
  readonly threads: ThreadsOption;
  /** a run of many pulls of one query (a sync): its warnings about the query, given once */
  readonly queryWarnings?: QueryWarnings;
}

/**
 * What every pull of one client shares: its transport, rate pacer, progress display, closing
 * signal, response cache (one per cache setting) and worker pool (started on first use).
 */
export class PullParts {
  readonly transport: Transport;
  readonly pacer: RateLimitPacer;
  readonly progress: ProgressDisplay;
  /** aborted when the client closes: every request, wait and stream rejects with its reason */
  readonly closing: AbortSignal;
  /** what tells users' cache entries apart (hashed, never stored) */
  readonly #credential: string;
  #cache: { settings: CacheSettings; cache: ResponseCache } | undefined;
  #decodePool: DecodePool | undefined;

  constructor(init: { transport: Transport; pacer: RateLimitPacer; progress: ProgressDisplay; closing: AbortSignal; credential: string }) {
    this.transport = init.transport;
    this.pacer = init.pacer;
    this.progress = init.progress;
    this.closing = init.closing;
    this.#credential = init.credential;
  }

  /** The response cache of these settings (one kept while the settings stay the same), undefined for none. */
  cache(settings: CacheSettings | false): ResponseCache | undefined {
    if (!settings) return undefined;
    if (this.#cache?.settings !== settings) this.#cache = { settings, cache: new ResponseCache(settings, this.#credential) };
    return this.#cache.cache;
  }

  /** The client's worker pool, started with `threads` workers on first use; undefined for none. */
  decodePool(threads: number): DecodePool | undefined {
    if (threads <= 0) return undefined;
    const script = decodeWorkerScript();
    if (!script) return undefined;
    this.#decodePool ??= new DecodePool(threads, script);
    return this.#decodePool;
  }

  baseUrl(): string {
    return this.transport.baseUrl();
  }

  /** The full address of a request, for messages. */
  url(path: string, params: Record<string, string | number>): string {
    return this.transport.url(path, params);
  }

  async close(): Promise<void> {
    this.transport.close();
    await this.#decodePool?.close();
  }
}

export type ThreadsOption = "auto" | number;

/**
 * Below this many cells (records × flattened columns, estimated from the first page) a pull's pages
 * are decoded on the main thread: a worker's start and the copies would cost more than they save.
 */
export const WORKER_MIN_CELLS = 2_000_000;
// With MANY_CORES or more, decoding in parallel pays. On fewer, the main thread decodes every page
// itself: the page scanner reads wide records as cheaply as narrow ones ("Issue 33, third pass":
// 100,000 × 372 on 2 cores, CPU × 0.78 and wall × 0.92 against two threads).

/** Worker threads to decode the rest of a frame's pull with (`cores`: the machine's); 0 keeps it on the main thread. */
export function threadsForPull(
  threads: ThreadsOption,
  first: readonly JsonRecord[],
  total: number | undefined,
  pagesLeft: number,
  cores = availableParallelism(),
): number {
  if (pagesLeft <= 0 || threads === 0) return 0;
  if (threads !== "auto") return threads;
  if (cores < MANY_CORES) return 0;
  const width = flatWidth(first[0] ?? {});
  return (total ?? 0) * width < WORKER_MIN_CELLS ? 0 : autoThreads();
}

/** Columns a record makes, counting an included object's keys (one level down is enough to tell). */
function flatWidth(record: JsonRecord): number {
  let width = 0;
  for (const key in record) {
    const value = record[key];
    width += value !== null && typeof value === "object" && !Array.isArray(value) ? Object.keys(value).length : 1;
  }
  return width;
}
