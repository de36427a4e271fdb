import { InconsistentPagesError } from "../errors";
import { idValue } from "../table/columnType";
import { idAt, recordCount, type PageBody } from "./envelope";
import type { PagePlan } from "./pagePlan";

export const INCONSISTENT_PAGES_WARNING = "FOUNTFRAME_INCONSISTENT_PAGES";
export const INCONSISTENT_PAGES_ADVICE =
  "The service's data changed during the pull, or it paginates inconsistently; pull again, or pin the query (e.g. by study).";

/** What one page said about the whole result. */
export interface PageReport {
  page: number;
  body: PageBody;
  total: number | undefined;
  lastPageSaid: number | undefined;
}

const MAX_IDS_SHOWN = 5;

/**
 * Checks every page of a pull against the first: meta.total and last_page must not change, no page
 * before the last may be empty, the records must add up to meta.total, and no id may come twice.
 * "raise" throws at the first disagreement; "warn" gathers them for one warning at the end.
 */
export class PageChecker {
  readonly #endpoint: string;
  readonly #raise: boolean;
  readonly #plan: PagePlan;
  readonly #first: PageReport;
  readonly #ids = new IdSet();
  /** "changed to X" → the pages that said X */
  readonly #totalChanges = new Map<number | undefined, number[]>();
  readonly #lastPageChanges = new Map<number | undefined, number[]>();
  readonly #duplicateIds: unknown[] = [];
  readonly #pagesWithDuplicates = new Set<number>();
  #duplicateCount = 0;
  #received = 0;
  #emptyPage: number | undefined;
  readonly #notes: string[] = [];
  #disagreed = false;

  constructor(endpoint: string, onErrors: "warn" | "raise", plan: PagePlan, first: PageReport) {
    this.#endpoint = endpoint;
    this.#raise = onErrors === "raise";
    this.#plan = plan;
    this.#first = first;
    if (plan.lastPageMismatch) this.#disagree(plan.lastPageMismatch);
    const held = recordCount(first.body);
    // WIRE.md's envelope always says both: without them a full first page may be all there is, or the first of many
    if (plan.lengthUnsaid && plan.perPage && held >= plan.perPage)
      this.#disagree(
        `page ${first.page} said neither meta.total nor meta.last_page and held a full page (${held} records): only it was read, and the data may go on`,
      );
    this.#countRecords(first);
  }

  /** Checks one page, in page order; false when the pull must stop here (an empty page). */
  check(page: PageReport): boolean {
    if (page.total !== this.#first.total) this.#changed(this.#totalChanges, "meta.total", this.#first.total, page);
    if (page.lastPageSaid !== this.#first.lastPageSaid)
      this.#changed(this.#lastPageChanges, "meta.last_page", this.#first.lastPageSaid, page);
    if (recordCount(page.body) === 0) {
      this.#emptyPage = page.page;
      this.#disagree(this.#emptyMessage(page.page));
      return false;
    }
    this.#countRecords(page);
    return true;
  }

  /** Whether `finish` found the pages disagreeing (or an empty page stopped the pull). */
  get disagreed(): boolean {
    return this.#disagreed || this.#emptyPage !== undefined;
  }

  /** The end of a pull: the count against meta.total, then every disagreement, for the pull's one warning ("raise" throws). */
  finish(skippedPages: number): string[] {
    const expected = this.#plan.expectedRecords;
    if (skippedPages === 0 && this.#emptyPage === undefined && expected !== undefined && this.#received !== expected) {
      this.#disagree(`received ${this.#received} records where meta.total (${this.#plan.total}) promised ${expected}`);
    }
    const notes = this.#summary();
    this.#disagreed = notes.length > 0;
    if (notes.length && this.#raise) throw new InconsistentPagesError(this.#endpoint, notes);
    return notes;
  }

  #countRecords({ page, body }: PageReport): void {
    const count = recordCount(body);
    this.#received += count;
    let duplicatesHere = 0;
    for (let at = 0; at < count; at++) {
      const id = idAt(body, at);
      if (id === undefined || id === null || typeof id === "object") continue;
      if (this.#ids.add(id)) continue;
      duplicatesHere++;
      if (this.#duplicateIds.length < MAX_IDS_SHOWN) this.#duplicateIds.push(id);
    }
    if (duplicatesHere) {
      this.#duplicateCount += duplicatesHere;
      this.#pagesWithDuplicates.add(page);
      if (this.#raise) this.#disagree(this.#duplicatesMessage());
    }
  }

  #changed(changes: Map<number | undefined, number[]>, field: string, firstValue: number | undefined, page: PageReport): void {
    const value = field === "meta.total" ? page.total : page.lastPageSaid;
    const pages = changes.get(value) ?? [];
    pages.push(page.page);
    changes.set(value, pages);
    if (this.#raise)
      this.#disagree(
        `${field} changed during the pull: page ${this.#first.page} said ${said(firstValue)}, page ${page.page} said ${said(value)}`,
      );
  }

  #emptyMessage(page: number): string {
    return `page ${page} came back empty before the last page (${this.#plan.lastPage}); ${this.#received} of ${this.#plan.expectedRecords ?? "?"} records had arrived, and the pull stopped there`;
  }

  #duplicatesMessage(): string {
    const shown = this.#duplicateIds.join(", ") + (this.#duplicateCount > this.#duplicateIds.length ? ", …" : "");
    return `${this.#duplicateCount} record(s) came twice (ids ${shown}; on page(s) ${[...this.#pagesWithDuplicates].join(", ")})`;
  }

  #disagree(note: string): void {
    if (this.#raise) throw new InconsistentPagesError(this.#endpoint, [note]);
    this.#notes.push(note);
  }

  #summary(): string[] {
    const notes: string[] = [];
    const describe = (field: string, firstValue: number | undefined, changes: Map<number | undefined, number[]>) => {
      if (!changes.size) return;
      const later = [...changes].map(([value, pages]) => `page(s) ${pages.join(", ")} said ${said(value)}`).join(", ");
      notes.push(`${field} changed during the pull: page ${this.#first.page} said ${said(firstValue)}, ${later}`);
    };
    describe("meta.total", this.#first.total, this.#totalChanges);
    describe("meta.last_page", this.#first.lastPageSaid, this.#lastPageChanges);
    notes.push(...this.#notes);
    if (this.#duplicateCount) notes.push(this.#duplicatesMessage());
    return notes;
  }
}

/** Small whole-number ids (the usual kind) go in a bitset: a million ids cost 125 KB, not a Set's ~40 MB. */
const BITSET_LIMIT = 2 ** 27;

/**
 * The record ids one pull has seen. An id is compared as a sync stages it: numeric text (the
 * table's rule, parseNumericString: "1", "1.0", "+1", "1e0", but not "01", " 1" or "0x1") is the
 * number it reads as, so `1` and `"1"` are one id, `1` and `"01"` two.
 */
class IdSet {
  #bits = new Uint8Array(1024);
  readonly #others = new Set<unknown>();

  /** Adds `id`; false when it was there already. */
  add(id: unknown): boolean {
    id = idValue(id);
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

/** A meta count as a page said it: undefined where it held none that is a whole number >= 0. */
function said(value: number | undefined): string {
  return value === undefined ? "none (no whole number >= 0)" : String(value);
}
