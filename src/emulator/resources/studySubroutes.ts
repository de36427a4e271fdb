import type { StudyRecord, WireRecord } from "../dataset/types";
import type { FilterSet } from "./filters";
import { defineRecords, type ResourceCatalogue, type ResourceDefinition } from "./definitions";
import { one, type IncludeSet } from "./includes";

export type StudySubroute = "brands" | "categories";

/** The study-brand and study-category relations are numbered across all studies, in study order. */
function offsets(studies: readonly StudyRecord[], count: (study: StudyRecord) => number): Map<number, number> {
  const starts = new Map<number, number>();
  let next = 0;
  for (const study of studies) {
    starts.set(study.id, next);
    next += count(study);
  }
  return starts;
}

/**
 * `studies/{id}/brands` (the brands in a study: `id, brand_name, created_at, updated_at`) and
 * `studies/{id}/categories` (`id, category, created_at, updated_at`), each a list of relation
 * records with the includes and filters the studies page documents. Built per study on first use.
 */
export class StudySubroutes {
  private readonly built = new Map<string, ResourceDefinition>();
  private readonly brandStarts: Map<number, number>;
  private readonly categoryStarts: Map<number, number>;

  constructor(private readonly catalogue: ResourceCatalogue) {
    const { studies } = catalogue.related.dataset;
    this.brandStarts = offsets(studies, (study) => study.amount_of_brands);
    this.categoryStarts = offsets(studies, (study) => study.categories);
  }

  definition(study: StudyRecord, sub: StudySubroute): ResourceDefinition {
    const key = `${study.id}/${sub}`;
    let definition = this.built.get(key);
    if (!definition) {
      definition = sub === "brands" ? this.brands(study) : this.categories(study);
      if (this.built.size > 200) this.built.clear();
      this.built.set(key, definition);
    }
    return definition;
  }

  /** country, year and study: the study's own; the route adds brand and category. */
  private studyIncludes(
    study: StudyRecord,
    brandOf: (row: WireRecord) => number | undefined,
    categoryOf: (row: WireRecord) => number,
  ): IncludeSet {
    const { links } = this.catalogue.related.dataset;
    return {
      country: one("countries", () => links.studyCountry.get(study.id)),
      year: one("years", () => links.studyYear.get(study.id)),
      study: one("studies", () => study.id),
      brand: one("brands", brandOf),
      category: one("categories", categoryOf),
    };
  }

  private brands(study: StudyRecord): ResourceDefinition {
    const { dataset, related } = this.catalogue;
    const start = this.brandStarts.get(study.id)!;
    const brandIds = dataset.studyBrandIds.get(study.id) ?? [];
    const brandOf = new Map<number, number>();
    const countryId = related.studyCountryId(study.id);
    const records = brandIds.map((brandId, position): WireRecord => {
      const id = start + position + 1;
      brandOf.set(id, brandId);
      return { id, brand_name: dataset.localBrandName(brandId, countryId), created_at: study.created_at, updated_at: study.updated_at };
    });
    const brand = (row: WireRecord) => brandOf.get(row.id)!;
    const filters: FilterSet = {
      categories: (value) => (row) => (dataset.brandCategoryIds.get(brand(row)) ?? []).some((id) => (value as number[]).includes(id)),
      brands: (value) => (row) => (value as number[]).includes(brand(row)),
    };
    const includes = this.studyIncludes(study, brand, (row) => related.brandCategoryId(brand(row)));
    return defineRecords("studies/{id}/brands", records, { filters, includes, searchText: null, model: "Study", fieldsKey: "brands" });
  }

  private categories(study: StudyRecord): ResourceDefinition {
    const { dataset, forms } = this.catalogue;
    const start = this.categoryStarts.get(study.id)!;
    const brandsByCategory = new Map<number, number[]>();
    for (const brandId of dataset.studyBrandIds.get(study.id) ?? []) {
      for (const categoryId of dataset.brandCategoryIds.get(brandId) ?? []) {
        const brands = brandsByCategory.get(categoryId) ?? [];
        brands.push(brandId);
        brandsByCategory.set(categoryId, brands);
      }
    }
    const categoryOf = new Map<number, number>();
    const records = [...brandsByCategory.keys()]
      .sort((a, b) => a - b)
      .map((categoryId, position): WireRecord => {
        const id = start + position + 1;
        categoryOf.set(id, categoryId);
        return { id, category: forms.slim("categories", categoryId), created_at: study.created_at, updated_at: study.updated_at };
      });
    const category = (row: WireRecord) => categoryOf.get(row.id)!;
    const filters: FilterSet = {
      categories: (value) => (row) => (value as number[]).includes(category(row)),
      brands: (value) => (row) => (brandsByCategory.get(category(row)) ?? []).some((id) => (value as number[]).includes(id)),
    };
    // `brand` on a category row: the first of the study's brands in it (the docs' wording is the brands route's)
    const includes = this.studyIncludes(study, (row) => brandsByCategory.get(category(row))?.[0], category);
    return defineRecords("studies/{id}/categories", records, {
      filters,
      includes,
      searchText: null,
      model: "Study",
      fieldsKey: "categories",
    });
  }
}
