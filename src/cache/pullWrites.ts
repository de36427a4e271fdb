import type { ResponseCache } from "./responseCache";

interface HeldAnswer {
  key: string;
  body: Buffer | string;
}

/**
 * One pull's cache writes, held until each page has passed the pull's own checks (not empty
 * before the last, agreeing with the pages before it), so that no page the pull doubted is
 * replayed. A pull whose pages disagree in the end keeps none of them, those read from the cache
 * included: `forget`.
 */
export class PullWrites {
  readonly #cache: ResponseCache;
  /** answers fetched, by their parsed or decoded body, waiting for their page's checks */
  readonly #held = new Map<object, HeldAnswer>();
  /** every entry the pull read or wrote, with the integrity of the content it wrote (once written) */
  readonly #keys = new Map<string, string | undefined>();
  readonly #writes: Promise<void>[] = [];

  constructor(cache: ResponseCache) {
    this.#cache = cache;
  }

  /** An entry the pull read from the cache. */
  read(key: string): void {
    this.#keys.set(key, undefined);
  }

  /** A fetched answer, kept once its page passes (`keep`). */
  hold(body: unknown, key: string, bytes: Buffer | string): void {
    if (body !== null && typeof body === "object") this.#held.set(body, { key, body: bytes });
  }

  /** The page of this body passed its checks: its answer is written (nothing for one read from the cache). */
  keep(body: unknown): void {
    const held = body !== null && typeof body === "object" ? this.#held.get(body) : undefined;
    if (!held) return;
    this.#held.delete(body as object);
    this.#keys.set(held.key, undefined);
    this.#writes.push(
      this.#cache.write(held.key, held.body).then((integrity) => {
        if (this.#keys.has(held.key)) this.#keys.set(held.key, integrity);
      }),
    );
  }

  /**
   * Every entry the pull read or wrote, in the order it did, with the integrity of what it wrote
   * (undefined for an entry read, or a failed write); complete once `settle` is done.
   */
  get entries(): ReadonlyMap<string, string | undefined> {
    return new Map(this.#keys);
  }

  /** Waits for the writes started. */
  async settle(): Promise<void> {
    this.#held.clear();
    await Promise.all(this.#writes.splice(0));
  }

  /** Removes every entry this pull read or wrote. */
  async forget(): Promise<void> {
    await this.settle();
    await Promise.all([...this.#keys.keys()].map((key) => this.#cache.remove(key)));
    this.#keys.clear();
  }
}
