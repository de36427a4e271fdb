import { HEADLINE_COLUMN, ValueKind } from "../brandscape/columns";
import type { BrandscapeLayout } from "../brandscape/layout";
import { BrandscapeRows } from "../brandscape/rows";
import type { Dataset, StudyRecord } from "../dataset/types";
import { Related } from "../resources/related";
import type { ToolParamRule } from "./catalogue";

/** One brand in one study, seen by one audience: what every tool computes from. */
export interface BrandInStudy {
  readonly brandId: number;
  readonly studyId: number;
  readonly audienceId: number;
}

/**
 * The market the emulator already serves as brandscape-data, read the way the tools read it: a
 * tool's number for a brand is computed from the very values brandscape-data returns for the same
 * study, audience and brand.
 */
export class Market {
  readonly related: Related;
  private readonly rows: BrandscapeRows;
  private readonly collectionIds: ReadonlySet<number>;
  private readonly metricKeyById: ReadonlyMap<number, string>;
  private readonly brandsByStudy = new Map<number, readonly number[]>();

  constructor(
    readonly dataset: Dataset,
    private readonly layout: BrandscapeLayout,
  ) {
    this.related = new Related(dataset);
    this.rows = new BrandscapeRows(layout, dataset, this.related);
    this.collectionIds = new Set(dataset.collections.map((collection) => collection.id));
    this.metricKeyById = new Map([...dataset.links.metricKey].filter(([, key]) => isToolMetric(key)));
  }

  /** All Adults: the audience a tool uses when none is given. */
  get defaultAudienceId(): number {
    return this.layout.audienceIds[0];
  }

  exists(refers: NonNullable<ToolParamRule["refers"]>, id: number): boolean {
    switch (refers) {
      case "brands":
        return this.related.brandById.has(id);
      case "studies":
        return this.layout.studyPositionById.has(id); // released studies: the ones with data
      case "audiences":
        return this.layout.audienceIds.includes(id);
      case "categories":
        return this.related.categoryById.has(id);
      case "collections":
        return this.collectionIds.has(id);
      case "metrics":
        return this.metricKeyById.has(id);
    }
  }

  metricKey(metricId: number): string {
    return this.metricKeyById.get(metricId)!;
  }

  study(studyId: number): StudyRecord {
    return this.related.studyById.get(studyId)!;
  }

  /** The brands surveyed in a study, ascending. */
  studyBrands(studyId: number): readonly number[] {
    let brands = this.brandsByStudy.get(studyId);
    if (!brands) {
      const position = this.layout.studyPositionById.get(studyId);
      brands = position === undefined ? [] : [...new Set(this.layout.cellBrands[position])];
      this.brandsByStudy.set(studyId, brands);
    }
    return brands;
  }

  /** The brand's name as the study's country spells it (brandscape-data's `brand_name`). */
  brandName(brandId: number, studyId: number): string {
    return this.dataset.localBrandName(brandId, this.related.studyCountryId(studyId));
  }

  categoryOf(brandId: number): number {
    return this.related.brandCategoryId(brandId);
  }

  /** The study's brands in any of the categories or collections (the comparison set). */
  comparisonSet(studyId: number, categories: readonly number[], collections: readonly number[]): number[] {
    const inCollections = new Set(collections.flatMap((id) => this.dataset.collectionBrandIds.get(id) ?? []));
    return this.studyBrands(studyId).filter((brandId) => categories.includes(this.categoryOf(brandId)) || inCollections.has(brandId));
  }

  /**
   * brandscape-data's value of a column for the brand in the study and audience, as a number: a
   * metric key alone reads its headline column; a brand in several categories, its first one's row.
   */
  value(at: BrandInStudy, column: string): number {
    const position = this.layout.studyPositionById.get(at.studyId)!;
    const cellPosition = this.layout.cellBrands[position].indexOf(at.brandId);
    const rank = this.layout.audienceIds.indexOf(at.audienceId);
    if (cellPosition < 0 || rank < 0) throw new RangeError(`no brandscape row for ${JSON.stringify(at)}`);
    const facts = this.rows.locate(this.layout.blockStart(rank, position) + cellPosition);
    return Number(this.rows.value(facts, HEADLINE_COLUMN.get(column)?.name ?? column));
  }
}

/** Metrics a tool can rank by: brandscape metrics with values (not the retired ones). */
export function isToolMetric(key: string): boolean {
  const column = HEADLINE_COLUMN.get(key);
  return column !== undefined && column.kind !== ValueKind.Null;
}

/** Rounded to tenths, as the service reports its computed numbers. */
export const tenths = (value: number): number => Math.round(value * 10) / 10;
