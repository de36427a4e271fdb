import type { BrandscapeCriteria } from "./criteria";
import type { BrandscapeLayout } from "./layout";

/**
 * The rows a query matches, as runs of one (audience, study) block each: the block's first row
 * index and either a count of its leading rows or the cell positions that match. Nothing per
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
    const selection = new this();
    selection.addRun(0, indices.length, indices);
    return selection;
  }
}

function matchingPositions(criteria: BrandscapeCriteria, layout: BrandscapeLayout, studyPosition: number): Int32Array | null {
  if (criteria.cellTests.length === 0) return null;
  const brands = layout.cellBrands[studyPosition];
  const categories = layout.cellCategories[studyPosition];
  const positions: number[] = [];
  for (let position = 0; position < brands.length; position++) {
    if (criteria.cellTests.every((test) => test(brands[position], categories[position], studyPosition))) positions.push(position);
  }
  return Int32Array.from(positions);
}

/** The runs of a query, block by block in row order: the id order. */
export function selectRows(criteria: BrandscapeCriteria, layout: BrandscapeLayout): Selection {
  const selection = new Selection();
  const studyWanted = new Uint8Array(layout.studies.length);
  criteria.studyPositions.forEach((position) => (studyWanted[position] = 1));
  const rankWanted = criteria.audienceRanks === null ? null : new Set(criteria.audienceRanks);
  const positionsByStudy = new Map(criteria.studyPositions.map((position) => [position, matchingPositions(criteria, layout, position)]));

  for (let block = 0; block < layout.blockCount; block++) {
    const base = layout.blockStarts[block];
    const rowsLeft = layout.rowCount - base;
    if (rowsLeft <= 0) break;
    const studyPosition = layout.blockStudies[block];
    if (studyWanted[studyPosition] === 0 || (rankWanted !== null && !rankWanted.has(layout.blockRanks[block]))) continue;
    const cells = layout.cellBrands[studyPosition].length;
    const size = Math.min(cells, rowsLeft);
    const positions = positionsByStudy.get(studyPosition)!;
    if (positions === null) selection.addRun(base, size, null);
    else selection.addRun(base, ...cut(positions, size, cells));
  }
  if (criteria.rowTests.length === 0) return selection;
  const kept = selection.allRowIndices().filter((rowIndex) => criteria.rowTests.every((test) => test(rowIndex)));
  return Selection.ofRowIndices(kept);
}

/** The matching positions of a block that `scale` cuts short. */
function cut(positions: Int32Array, size: number, cells: number): [number, Int32Array] {
  const kept = size < cells ? positions.filter((position) => position < size) : positions;
  return [kept.length, kept];
}
