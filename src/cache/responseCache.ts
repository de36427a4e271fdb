import { createHash } from "node:crypto";
import { chmod } from "node:fs/promises";
import { join } from "node:path";
import type Cacache from "cacache";
import { ValidationError } from "../errors";
import { serializeParams } from "../transport/transport";
import { CONTENT_FOLDER, ensurePrivateFolder, INDEX_FOLDER, removeCacheFolders } from "./cacheFolder";

export interface CacheSettings {
  /** the cache's directory (created when first written) */
  dir: string;
  /** an entry older than this is fetched again; default one day */
  maxAgeMs?: number;
}

/** What the index says of an entry. */
export interface EntryInfo {
  integrity: string;
  /** when it was written, ms since the epoch */
  time: number;
  metadata: unknown;
}

export const DEFAULT_CACHE_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const KEY_VERSION = "fountframe-v1";
const PRIVATE_FILE = 0o600;
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
 * every entry's files are made 0600 as soon as cacache has written them (cacache has no mode
 * option, and a umask would change every file the process writes meanwhile).
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

  /** Writes the entry (with `metadata` in its index line, when given) and makes its files private. */
  async put(key: string, body: Buffer | string, metadata?: unknown): Promise<void> {
    await this.#privateFolder();
    const cacache = await loadCacache();
    const integrity = await cacache.put(this.#dir, key, body, {
      algorithms: [CONTENT_HASH],
      ...(metadata === undefined ? {} : { metadata }),
    });
    await Promise.all(
      [this.#contentFile(String(integrity)), this.#indexFile(key)].map((path) => chmod(path, PRIVATE_FILE).catch(() => undefined)),
    );
  }

  /** `put`, a failure only a warning: a cache that cannot be written never fails a pull. */
  async write(key: string, body: Buffer | string, metadata?: unknown): Promise<void> {
    await this.put(key, body, metadata).catch((error: Error) => {
      process.emitWarning(`fountframe: the response cache in ${this.#dir} could not be written: ${error.message}`);
    });
  }

  /** Removes one entry (its content stays until `clear` or cacache's verify). */
  async remove(key: string): Promise<void> {
    await (await loadCacache()).rm.entry(this.#dir, key).catch(() => undefined);
  }

  #privateFolder(): Promise<void> {
    return (this.#checked ??= ensurePrivateFolder(this.#dir));
  }

  /** Where cacache keeps the content of `integrity` (`<algorithm>-<base64 digest>`): content-v2/<algorithm>/<hex: 2>/<2>/<rest>. */
  #contentFile(integrity: string): string {
    const dash = integrity.indexOf("-");
    const hex = Buffer.from(integrity.slice(dash + 1), "base64").toString("hex");
    return join(this.#dir, CONTENT_FOLDER, integrity.slice(0, dash), hex.slice(0, 2), hex.slice(2, 4), hex.slice(4));
  }

  #indexFile(key: string): string {
    const hashed = createHash("sha256").update(key).digest("hex");
    return join(this.#dir, INDEX_FOLDER, hashed.slice(0, 2), hashed.slice(2, 4), hashed.slice(4));
  }

  /** Removes every entry of the directory, and their contents; nothing else in it. */
  async clear(): Promise<void> {
    await removeCacheFolders(this.#dir);
  }

  /** Removes every entry of the cache directory `settings` name (all users' and services'); a ValidationError without one. */
  static async clear(settings: CacheSettings | false): Promise<void> {
    if (!settings) throw new ValidationError("cache", "no cache is set: give the client `cache: { dir }` first");
    await new ResponseCache(settings, "").clear();
  }
}
