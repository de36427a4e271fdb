/** Small whole-number ids (the usual kind) go in a bitset: a million ids cost 125 KB, not a Set's ~40 MB. */
const BITSET_LIMIT = 2 ** 27;

/** The record ids one pull has seen. */
export class IdSet {
  #bits = new Uint8Array(1024);
  readonly #others = new Set<unknown>();

  /** Adds `id`; false when it was there already. */
  add(id: unknown): boolean {
    if (typeof id === "number" && Number.isInteger(id) && id >= 0 && id < BITSET_LIMIT) return this.#addSmall(id);
    if (this.#others.has(id)) return false;
    this.#others.add(id);
    return true;
  }

  #addSmall(id: number): boolean {
    const byte = id >>> 3;
    if (byte >= this.#bits.length) {
      const grown = new Uint8Array(Math.max(this.#bits.length * 2, byte + 1));
      grown.set(this.#bits);
      this.#bits = grown;
    }
    const mask = 1 << (id & 7);
    if (this.#bits[byte] & mask) return false;
    this.#bits[byte] |= mask;
    return true;
  }
}
