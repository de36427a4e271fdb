import { EarlyPull } from "../../src/sync/earlyPull";

/** A pull started before it is read: the same pages in order, its error where it is read, let go unread. */
describe("EarlyPull", () => {
  async function* pages(asked: number[], fail?: number): AsyncGenerator<number> {
    try {
      for (let page = 1; page <= 4; page++) {
        asked.push(page);
        if (page === fail) throw new Error(`page ${page} failed`);
        yield page;
      }
    } finally {
      asked.push(0);
    }
  }

  it("asks its first two pages before it is read, then hands on every page in order", async () => {
    const asked: number[] = [];
    const early = new EarlyPull(pages(asked));
    await new Promise((resolve) => setImmediate(resolve));
    expect(asked).toEqual([1, 2]);
    const read: number[] = [];
    for await (const page of early) read.push(page);
    expect(read).toEqual([1, 2, 3, 4]);
    expect(asked).toEqual([1, 2, 3, 4, 0]);
  });

  it("throws a page's error where the pull is read, not before", async () => {
    const early = new EarlyPull(pages([], 2));
    await new Promise((resolve) => setImmediate(resolve));
    const read: number[] = [];
    await expect(
      (async () => {
        for await (const page of early) read.push(page);
      })(),
    ).rejects.toThrow("page 2 failed");
    expect(read).toEqual([1]);
  });

  it("lets go of a pull never read", async () => {
    const asked: number[] = [];
    const early = new EarlyPull(pages(asked));
    early.cancel();
    await new Promise((resolve) => setImmediate(resolve));
    // ended (its finally ran) without asking a page beyond the two asked early
    expect(asked[asked.length - 1]).toBe(0);
    expect(asked).not.toContain(3);
  });
});
