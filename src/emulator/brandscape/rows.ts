import type { Dataset } from "../dataset/types";
import { METRIC_ROWS } from "../dataset/data/metrics";
import { hash32 } from "../prng";
import type { Related } from "../resources/related";
import { drawIndex, jsonValue, METRIC_COLUMN_BY_NAME, type MetricColumn } from "./columns";
import type { BrandscapeLayout } from "./layout";
import { AUDIENCE_METRIC_SHIFT, audienceRowShift, combineDraw, healthIn, metricLevels } from "./valueModel";

const METRIC_COUNT = METRIC_ROWS.length;
const UNIT = 1 / 4294967296;

/** What one row is about: everything but its metric values. */
export interface RowFacts {
  readonly rowIndex: number;
  readonly audienceRank: number;
  readonly studyPosition: number;
  /** the row's place in its study's cells (layout.ts) */
  readonly cellPosition: number;
  readonly studyId: number;
  readonly countryId: number;
  readonly yearId: number;
  readonly brandId: number;
  readonly categoryId: number;
  readonly companyId: number;
  readonly audienceId: number;
  /** the brand is studied in several categories of the study */
  readonly isDuplicate: boolean;
  /** cells in the row's study */
  readonly brandCount: number;
  /** this year's and this audience's noise in every value in the row; the same in each of a brand's categories */
  readonly rowHash: number;
  /** the same for the scores that differ by category (usage, preference, recommendation) */
  readonly categoryHash: number;
  /** the brand in its country, the same every year and for every audience */
  readonly brandHash: number;
  /** the brand's overall health in its country this year, in [0, 1): every metric leans on it */
  readonly health: number;
  /** the brand's level on each metric, by metric index (valueModel.ts) */
  readonly levels: Float64Array;
  /** the audience's leaning for the row's sector (valueModel.ts) */
  readonly audienceShift: number;
}

export const cellSalt = (position: number): number => Math.imul(position + 1, 0x9e3779b1);

/** A value's draw in [0, 1): valueModel.ts says what it is made of; metricBlock.ts computes the same, inlined. */
export function valueDraw(
  facts: Pick<RowFacts, "rowHash" | "categoryHash" | "health" | "levels" | "audienceShift" | "audienceRank">,
  column: { metricIndex: number; categorySpecific: boolean; scale: number },
): number {
  const noise = (cellHash(column.categorySpecific ? facts.categoryHash : facts.rowHash, column.metricIndex) >>> 0) * UNIT;
  const shift = facts.audienceShift + AUDIENCE_METRIC_SHIFT[facts.audienceRank * METRIC_COUNT + column.metricIndex];
  return combineDraw(facts.health, facts.levels[column.metricIndex], noise, shift, column.scale);
}

/** One value's hash from a row's or brand's hash and a position (metricBlock.ts inlines it). */
export function cellHash(rowHash: number, position: number): number {
  let h = Math.imul(rowHash ^ cellSalt(position), 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) | 0;
}

/** Rows computed from their index alone. */
export class BrandscapeRows {
  private readonly quotedNames = new Map<number, string>();
  private readonly quotedCategories = new Map<number, string>();
  /** a brand's metric levels in a country, by its brand hash: the same in every study there */
  private readonly levelsByBrand = new Map<number, Float64Array>();

  constructor(
    readonly layout: BrandscapeLayout,
    private readonly dataset: Dataset,
    readonly related: Related,
    /** how many times a study's values were revised (revisions/): 0 keeps the seeded values */
    private readonly revisionOf: (studyId: number) => number = () => 0,
    /** a row's id: its index + 1, unless studies were added (revisions/stableRowIds) */
    private readonly idOf: (rowIndex: number) => number = (rowIndex) => rowIndex + 1,
  ) {}

  locate(rowIndex: number): RowFacts {
    const { layout, related } = this;
    const block = layout.blockAt(rowIndex);
    const audienceRank = layout.blockRanks[block];
    const studyPosition = layout.blockStudies[block];
    const cellPosition = rowIndex - layout.blockStarts[block];
    const study = layout.studies[studyPosition];
    const brandId = layout.cellBrands[studyPosition][cellPosition];
    const categoryId = layout.cellCategories[studyPosition][cellPosition];
    const countryId = related.studyCountryId(study.id);
    const brandHash = hash32(this.dataset.seed, brandId, countryId, 0xb4a2d);
    let levels = this.levelsByBrand.get(brandHash);
    if (!levels) {
      levels = metricLevels(brandHash);
      this.levelsByBrand.set(brandHash, levels);
    }
    const seeded = hash32(this.dataset.seed, study.id, brandId, 0x5eed0000 + audienceRank);
    const revision = this.revisionOf(study.id);
    const rowHash = revision === 0 ? seeded : hash32(seeded, revision, 0x5e715e);
    return {
      rowIndex,
      audienceRank,
      studyPosition,
      cellPosition,
      studyId: study.id,
      countryId,
      yearId: related.studyYearId(study.id),
      brandId,
      categoryId,
      companyId: related.brandCompanyId(brandId),
      audienceId: layout.audienceIds[audienceRank],
      isDuplicate: layout.cellDuplicates[studyPosition][cellPosition] === 1,
      brandCount: layout.cellBrands[studyPosition].length,
      rowHash,
      categoryHash: hash32(rowHash, categoryId, 0xca7),
      brandHash,
      health: healthIn(this.dataset.seed, brandId, countryId, related.studyYear(study)),
      levels,
      audienceShift: audienceRowShift(this.dataset.seed, audienceRank, related.sectorOfCategory(categoryId) ?? 0),
    };
  }

  brandName(facts: RowFacts): string {
    return this.dataset.localBrandName(facts.brandId, facts.countryId);
  }

  /** The brand name as a JSON string literal, quoted once per brand and country. */
  brandNameJson(facts: RowFacts): string {
    const key = facts.brandId * 1024 + facts.countryId;
    let json = this.quotedNames.get(key);
    if (json === undefined) {
      json = JSON.stringify(this.brandName(facts));
      this.quotedNames.set(key, json);
    }
    return json;
  }

  /** The category name as a JSON string literal, quoted once per category. */
  categoryNameJson(facts: RowFacts): string {
    let json = this.quotedCategories.get(facts.categoryId);
    if (json === undefined) {
      json = JSON.stringify(this.categoryName(facts));
      this.quotedCategories.set(facts.categoryId, json);
    }
    return json;
  }

  categoryName(facts: RowFacts): string {
    return this.related.categoryById.get(facts.categoryId)?.name ?? "";
  }

  /** The index into the column's text table of the row's value. */
  metricDrawn(facts: RowFacts, column: MetricColumn): number {
    return drawIndex(column, valueDraw(facts, column));
  }

  /** A column's JSON value, for filters and sorting on it. */
  value(facts: RowFacts, name: string): number | string | boolean | null {
    switch (name) {
      case "id":
        return this.idOf(facts.rowIndex);
      case "study_id":
        return facts.studyId;
      case "country_id":
        return facts.countryId;
      case "year_id":
        return facts.yearId;
      case "brand_id":
        return facts.brandId;
      case "category_id":
        return facts.categoryId;
      case "audience_id":
        return facts.audienceId;
      case "brand_name":
        return this.brandName(facts);
      case "category_name":
        return this.categoryName(facts);
      case "is_duplicate":
        return facts.isDuplicate;
    }
    const column = METRIC_COLUMN_BY_NAME.get(name);
    return column ? jsonValue(column, this.metricDrawn(facts, column)) : null;
  }
}
