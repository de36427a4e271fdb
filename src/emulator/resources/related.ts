import type {
  BrandRecord,
  CategoryRecord,
  CompanyRecord,
  CountryRecord,
  Dataset,
  RegionRecord,
  StudyRecord,
  WireRecord,
  YearRecord,
} from "../dataset/types";

const indexById = <T extends WireRecord>(records: readonly T[]): ReadonlyMap<number, T> => new Map(records.map((r) => [r.id, r]));

/** Where a brand was surveyed, derived once from its studies. */
export interface BrandReach {
  readonly countryIds: ReadonlySet<number>;
  readonly regionIds: ReadonlySet<number>;
  readonly yearIds: ReadonlySet<number>;
  readonly yearNumbers: ReadonlySet<number>;
}

/** Lookups across the dataset's tables, and the facts filters and includes derive from them. */
export class Related {
  readonly regionById: ReadonlyMap<number, RegionRecord>;
  readonly countryById: ReadonlyMap<number, CountryRecord>;
  readonly yearById: ReadonlyMap<number, YearRecord>;
  readonly studyById: ReadonlyMap<number, StudyRecord>;
  readonly categoryById: ReadonlyMap<number, CategoryRecord>;
  readonly companyById: ReadonlyMap<number, CompanyRecord>;
  readonly brandById: ReadonlyMap<number, BrandRecord>;
  /** the years in which each country has any study */
  readonly countryStudyYears: ReadonlyMap<number, ReadonlySet<number>>;
  private readonly reach = new Map<number, BrandReach>();

  constructor(readonly dataset: Dataset) {
    this.regionById = indexById(dataset.regions);
    this.countryById = indexById(dataset.countries);
    this.yearById = indexById(dataset.years);
    this.studyById = indexById(dataset.studies);
    this.categoryById = indexById(dataset.categories);
    this.companyById = indexById(dataset.companies);
    this.brandById = indexById(dataset.brands);
    const studyYears = new Map<number, Set<number>>();
    for (const study of dataset.studies) {
      const countryId = this.studyCountryId(study.id);
      const years = studyYears.get(countryId) ?? new Set<number>();
      years.add(this.studyYear(study));
      studyYears.set(countryId, years);
    }
    this.countryStudyYears = studyYears;
  }

  studyCountryId(studyId: number): number {
    return this.dataset.links.studyCountry.get(studyId)!;
  }

  studyYearId(studyId: number): number {
    return this.dataset.links.studyYear.get(studyId)!;
  }

  studyYear(study: StudyRecord): number {
    return this.yearById.get(this.studyYearId(study.id))!.year;
  }

  brandCategoryId(brandId: number): number {
    return this.dataset.links.brandCategory.get(brandId)!;
  }

  brandCompanyId(brandId: number): number {
    return this.dataset.links.brandCompany.get(brandId)!;
  }

  countryCode(countryId: number): string {
    return this.countryById.get(countryId)?.code ?? "";
  }

  regionOf(countryId: number | null): number | undefined {
    return countryId === null ? undefined : this.dataset.links.countryRegion.get(countryId);
  }

  sectorOfCategory(categoryId: number): number | undefined {
    return this.dataset.links.categorySector.get(categoryId);
  }

  brandReach(brandId: number): BrandReach {
    let reach = this.reach.get(brandId);
    if (!reach) {
      const studies = (this.dataset.brandStudyIds.get(brandId) ?? []).map((id) => this.studyById.get(id)!);
      const countryIds = new Set(studies.map((study) => this.studyCountryId(study.id)));
      reach = {
        countryIds,
        regionIds: new Set([...countryIds].map((id) => this.regionOf(id)!)),
        yearIds: new Set(studies.map((study) => this.studyYearId(study.id))),
        yearNumbers: new Set(studies.map((study) => this.studyYear(study))),
      };
      this.reach.set(brandId, reach);
    }
    return reach;
  }
}

export const overlaps = (wanted: readonly number[], have: Iterable<number>): boolean => {
  for (const value of have) if (wanted.includes(value)) return true;
  return false;
};
