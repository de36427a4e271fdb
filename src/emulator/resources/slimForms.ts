import type { Dataset, WireRecord } from "../dataset/types";
import type { Related } from "./related";

/**
 * The slim schema each resource takes when it arrives as an include (SCHEMA.json `slim`). Where the
 * docs give none (cities, collections, regions) the emulator sends `id` and `name`
 * (docs/emulator.md). Fields of included records are not configurable, so these never change.
 */
const SLIM_KEYS: Readonly<Record<string, readonly string[]>> = {
  "audience-groups": ["id", "name"],
  audiences: ["id", "name", "is_active", "is_public", "available_for_bav", "available_for_bc"],
  "brand-metric-groups": ["id", "name"],
  "brand-metrics": ["id", "name", "is_active"],
  brands: ["id", "name"], // + sector
  categories: ["id", "name"],
  cities: ["id", "name"],
  collections: ["id", "name"],
  companies: ["id", "name"],
  countries: ["id", "name", "code", "code_alpha3", "code_numeric"], // + region, in documented order below
  regions: ["id", "name"],
  sectors: ["id", "name"],
  studies: ["id", "name", "period"], // + country, year
  years: ["id", "year"],
};

const pick = (record: WireRecord, keys: readonly string[]): Record<string, unknown> =>
  Object.fromEntries(keys.map((key) => [key, record[key]]));

/** Slim objects by resource and id, built once each (the same study arrives on thousands of rows). */
export class SlimForms {
  private readonly cache = new Map<string, Map<number, Record<string, unknown> | null>>();
  private readonly dataset: Dataset;

  constructor(
    readonly related: Related,
    private readonly tables: Readonly<Record<string, ReadonlyMap<number, WireRecord>>>,
  ) {
    this.dataset = related.dataset;
  }

  record(resource: string, id: number): WireRecord | undefined {
    return this.tables[resource]?.get(id);
  }

  slim(resource: string, id: number | null | undefined): Record<string, unknown> | null {
    if (id === null || id === undefined) return null;
    let byId = this.cache.get(resource);
    if (!byId) this.cache.set(resource, (byId = new Map()));
    let form = byId.get(id);
    if (form === undefined) {
      form = this.build(resource, id);
      byId.set(id, form);
    }
    return form;
  }

  private build(resource: string, id: number): Record<string, unknown> | null {
    const record = this.record(resource, id);
    if (!record) return null;
    const { links } = this.dataset;
    const base = pick(record, SLIM_KEYS[resource] ?? ["id", "name"]);
    switch (resource) {
      case "brands":
        return { ...base, sector: this.slim("sectors", this.related.sectorOfCategory(links.brandCategory.get(id)!)) };
      case "countries": {
        const { id: countryId, name, ...codes } = base;
        return { id: countryId, name, region: this.slim("regions", links.countryRegion.get(id)), ...codes };
      }
      case "studies":
        return { ...base, country: this.slim("countries", links.studyCountry.get(id)), year: this.slim("years", links.studyYear.get(id)) };
      default:
        return base;
    }
  }
}
