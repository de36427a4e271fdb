import type { PageChunk } from "../table/types";
import { chunkColumn } from "../table/pageChunk";
import { idKey, type IdKey } from "../table/columnType";

/** The sort a sync's pulls ask for: the query's own, else id ascending (the service's usual default, made certain). */
export const pullSort = (options: Record<string, unknown>): string => (options.sort as string | undefined) ?? "id";

/**
 * The smallest and largest id of each page of a pull, in page order. On pages ordered by id
 * ascending, a record the pull never saw though the service had it throughout (the pages shifted
 * under it: a record removed before it, another added) lies in a gap, above one page's largest id
 * and below the next page's smallest (`gaps`); a stored id inside a page's range that the page did
 * not hold is gone. Pages asked in another order, or whose ids did not come as whole numbers
 * ascending, leave no gap to rely on: `unordered` says why, and `seen` holds every id of the pull
 * when `keepIds` asked for it.
 */
export class PageIdRanges {
  /** each page's smallest and largest id, in turn */
  readonly #bounds: number[] = [];
  #unordered: string | undefined;
  readonly #seen: Set<IdKey> | undefined;

  /** `sort`: the sort the pull asked for (pullSort); `keepIds`: keep every id seen, for a pull not in id order */
  constructor(sort: string, keepIds = false) {
    this.#unordered = sort === "id" ? undefined : `the query sorts by ${sort}, not by id`;
    this.#seen = keepIds ? new Set() : undefined;
  }

  /** why the pages are not in id order, if they are not */
  get unordered(): string | undefined {
    return this.#unordered;
  }

  /** whether more than one page came: only then may pages have shifted under a record */
  get severalPages(): boolean {
    return this.#bounds.length > 2;
  }

  /** the ids seen, when kept */
  get seen(): ReadonlySet<IdKey> | undefined {
    return this.#seen;
  }

  /** One page's chunk as it is staged. */
  see = (chunk: PageChunk): void => {
    const ids = chunkColumn(chunk, "id");
    if (ids.length === 0) return;
    let previous = this.#bounds.length > 0 ? this.#bounds[this.#bounds.length - 1] : -Infinity;
    const smallest = Number(idKey(ids[0]));
    let ascending = true;
    for (let row = 0; row < ids.length; row++) {
      const id = idKey(ids[row]);
      this.#seen?.add(id);
      if (!(typeof id === "number" && Number.isSafeInteger(id) && id > previous)) ascending = false;
      previous = Number(id);
    }
    if (!ascending) this.#unordered ??= "its ids did not come as whole numbers ascending, though sort=id was asked";
    this.#bounds.push(smallest, previous);
  };

  /**
   * The gaps between consecutive pages that hold a whole number: each as the largest id of one page
   * and the smallest of the next (ids strictly between them were on no page).
   */
  gaps(): Array<readonly [number, number]> {
    const gaps: Array<readonly [number, number]> = [];
    for (let at = 1; at + 1 < this.#bounds.length; at += 2) {
      const [above, below] = [this.#bounds[at], this.#bounds[at + 1]];
      if (below - above > 1) gaps.push([above, below]);
    }
    return gaps;
  }
}
