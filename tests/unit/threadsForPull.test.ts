import { availableParallelism } from "node:os";
import { threadsForPull, WORKER_MIN_CELLS } from "../../src/pull/parts";

const record = (columns: number) => Object.fromEntries(Array.from({ length: columns }, (_, i) => [`c${i}`, i]));
// what "auto" gives on a machine of four cores or more (autoThreads: the cores but one, 2 to 8)
const AUTO = Math.min(8, Math.max(2, availableParallelism() - 1));
const wide = [{ ...record(300), brand: record(40) }];
const BIG = Math.ceil(WORKER_MIN_CELLS / 340);

describe("threadsForPull", () => {
  it("keeps small pulls, single pages and threads: 0 on the main thread", () => {
    expect(threadsForPull("auto", wide, 1_000, 9, 8)).toBe(0);
    expect(threadsForPull("auto", wide, 1_000_000, 0, 8)).toBe(0);
    expect(threadsForPull(0, wide, 1_000_000, 99, 8)).toBe(0);
  });

  it("gives a big pull the automatic count on four cores or more, and a set count to any multi-page pull", () => {
    expect(threadsForPull("auto", wide, BIG, 99, 4)).toBe(AUTO);
    expect(threadsForPull("auto", [record(5)], WORKER_MIN_CELLS, 99, 16)).toBe(AUTO);
    expect(threadsForPull(3, [record(5)], 200, 1, 2)).toBe(3);
  });

  it("decodes on the main thread below four cores, however wide or big the pull", () => {
    expect(threadsForPull("auto", wide, BIG * 100, 99, 2)).toBe(0);
    expect(threadsForPull("auto", wide, BIG * 100, 99, 3)).toBe(0);
  });

  it("counts an included object's keys as columns", () => {
    const narrowTop = [{ id: 1, brand: record(200) }];
    expect(threadsForPull("auto", narrowTop, 10_001, 99, 4)).toBe(AUTO);
    expect(threadsForPull("auto", [{ id: 1, brand: 1 }], 10_001, 99, 4)).toBe(0);
  });
});
