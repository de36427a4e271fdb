import { isReleased } from "../dataset/studies";
import type { Dataset, StudyRecord } from "../dataset/types";
import { ValidationError } from "../validationError";

/**
 * The brandscape table without the table. Rows are numbered audience-major: all released studies
 * with the first audience (All Adults), then all of them with the second, and so on; inside one
 * (audience, study) block the study's brands in id order. So
 *
 *   rowIndex = audienceRank × rowsPerAudience + studyStart[study] + brandPosition,   id = rowIndex + 1
 *
 * and any row, any block, and any filtered range is found by arithmetic. `scale` keeps the first
 * N rows; the default keeps exactly one audience's worth.
 */
export class BrandscapeLayout {
  /** the released studies, in id order; "study position" below indexes this */
  readonly studies: readonly StudyRecord[];
  /** first row (within one audience) of each study position, plus the total at the end */
  readonly studyStarts: Int32Array;
  readonly studyBrands: readonly Int32Array[];
  /** active public audiences; "audience rank" indexes this */
  readonly audienceIds: readonly number[];
  readonly rowsPerAudience: number;
  readonly rowCount: number;
  readonly studyPositionById: ReadonlyMap<number, number>;

  constructor(dataset: Dataset, scale?: number) {
    this.studies = dataset.studies.filter(isReleased);
    this.studyBrands = this.studies.map((study) => Int32Array.from(dataset.studyBrandIds.get(study.id) ?? []));
    this.studyStarts = new Int32Array(this.studies.length + 1);
    this.studyBrands.forEach((brands, position) => {
      this.studyStarts[position + 1] = this.studyStarts[position] + brands.length;
    });
    this.rowsPerAudience = this.studyStarts[this.studies.length];
    this.audienceIds = dataset.audiences.filter((a) => a.is_active && a.is_public).map((a) => a.id);
    this.studyPositionById = new Map(this.studies.map((study, position) => [study.id, position]));
    const capacity = this.rowsPerAudience * this.audienceIds.length;
    const rowCount = scale ?? this.rowsPerAudience;
    if (!Number.isInteger(rowCount) || rowCount < 0 || rowCount > capacity) {
      throw new ValidationError("scale", `an integer from 0 to ${capacity}, got ${scale}`);
    }
    this.rowCount = rowCount;
  }

  /** The study position holding a row offset within one audience (binary search). */
  studyPositionAt(offset: number): number {
    let low = 0;
    let high = this.studies.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.studyStarts[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  blockStart(audienceRank: number, studyPosition: number): number {
    return audienceRank * this.rowsPerAudience + this.studyStarts[studyPosition];
  }

  /** How many audience ranks hold any row at this scale. */
  get audienceRanksInUse(): number {
    return Math.ceil(this.rowCount / Math.max(1, this.rowsPerAudience));
  }
}
