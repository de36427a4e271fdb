import type { BrandscapeRevisions, BrandscapeService } from "../brandscape/serveBrandscape";
import type { Dataset, StudyRecord, WireRecord } from "../dataset/types";
import { STUDY_PERIODS, STUDY_TYPES } from "../dataset/studies";
import type { ResourceCatalogue } from "../resources/definitions";
import { ValidationError } from "../validationError";
import { RevisionClock } from "./revisionClock";
import type { AddStudyRequest, RemoveRequest, ReviseRequest, RevisionResult } from "./types";

type Writable<T> = { -readonly [K in keyof T]: T[K] };

/** One emulator's changes to its own copy of the dataset (revisableDataset), for sync tests. */
export class EmulatorRevisions implements BrandscapeRevisions {
  private readonly revisions = new Map<number, number>();
  readonly removedStudyIds = new Set<number>();
  private readonly clock = new RevisionClock();
  private brandscape: BrandscapeService | undefined;

  constructor(
    private readonly dataset: Dataset,
    private readonly catalogue: ResourceCatalogue,
    private readonly scale?: number,
  ) {}

  /** The brandscape service, once built (it reads this object's revisions). */
  attach(brandscape: BrandscapeService): void {
    this.brandscape = brandscape;
  }

  /** Moves with every change to the data (0 before the first): what an answer was made from. */
  get generation(): number {
    return this.clock.latest;
  }

  revisionOf(studyId: number): number {
    return this.revisions.get(studyId) ?? 0;
  }

  revise(request: ReviseRequest): RevisionResult {
    if (request === null || typeof request !== "object")
      throw new ValidationError("revise", "{ studies: [ids] } or { resource, ids: [ids] }");
    if ("studies" in request) return this.reviseStudies(request.studies);
    if ("resource" in request) return this.reviseRecords(request.resource, request.ids);
    throw new ValidationError("revise", "{ studies: [ids] } or { resource, ids: [ids] }");
  }

  addStudy(request: AddStudyRequest): StudyRecord {
    const { dataset } = this;
    const country = dataset.countries.find((c) => c.code === String(request?.country ?? "").toUpperCase());
    if (!country)
      throw new ValidationError(
        "country",
        `a country code of the dataset (${dataset.countries
          .slice(0, 5)
          .map((c) => c.code)
          .join(", ")}, ...), got ${request?.country}`,
      );
    const year = dataset.years.find((y) => y.year === request.year);
    if (!year)
      throw new ValidationError(
        "year",
        `a year of the dataset (${dataset.years[0].year} to ${dataset.years.at(-1)!.year}), got ${request.year}`,
      );
    const brands = request.brands ?? this.newestBrandsOf(country.id);
    if (!Array.isArray(brands) || brands.length === 0 || brands.some((id) => !this.catalogue.related.brandById.has(id))) {
      throw new ValidationError("brands", "ids of brands of the dataset (brands of the country's newest study by default)");
    }
    // a study's cells are its brands in each category they are studied in (one row each, per audience)
    const categoriesOf = (brandId: number) => dataset.brandCategoryIds.get(brandId) ?? [this.catalogue.related.brandCategoryId(brandId)];
    const studied = new Set(brands.flatMap(categoriesOf));
    const cells = brands.reduce((sum, brandId) => sum + categoriesOf(brandId).length, 0);
    const at = this.clock.next();
    const id = Math.max(...dataset.studies.map((study) => study.id)) + 1;
    const study: StudyRecord = {
      id,
      name: request.name ?? `${country.name} ${year.year} added study`,
      is_active: true,
      type: { ...STUDY_TYPES.special },
      period: { ...STUDY_PERIODS.fullYear },
      start_date: `${year.year}-01-01T00:00:00.000000Z`,
      end_date: `${year.year}-12-31T00:00:00.000000Z`,
      data_available_at: at,
      respondents: 2000,
      categories: studied.size,
      data_updated_at: at,
      amount_of_cells: cells,
      amount_of_brands: brands.length,
      created_at: at,
      updated_at: at,
    };
    dataset.studies.push(study);
    (dataset.links.studyCountry as Map<number, number>).set(id, country.id);
    (dataset.links.studyYear as Map<number, number>).set(id, year.id);
    (dataset.studyBrandIds as Map<number, readonly number[]>).set(
      id,
      [...brands].sort((a, b) => a - b),
    );
    (this.catalogue.definitions.get("studies")!.byId as Map<number, WireRecord>).set(id, study);
    (this.catalogue.related.studyById as Map<number, StudyRecord>).set(id, study);
    this.brandscape?.rebuild(this.scale);
    return { ...study };
  }

  remove(request: RemoveRequest): RevisionResult {
    const definition = this.definitionOf(request?.resource);
    const ids = this.checkIds(request.ids, definition.byId);
    const gone = new Set(ids);
    const records = definition.records as WireRecord[];
    for (let i = records.length - 1; i >= 0; i--) if (gone.has(records[i].id)) records.splice(i, 1);
    for (const id of ids) (definition.byId as Map<number, WireRecord>).delete(id);
    if (request.resource === "studies") {
      ids.forEach((id) => this.removedStudyIds.add(id));
      this.brandscape?.forget();
    }
    return { ids, at: this.clock.next() };
  }

  private reviseStudies(studyIds: readonly number[]): RevisionResult {
    const studies = this.catalogue.definitions.get("studies")!;
    const ids = this.checkIds(studyIds, studies.byId, "studies");
    const at = this.clock.next();
    for (const id of ids) {
      const study = studies.byId.get(id) as Writable<StudyRecord>;
      if (study.data_available_at === null)
        throw new ValidationError("studies", `study ${id} is not released: it has no brandscape data to revise`);
      this.revisions.set(id, this.revisionOf(id) + 1);
      study.data_updated_at = at;
    }
    this.brandscape?.forget();
    return { ids, at };
  }

  /** A documented field changes (the record's name, where it has one) and updated_at moves. */
  private reviseRecords(resource: string, recordIds: readonly number[]): RevisionResult {
    const definition = this.definitionOf(resource);
    const ids = this.checkIds(recordIds, definition.byId);
    const at = this.clock.next();
    for (const id of ids) {
      const record = definition.byId.get(id) as WireRecord & { name?: unknown; updated_at?: unknown };
      if (typeof record.name === "string") record.name = `${record.name.replace(/ \(revised \d+\)$/, "")} (revised ${at.slice(0, 19)})`;
      record.updated_at = at;
    }
    if (resource === "studies") this.brandscape?.forget();
    return { ids, at };
  }

  private definitionOf(resource: unknown) {
    const definition = typeof resource === "string" ? this.catalogue.definitions.get(resource) : undefined;
    if (!definition) {
      throw new ValidationError("resource", `one of ${[...this.catalogue.definitions.keys()].join(", ")}, got ${String(resource)}`);
    }
    return definition;
  }

  private checkIds(ids: unknown, known: ReadonlyMap<number, unknown>, parameter = "ids"): number[] {
    if (!Array.isArray(ids) || ids.length === 0) throw new ValidationError(parameter, "a non-empty list of record ids");
    const unknown = ids.filter((id) => !known.has(id as number));
    if (unknown.length > 0) throw new ValidationError(parameter, `ids of existing records, got ${unknown.join(", ")}`);
    return ids as number[];
  }

  private newestBrandsOf(countryId: number): readonly number[] {
    const studies = this.dataset.studies.filter(
      (study) => this.dataset.links.studyCountry.get(study.id) === countryId && study.data_available_at !== null,
    );
    const newest = studies.at(-1);
    return newest ? (this.dataset.studyBrandIds.get(newest.id) ?? []) : [];
  }
}
