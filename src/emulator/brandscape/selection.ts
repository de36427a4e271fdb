import type { BrandscapeCriteria } from "./criteria";
import type { BrandscapeLayout } from "./layout";

/**
 * The rows a query matches, as runs of one (audience, study) block each: the block's first row
 * index and either a count of its leading rows or the brand positions that match. Nothing per
 * row is held unless a filter must look at single rows' values.
 */
export class Selection {
  /** ordinal (0-based place in the answer) of each run's first row, then the total */
  private readonly runStarts: number[] = [0];
  private readonly runBases: number[] = [];
  private readonly runPositions: Array<Int32Array | null> = [];

  get total(): number {
    return this.runStarts[this.runStarts.length - 1];
  }

  get runCount(): number {
    return this.runBases.length;
  }

  addRun(base: number, count: number, positions: Int32Array | null): void {
    if (count <= 0) return;
    this.runBases.push(base);
    this.runPositions.push(positions);
    this.runStarts.push(this.total + count);
  }

  /** Row indices of the ordinals [from, to), walking the runs from a binary search. */
  rowIndices(from: number, to: number): number[] {
    const indices: number[] = [];
    let run = this.runAt(from);
    for (let ordinal = from; ordinal < Math.min(to, this.total); ordinal++) {
      while (ordinal >= this.runStarts[run + 1]) run++;
      const within = ordinal - this.runStarts[run];
      const positions = this.runPositions[run];
      indices.push(this.runBases[run] + (positions ? positions[within] : within));
    }
    return indices;
  }

  /** Every row index, in order; for sorting and row-level filters only. */
  allRowIndices(): Int32Array {
    const all = new Int32Array(this.total);
    let next = 0;
    for (let run = 0; run < this.runBases.length; run++) {
      const base = this.runBases[run];
      const positions = this.runPositions[run];
      const count = this.runStarts[run + 1] - this.runStarts[run];
      for (let i = 0; i < count; i++) all[next++] = base + (positions ? positions[i] : i);
    }
    return all;
  }

  private runAt(ordinal: number): number {
    let low = 0;
    let high = this.runBases.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.runStarts[middle] <= ordinal) low = middle;
      else high = middle - 1;
    }
    return Math.max(0, low);
  }

  /** A selection of explicit row indices, already in answer order. */
  static ofRowIndices(indices: Int32Array): Selection {
    const selection = new Selection();
    selection.addRun(0, indices.length, indices);
    return selection;
  }
}

function matchingPositions(criteria: BrandscapeCriteria, layout: BrandscapeLayout, studyPosition: number): Int32Array | null {
  if (criteria.brandTests.length === 0) return null;
  const brands = layout.studyBrands[studyPosition];
  const positions: number[] = [];
  for (let position = 0; position < brands.length; position++) {
    if (criteria.brandTests.every((test) => test(brands[position], studyPosition))) positions.push(position);
  }
  return Int32Array.from(positions);
}

/** The runs of a query, audience rank by audience rank, studies in id order: the id order. */
export function selectRows(criteria: BrandscapeCriteria, layout: BrandscapeLayout): Selection {
  const selection = new Selection();
  const ranksInUse = layout.audienceRanksInUse;
  const ranks = criteria.audienceRanks ?? Array.from({ length: ranksInUse }, (_, rank) => rank);
  const positionsByStudy = criteria.studyPositions.map((position) => matchingPositions(criteria, layout, position));

  for (const rank of ranks) {
    if (rank >= ranksInUse) break;
    criteria.studyPositions.forEach((studyPosition, i) => {
      const base = layout.blockStart(rank, studyPosition);
      const rowsLeft = layout.rowCount - base;
      if (rowsLeft <= 0) return;
      const size = Math.min(layout.studyBrands[studyPosition].length, rowsLeft);
      const positions = positionsByStudy[i];
      if (positions === null) selection.addRun(base, size, null);
      else {
        const cut = size < layout.studyBrands[studyPosition].length ? positions.filter((p) => p < size) : positions;
        selection.addRun(base, cut.length, cut);
      }
    });
  }
  if (criteria.rowTests.length === 0) return selection;
  const kept = selection.allRowIndices().filter((rowIndex) => criteria.rowTests.every((test) => test(rowIndex)));
  return Selection.ofRowIndices(kept);
}
