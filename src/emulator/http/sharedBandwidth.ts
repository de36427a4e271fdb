/**
 * One link's capacity, shared by every connection: a token bucket on a virtual clock. Each write
 * books its bytes after those already booked; a small bucket lets a writer that woke late catch up
 * with the time it lost, so timer granularity does not eat into the rate.
 */
export class SharedBandwidth {
  /** when (performance.now(), ms) the bytes booked so far have passed through */
  #freeAt = 0;
  readonly #burstMs: number;

  constructor(
    readonly bytesPerSecond: number,
    burstBytes = 64 * 1024,
  ) {
    this.#burstMs = (burstBytes * 1000) / bytesPerSecond;
  }

  /** Books `bytes` on the link: the ms from now until they have passed through it (0 or less: at once). */
  book(bytes: number): number {
    const now = performance.now();
    const start = Math.max(now - this.#burstMs, this.#freeAt);
    this.#freeAt = start + (bytes * 1000) / this.bytesPerSecond;
    return this.#freeAt - now;
  }
}
