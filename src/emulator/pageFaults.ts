/**
 * Faults that make a page disagree with the others, as a service whose data changes during a pull
 * (or whose paginator is off) answers: in terms of the collection, not of any client.
 */
export type PageFaultKind = "recordsInserted" | "recordsDeleted" | "emptyPage" | "lastPage";

export const PAGE_FAULT_KINDS: readonly PageFaultKind[] = ["recordsInserted", "recordsDeleted", "emptyPage", "lastPage"];

/** How one page's answer departs from the collection as it stands. */
export interface PageView {
  /** records counted in meta.total beyond the collection's own (negative: fewer) */
  readonly totalDelta: number;
  /** where the page's records are read from, relative to where they would be */
  readonly shift: number;
  /** the page answers `data: []`, its meta unchanged */
  readonly empty: boolean;
  /** meta.last_page as said, whatever meta.total implies */
  readonly lastPage?: number;
}

export interface PageFaultRule {
  kind: string;
  count?: number;
  lastPage?: number;
}

/**
 * - recordsInserted: `count` records (default 1) were added at the front of the collection before
 *   this request: meta.total grows by `count`, and the page starts `count` records earlier, so it
 *   repeats the end of the page before it.
 * - recordsDeleted: `count` records were removed from the front: meta.total shrinks, the page starts
 *   `count` records later, and records between the pages are never served.
 * - emptyPage: `data: []` with meta as usual.
 * - lastPage: meta.last_page says `lastPage` (understated or absurd).
 */
export function pageViewOf(rule: PageFaultRule | null | undefined): PageView | undefined {
  if (!rule || !(PAGE_FAULT_KINDS as readonly string[]).includes(rule.kind)) return undefined;
  const count = rule.count ?? 1;
  switch (rule.kind as PageFaultKind) {
    case "recordsInserted":
      return { totalDelta: count, shift: -count, empty: false };
    case "recordsDeleted":
      return { totalDelta: -count, shift: count, empty: false };
    case "emptyPage":
      return { totalDelta: 0, shift: 0, empty: true };
    case "lastPage":
      return { totalDelta: 0, shift: 0, empty: false, lastPage: rule.lastPage ?? 1 };
  }
}
