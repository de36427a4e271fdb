import type { BrandscapeLayout } from "../brandscape/layout";

/**
 * Brandscape row ids that stay put when a study is added. Rows are numbered by their place in the
 * layout (id = row index + 1), and a layout with one more study moves every later row; the service
 * gives a new study's rows new ids and leaves the others'. So: a row of a study the seeded layout
 * had keeps that layout's id; a row of an added study takes an id past every seeded one
 * (capacity + (study, audience, cell) packed; sparse, unique and stable).
 */
export class StableRowIds {
  private readonly baseCapacity: number;
  private readonly cellsPerBlock: number;
  private readonly addedStudyIds: number[];

  constructor(
    private readonly base: BrandscapeLayout,
    private readonly current: BrandscapeLayout,
  ) {
    this.baseCapacity = base.blockStarts[base.blockCount];
    this.cellsPerBlock = Math.max(1, ...current.cellBrands.map((cells) => cells.length));
    this.addedStudyIds = current.studies.filter((study) => !base.studyPositionById.has(study.id)).map((study) => study.id);
  }

  idOf(rowIndex: number): number {
    const { current, base } = this;
    const block = current.blockAt(rowIndex);
    const rank = current.blockRanks[block];
    const cell = rowIndex - current.blockStarts[block];
    const studyId = current.studies[current.blockStudies[block]].id;
    const basePosition = base.studyPositionById.get(studyId);
    if (basePosition !== undefined) return base.blockStart(rank, basePosition) + cell + 1;
    const added = this.addedStudyIds.indexOf(studyId);
    return this.baseCapacity + (added * current.audienceIds.length + rank) * this.cellsPerBlock + cell + 1;
  }

  /** The row index of an id, or undefined when no served row has it. */
  rowIndexOf(id: number): number | undefined {
    const { current, base } = this;
    const index = id - 1;
    let rank: number;
    let studyId: number;
    let cell: number;
    if (index < this.baseCapacity) {
      const block = base.blockAt(index);
      rank = base.blockRanks[block];
      cell = index - base.blockStarts[block];
      studyId = base.studies[base.blockStudies[block]].id;
    } else {
      const packed = index - this.baseCapacity;
      cell = packed % this.cellsPerBlock;
      const slot = Math.floor(packed / this.cellsPerBlock);
      rank = slot % current.audienceIds.length;
      studyId = this.addedStudyIds[Math.floor(slot / current.audienceIds.length)];
    }
    const position = studyId === undefined ? undefined : current.studyPositionById.get(studyId);
    if (position === undefined || cell >= current.cellBrands[position].length) return undefined;
    const rowIndex = current.blockStart(rank, position) + cell;
    return rowIndex < current.rowCount ? rowIndex : undefined;
  }
}
