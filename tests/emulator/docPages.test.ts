/**
 * Slim records and values that SCHEMA.json does not carry but the docs' own pages give: the
 * includes of companies that are no resource of the SDK (gics-sectors.md, stock-exchanges.md), the
 * values a key's description names (collections' collection_type, studies' period), and the
 * paginator's meta.links as pagination.md shows them. Over HTTP.
 */
import { startEmulator, type Emulator } from "../../src/emulator";
import { getAll, getJson, urlOf } from "./http";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator({ rateLimit: false });
});
afterAll(() => emulator.close());

const get = (resource: string, params: Record<string, string | number> = {}) => getJson(urlOf(emulator.url, resource, params));

describe("companies' includes, slim as their own pages give them", () => {
  let companies: any[];
  beforeAll(async () => {
    companies = await getAll(emulator.url, "companies", { include: "gics_sector,stock_exchanges" });
  });

  test("gics_sector: id, name (docs/metadata/gics-sectors.md, Relationship Response Schema)", () => {
    for (const company of companies) {
      expect(Object.keys(company.gics_sector)).toEqual(["id", "name"]);
      expect(Number.isInteger(company.gics_sector.id)).toBe(true);
      expect(typeof company.gics_sector.name).toBe("string");
    }
  });

  test("stock_exchanges: id, name, code, suffix, operating_mic (docs/metadata/stock-exchanges.md)", () => {
    const listings = companies.flatMap((company) => company.stock_exchanges);
    expect(listings.length).toBeGreaterThan(0);
    for (const exchange of listings) {
      expect(Object.keys(exchange)).toEqual(["id", "name", "code", "suffix", "operating_mic"]);
      expect(Number.isInteger(exchange.id)).toBe(true);
      for (const key of ["name", "code", "suffix", "operating_mic"]) expect(typeof exchange[key]).toBe("string");
      expect(exchange.operating_mic).toMatch(/^X[A-Z]{3}$/);
    }
    expect(companies.some((company) => company.stock_exchanges.length === 0)).toBe(true); // private companies
  });
});

describe("values a key's description names", () => {
  test("collections' collection_type is private or public, as the public filter says", async () => {
    const collections = await getAll(emulator.url, "collections");
    expect(new Set(collections.map((collection) => collection.collection_type))).toEqual(new Set(["private", "public"]));
    const publicOnes = await getAll(emulator.url, "collections", { "filter[public]": 1 });
    expect(publicOnes.length).toBeGreaterThan(0);
    expect(publicOnes.every((collection) => collection.collection_type === "public")).toBe(true);
    const filtered = await getAll(emulator.url, "collections", { "filter[collection_type]": "private" });
    expect(filtered.map((collection) => collection.id)).toEqual(
      collections.filter((collection) => collection.collection_type === "private").map((collection) => collection.id),
    );
  });

  test("studies' period is Full Year or Quarter (docs/studies/studies.md: 'Full Year, Quarter')", async () => {
    const studies = await getAll(emulator.url, "studies");
    expect(new Set(studies.map((study) => study.period.name))).toEqual(new Set(["Full Year", "Quarter"]));
    expect(studies.every((study) => study.period.is_full_year === (study.period.name === "Full Year"))).toBe(true);
  });
});

test("meta.links as pagination.md shows them: page numbers as JSON numbers, the rest as text", async () => {
  const { json } = await get("brands", { per_page: 5, page: 1 });
  const labels = json.meta.links.map((link: any) => link.label);
  expect(labels[0]).toBe("&laquo; Previous");
  expect(labels.at(-1)).toBe("Next &raquo;");
  expect(labels).toContain("...");
  expect(labels.slice(1, 4)).toEqual([1, 2, 3]);
  expect(json.meta.links[1]).toEqual({ url: `${emulator.url}brands?per_page=5&page=1`, label: 1, active: true });
});
