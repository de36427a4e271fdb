import type { Dataset } from "../dataset/types";
import { hash32, hashUnit } from "../prng";
import type { Related } from "../resources/related";
import { drawIndex, jsonValue, METRIC_COLUMN_BY_NAME, type MetricColumn } from "./columns";
import type { BrandscapeLayout } from "./layout";

/** What one row is about: everything but its metric values. */
export interface RowFacts {
  readonly rowIndex: number;
  readonly audienceRank: number;
  readonly studyPosition: number;
  readonly studyId: number;
  readonly countryId: number;
  readonly yearId: number;
  readonly brandId: number;
  readonly categoryId: number;
  readonly companyId: number;
  readonly audienceId: number;
  /** brands in the row's study, the range of its ranks */
  readonly brandCount: number;
  /** this year's and this audience's part of every value in the row */
  readonly rowHash: number;
  /** the brand in its country, the same every year and for every audience: its level on each metric */
  readonly brandHash: number;
  /** the brand's overall health in its country, in [0, 1): every metric leans on it */
  readonly health: number;
}

export const cellSalt = (position: number): number => Math.imul(position + 1, 0x9e3779b1);

/**
 * A value's draw in [0, 1), so that the data reads like a market: a brand's overall health, its
 * level on the metric (shared by the metric's score, centile, rank, ...), and a little noise for
 * the year and audience. Brands keep their standing from year to year, and metrics correlate.
 * metricBlock.ts computes the same, inlined.
 */
export const HEALTH_SHARE = 0.45;
export const LEVEL_SHARE = 0.4;
export const NOISE_SHARE = 0.15;
const UNIT = 1 / 4294967296;

export function valueDraw(
  facts: Pick<RowFacts, "rowHash" | "brandHash" | "health">,
  column: { position: number; metricIndex: number },
): number {
  const level = (cellHash(facts.brandHash, column.metricIndex) >>> 0) * UNIT;
  const noise = (cellHash(facts.rowHash, column.position) >>> 0) * UNIT;
  return HEALTH_SHARE * facts.health + LEVEL_SHARE * level + NOISE_SHARE * noise;
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

  constructor(
    readonly layout: BrandscapeLayout,
    private readonly dataset: Dataset,
    readonly related: Related,
    /** how many times a study's values were revised (revisions/): 0 keeps the seeded values */
    private readonly revisionOf: (studyId: number) => number = () => 0,
  ) {}

  locate(rowIndex: number): RowFacts {
    const { layout } = this;
    const audienceRank = Math.floor(rowIndex / layout.rowsPerAudience);
    const offset = rowIndex - audienceRank * layout.rowsPerAudience;
    const studyPosition = layout.studyPositionAt(offset);
    const study = layout.studies[studyPosition];
    const brands = layout.studyBrands[studyPosition];
    const brand = this.related.brandById.get(brands[offset - layout.studyStarts[studyPosition]])!;
    return {
      rowIndex,
      audienceRank,
      studyPosition,
      studyId: study.id,
      countryId: this.related.studyCountryId(study.id),
      yearId: this.related.studyYearId(study.id),
      brandId: brand.id,
      categoryId: this.related.brandCategoryId(brand.id),
      companyId: this.related.brandCompanyId(brand.id),
      audienceId: layout.audienceIds[audienceRank],
      brandCount: brands.length,
      rowHash: hash32(this.dataset.seed, rowIndex, 0x5eed, this.revisionOf(study.id)),
      brandHash: hash32(this.dataset.seed, brand.id, this.related.studyCountryId(study.id), 0xb4a2d),
      health: hashUnit(this.dataset.seed, brand.id, this.related.studyCountryId(study.id), 0x4ea1),
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

  /** About one row in fifty is flagged as a duplicate of another brand entry. */
  isDuplicate(facts: RowFacts): 0 | 1 {
    return cellHash(facts.rowHash, -1) % 50 === 0 ? 1 : 0;
  }

  /** The index into the column's text table of the row's value. */
  metricDrawn(facts: RowFacts, column: MetricColumn): number {
    return drawIndex(column, valueDraw(facts, column), facts.brandCount);
  }

  /** A column's JSON value, for filters and sorting on it. */
  value(facts: RowFacts, name: string): number | string | null {
    switch (name) {
      case "id":
        return facts.rowIndex + 1;
      case "study_id":
        return facts.studyId;
      case "brand_id":
        return facts.brandId;
      case "category_id":
        return facts.categoryId;
      case "audience_id":
        return facts.audienceId;
      case "brand_name":
        return this.brandName(facts);
      case "is_duplicate":
        return this.isDuplicate(facts);
    }
    const column = METRIC_COLUMN_BY_NAME.get(name);
    return column ? jsonValue(column, this.metricDrawn(facts, column)) : null;
  }
}
