import { isReleased } from "../dataset/studies";
import type { Dataset, StudyRecord } from "../dataset/types";
import { ValidationError } from "../validationError";

/**
 * The brandscape table without the table. A released study's rows for one audience are its
 * cells: its brands in id order, each once per category it is studied in. The rows come in
 * blocks of one (audience, study), numbered audience-major: every study fielded for the first
 * audience (All Adults), then every study fielded for the second, and so on. After those come
 * the blocks of audiences a study was not fielded for, reached only with `scale` beyond the
 * default. So
 *
 *   rowIndex = blockStart[block of (audienceRank, study)] + cellPosition,   id = rowIndex + 1
 *
 * and any row, any block, and any filtered range is found by arithmetic. `scale` keeps the first
 * N rows; by default every study has the rows of its own audiences, nothing more.
 */
export class BrandscapeLayout {
  /** the released studies, in id order; "study position" below indexes this */
  readonly studies: readonly StudyRecord[];
  /** each study's cells: brand and category, and 1 where the brand is studied in several categories */
  readonly cellBrands: readonly Int32Array[];
  readonly cellCategories: readonly Int32Array[];
  readonly cellDuplicates: readonly Uint8Array[];
  /** active public audiences, those studies are fielded for first; "audience rank" indexes this */
  readonly audienceIds: readonly number[];
  /** a study position's audiences are the ranks below this */
  readonly fieldedRanks: Int32Array;
  /** the blocks in row order: first row (then the total at the end), audience rank, study position */
  readonly blockStarts: Int32Array;
  readonly blockRanks: Int32Array;
  readonly blockStudies: Int32Array;
  /** rows of the default table: every study's own audiences */
  readonly fieldedRowCount: number;
  readonly rowCount: number;
  readonly studyPositionById: ReadonlyMap<number, number>;
  /** rank × studies + position → block */
  private readonly blockIndex: Int32Array;

  constructor(dataset: Dataset, scale?: number) {
    this.studies = dataset.studies.filter(isReleased);
    const cells = this.studies.map((study) => studyCells(dataset, dataset.studyBrandIds.get(study.id) ?? []));
    this.cellBrands = cells.map((cell) => cell.brands);
    this.cellCategories = cells.map((cell) => cell.categories);
    this.cellDuplicates = cells.map((cell) => cell.duplicates);
    this.audienceIds = dataset.audienceOrder;
    this.fieldedRanks = Int32Array.from(this.studies, (study) => dataset.studyAudienceCount.get(study.id) ?? 1);
    this.studyPositionById = new Map(this.studies.map((study, position) => [study.id, position]));

    const studyCount = this.studies.length;
    const blockCount = this.audienceIds.length * studyCount;
    this.blockStarts = new Int32Array(blockCount + 1);
    this.blockRanks = new Int32Array(blockCount);
    this.blockStudies = new Int32Array(blockCount);
    this.blockIndex = new Int32Array(blockCount);
    let block = 0;
    let fieldedRowCount = 0;
    for (const fielded of [true, false]) {
      for (let rank = 0; rank < this.audienceIds.length; rank++) {
        for (let position = 0; position < studyCount; position++) {
          if (rank < this.fieldedRanks[position] !== fielded) continue;
          this.blockRanks[block] = rank;
          this.blockStudies[block] = position;
          this.blockIndex[rank * studyCount + position] = block;
          this.blockStarts[block + 1] = this.blockStarts[block] + this.cellBrands[position].length;
          block++;
        }
      }
      if (fielded) fieldedRowCount = this.blockStarts[block];
    }
    this.fieldedRowCount = fieldedRowCount;
    const capacity = this.blockStarts[blockCount];
    const rowCount = scale ?? fieldedRowCount;
    if (!Number.isInteger(rowCount) || rowCount < 0 || rowCount > capacity) {
      throw new ValidationError("scale", `an integer from 0 to ${capacity}, got ${scale}`);
    }
    this.rowCount = rowCount;
  }

  get blockCount(): number {
    return this.blockRanks.length;
  }

  /** The block holding a row index (binary search). */
  blockAt(rowIndex: number): number {
    let low = 0;
    let high = this.blockCount - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.blockStarts[middle] <= rowIndex) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  blockOf(audienceRank: number, studyPosition: number): number {
    return this.blockIndex[audienceRank * this.studies.length + studyPosition];
  }

  blockStart(audienceRank: number, studyPosition: number): number {
    return this.blockStarts[this.blockOf(audienceRank, studyPosition)];
  }
}

interface StudyCells {
  brands: Int32Array;
  categories: Int32Array;
  duplicates: Uint8Array;
}

/** A study's brands × the categories each is studied in; `is_duplicate` marks brands in several. */
function studyCells(dataset: Dataset, brandIds: readonly number[]): StudyCells {
  const brands: number[] = [];
  const categories: number[] = [];
  const duplicates: number[] = [];
  for (const brandId of brandIds) {
    const studied = dataset.brandCategoryIds.get(brandId) ?? [dataset.links.brandCategory.get(brandId)!];
    for (const categoryId of studied) {
      brands.push(brandId);
      categories.push(categoryId);
      duplicates.push(studied.length > 1 ? 1 : 0);
    }
  }
  return { brands: Int32Array.from(brands), categories: Int32Array.from(categories), duplicates: Uint8Array.from(duplicates) };
}

const layouts = new WeakMap<Dataset, Map<number | undefined, BrandscapeLayout>>();

/** The layout of a dataset at a scale, built once: it never changes, so emulators share it (as they share the dataset). */
export function layoutFor(dataset: Dataset, scale?: number): BrandscapeLayout {
  let byScale = layouts.get(dataset);
  if (!byScale) {
    byScale = new Map();
    layouts.set(dataset, byScale);
  }
  let layout = byScale.get(scale);
  if (!layout) {
    layout = new BrandscapeLayout(dataset, scale);
    byScale.set(scale, layout);
  }
  return layout;
}
