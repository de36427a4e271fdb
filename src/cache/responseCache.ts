import { createHash } from "node:crypto";
import cacache from "cacache";
import { serializeParams } from "../transport/queryString";

export interface CacheSettings {
  /** the cache's directory (created when first written) */
  dir: string;
  /** an entry older than this is fetched again; default one day */
  maxAgeMs?: number;
}

export const DEFAULT_CACHE_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const KEY_VERSION = "fountframe-v1";

/**
 * Response bodies on disk (cacache: content-addressed, atomic writes, integrity-checked reads),
 * keyed by the service's base URL, a hash of the credential, the path and every query parameter.
 * The credential itself is never written: its SHA-256 only tells two users' entries apart.
 */
export class ResponseCache {
  readonly #dir: string;
  readonly #maxAgeMs: number;
  readonly #credentialHash: string;

  /** `credential`: the token, or what stands for it with a caller's own axios instance. */
  constructor(settings: CacheSettings, credential: string) {
    this.#dir = settings.dir;
    this.#maxAgeMs = settings.maxAgeMs ?? DEFAULT_CACHE_MAX_AGE_MS;
    this.#credentialHash = createHash("sha256").update(credential).digest("hex").slice(0, 16);
  }

  get dir(): string {
    return this.#dir;
  }

  /** The entry's key: version, base URL, credential hash, path, parameters in name order. */
  key(baseUrl: string, path: string, params: Record<string, string | number>): string {
    const sorted = Object.fromEntries(Object.entries(params).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    return `${KEY_VERSION} ${baseUrl.replace(/\/?$/, "/")} ${this.#credentialHash} ${path}?${serializeParams(sorted)}`;
  }

  /** The stored body, or undefined when absent, older than maxAgeMs, or unreadable. */
  async get(key: string): Promise<Buffer | undefined> {
    const info = await cacache.get.info(this.#dir, key).catch(() => null);
    if (!info || Date.now() - info.time > this.#maxAgeMs) return undefined;
    try {
      return (await cacache.get.byDigest(this.#dir, info.integrity)) as Buffer;
    } catch {
      return undefined; // content gone or corrupt: fetched again and rewritten
    }
  }

  async put(key: string, body: Buffer | string): Promise<void> {
    await cacache.put(this.#dir, key, body);
  }

  /** Removes every entry of the directory, and their contents. */
  async clear(): Promise<void> {
    await cacache.rm.all(this.#dir);
  }
}
