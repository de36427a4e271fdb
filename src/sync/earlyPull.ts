const ignore = (): void => undefined;

/**
 * A pull started before its pages are read: its first page is asked for now, then the second, which
 * sends the requests after it as far as the pull runs ahead of its reader; so the service answers
 * while the store commits. Its pages are read later, in order, as they would have been (an error
 * of the pull is thrown where it is read). `cancel` lets go of a pull that will not be read.
 */
export class EarlyPull<T> implements AsyncIterable<T> {
  readonly #pages: AsyncIterator<T>;
  #ahead: Promise<IteratorResult<T>>[];

  constructor(pages: AsyncIterable<T>) {
    this.#pages = pages[Symbol.asyncIterator]();
    const first = this.#pages.next();
    const second = first.then((result) => (result.done ? result : this.#pages.next()));
    first.catch(ignore);
    second.catch(ignore);
    this.#ahead = [first, second];
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T> {
    try {
      const ahead = this.#ahead;
      this.#ahead = [];
      for (const page of ahead) {
        const result = await page;
        if (result.done) return;
        yield result.value;
      }
      for (let result = await this.#pages.next(); !result.done; result = await this.#pages.next()) yield result.value;
    } finally {
      await this.#pages.return?.();
    }
  }

  /** Ends the pull unread (its requests let go once the page it waits for is in). */
  cancel(): void {
    this.#ahead = [];
    this.#pages.return?.().catch(ignore);
  }
}
