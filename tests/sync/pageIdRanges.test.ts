import { PageIdRanges } from "../../src/sync/pageIdRanges";
import { gatherPageChunk } from "../../src/table/pageChunk";
import { rowShapeOf } from "../../src/rows/rowShape";

/** A page of brands with these ids, as a pull stages it. */
const page = (ids: readonly number[]) =>
  gatherPageChunk(
    ids.map((id) => ({ name: `brand ${id}`, id })),
    rowShapeOf({ endpoint: "brands" }),
  );

describe("a pull's pages' id ranges", () => {
  it("gives the gaps between pages that hold a whole number, in page order", () => {
    const ranges = new PageIdRanges("id");
    for (const ids of [[1, 2, 4], [5, 9], [12], [13, 20]]) ranges.see(page(ids));
    expect(ranges.unordered).toBeUndefined();
    expect(ranges.severalPages).toBe(true);
    expect(ranges.gaps()).toEqual([[9, 12]]);
  });

  it("has no gaps to go by when the query sorts otherwise, or the ids do not come ascending, and keeps the ids when asked", () => {
    expect(new PageIdRanges("-name").unordered).toBe("the query sorts by -name, not by id");
    const ranges = new PageIdRanges("id", true);
    ranges.see(page([1, 3]));
    ranges.see(page([2, 4]));
    expect(ranges.unordered).toMatch(/did not come as whole numbers ascending, though sort=id was asked/);
    expect([...ranges.seen!]).toEqual([1, 3, 2, 4]);
    const single = new PageIdRanges("id");
    single.see(page([1, 5]));
    expect(single.severalPages).toBe(false);
  });
});
