import { createHash } from "node:crypto";
import type Cacache from "cacache";
import { ValidationError } from "../errors";
import { serializeParams } from "../transport/transport";
import { ensurePrivateFolder, removeCacheFolders, writeEntry } from "./cacheFolder";

export interface CacheSettings {
  /** the cache's directory (created when first written) */
  dir: string;
  /** an entry older than this is fetched again; default one day */
  maxAgeMs?: number;
}

/** The code of the warning a cache write that failed gives (the pull goes on without it). */
export const CACHE_NOT_WRITTEN_WARNING = "FOUNTFRAME_CACHE_NOT_WRITTEN";
/** What the index says of an entry. */
export interface EntryInfo {
  integrity: string;
  /** when it was written, ms since the epoch */
  time: number;
  metadata: unknown;
}

export const DEFAULT_CACHE_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const KEY_VERSION = "fountframe-v1";
/**
 * The hash that names and checks each entry's content. cacache's default, SHA-512, costs 3× as much
 * where the processor hashes SHA-256 itself (2.1 against 0.7 s of CPU for the 1 GB of a 100,000-row
 * wide pull); SHA-256 is as collision-resistant as a local cache needs (it only has to catch a
 * changed byte, in a folder only its user can write). Entries written with another algorithm (the
 * SHA-512 of earlier versions) are read and checked with theirs: cacache reads the algorithm from
 * each entry's integrity.
 */
const CONTENT_HASH = "sha256";

/** Loaded with the first cache read or write: a client without a cache does not pay its import (~60 ms). */
let loading: Promise<typeof Cacache> | undefined;
const loadCacache = (): Promise<typeof Cacache> =>
  (loading ??= import("cacache").then((module) => ((module as { default?: typeof Cacache }).default ?? module) as typeof Cacache));

/**
 * Response bodies on disk (cacache: content-addressed, atomic writes, integrity-checked reads),
 * keyed by the service's base URL, a hash of the credential, the path and every query parameter.
 * The credential itself is never written: its SHA-256 only tells two users' entries apart.
 * The entries hold licensed data fetched with a user's token: the folder is created 0700 (and
 * refused when someone else could plant files or links in it: ensurePrivateFolder) and
 * every entry's files are created 0600 (cacheFolder.ts: written in cacache's layout, which cacache
 * reads and checks).
 */
export class ResponseCache {
  readonly #dir: string;
  readonly #maxAgeMs: number;
  readonly #credentialHash: string;
  /** the folder's check, once per cache (a failed one is kept: every write then warns) */
  #checked: Promise<void> | undefined;

  /** `credential`: the token, or what stands for it with a caller's own axios instance. */
  constructor(settings: CacheSettings, credential: string) {
    this.#dir = settings.dir;
    this.#maxAgeMs = settings.maxAgeMs ?? DEFAULT_CACHE_MAX_AGE_MS;
    this.#credentialHash = createHash("sha256").update(credential).digest("hex").slice(0, 16);
  }

  get dir(): string {
    return this.#dir;
  }

  /** Whether an entry written at `time` (ms since the epoch) is still fresh. */
  isFresh(time: number): boolean {
    return Date.now() - time <= this.#maxAgeMs;
  }

  /** The index entry under `key` (its content's integrity, when written, its metadata), fresh or not; no content is read. */
  async info(key: string): Promise<EntryInfo | undefined> {
    // a folder others could have written to is not read either: its entries could be planted
    if (
      !(await this.#privateFolder().then(
        () => true,
        () => false,
      ))
    )
      return undefined;
    const cacache = await loadCacache();
    const info = await cacache.get.info(this.#dir, key).catch(() => null);
    return info ? { integrity: info.integrity, time: info.time, metadata: info.metadata as unknown } : undefined;
  }

  /** The content stored under `integrity`, checked against it (cacache throws when it does not match). */
  async content(integrity: string): Promise<Buffer> {
    return (await (await loadCacache()).get.byDigest(this.#dir, integrity)) as Buffer;
  }

  /** Removes one content (an entry still pointing to it then reads as unreadable). */
  async removeContent(integrity: string): Promise<void> {
    await (await loadCacache()).rm.content(this.#dir, integrity).catch(() => undefined);
  }

  /** The entry's key: version, base URL, credential hash, path, parameters in name order. */
  key(baseUrl: string, path: string, params: Record<string, string | number>): string {
    const sorted = Object.fromEntries(Object.entries(params).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    return `${KEY_VERSION} ${baseUrl.replace(/\/?$/, "/")} ${this.#credentialHash} ${path}?${serializeParams(sorted)}`;
  }

  /** The stored body, or undefined when absent, older than maxAgeMs, or unreadable. */
  async get(key: string): Promise<Buffer | undefined> {
    const info = await this.info(key);
    if (!info || !this.isFresh(info.time)) return undefined;
    try {
      return await this.content(info.integrity);
    } catch {
      return undefined; // content gone or corrupt: fetched again and rewritten
    }
  }

  /** Whether a fresh entry is stored under `key` (its content is not read). */
  async has(key: string): Promise<boolean> {
    const info = await this.info(key);
    return !!info && this.isFresh(info.time);
  }

  /** Writes the entry (with `metadata` in its index line, when given), its files private from the start; returns the content's integrity. */
  async put(key: string, body: Uint8Array | string, metadata?: unknown): Promise<string> {
    await this.#privateFolder();
    return writeEntry(this.#dir, key, typeof body === "string" ? Buffer.from(body) : body, CONTENT_HASH, metadata);
  }

  /** `put`, a failure only a warning (and no integrity): a cache that cannot be written never fails a pull. */
  async write(key: string, body: Uint8Array | string, metadata?: unknown): Promise<string | undefined> {
    return this.put(key, body, metadata).catch((error: Error) => {
      process.emitWarning(`fountframe: the response cache in ${this.#dir} could not be written: ${error.message}`, {
        code: CACHE_NOT_WRITTEN_WARNING,
      });
      return undefined;
    });
  }

  /** Removes one entry (its content stays until `clear` or cacache's verify). */
  async remove(key: string): Promise<void> {
    await (await loadCacache()).rm.entry(this.#dir, key).catch(() => undefined);
  }

  #privateFolder(): Promise<void> {
    return (this.#checked ??= ensurePrivateFolder(this.#dir));
  }

  /** Removes every entry of the directory, and their contents; nothing else in it. */
  async clear(): Promise<void> {
    await removeCacheFolders(this.#dir);
  }

  /** Removes every entry of the cache directory `settings` name (all users' and services'); a ValidationError without one. */
  static async clear(settings: CacheSettings | false): Promise<void> {
    if (!settings) throw new ValidationError("cache", "no cache is set: give the client `cache: { dir }` first");
    await new this(settings, "").clear();
  }
}
