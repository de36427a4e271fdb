import { availableParallelism } from "node:os";
import { threadsForPull, WORKER_MIN_CELLS } from "../../src/pull/parts";

const record = (columns: number) => Object.fromEntries(Array.from({ length: columns }, (_, i) => [`c${i}`, i]));
const AUTO = availableParallelism() < 2 ? 0 : Math.min(8, Math.max(2, availableParallelism() - 1));
const wide = [{ ...record(300), brand: record(40) }];

describe("threadsForPull", () => {
  it("keeps small pulls, single pages and threads: 0 on the main thread", () => {
    expect(threadsForPull("auto", wide, 1_000, 9)).toBe(0);
    expect(threadsForPull("auto", wide, 1_000_000, 0)).toBe(0);
    expect(threadsForPull(0, wide, 1_000_000, 99)).toBe(0);
  });

  it("gives a big pull of wide records the automatic count, and a set count to any multi-page pull", () => {
    expect(threadsForPull("auto", wide, Math.ceil(WORKER_MIN_CELLS / 340), 99)).toBe(AUTO);
    expect(threadsForPull(3, [record(5)], 200, 1)).toBe(3);
  });

  it("counts an included object's keys as columns", () => {
    const narrowTop = [{ id: 1, brand: record(200) }];
    expect(threadsForPull("auto", narrowTop, 100_000, 99)).toBe(AUTO);
  });
});
