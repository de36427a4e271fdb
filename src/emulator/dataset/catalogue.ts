import { Rng } from "../prng";
import { CATALOGUE, LOCAL_NAMES } from "./data/brands";
import { COMPANY_LINES } from "./data/companies";
import { COUNTRY_ROWS } from "./data/geography";
import { stamps } from "./timestamps";
import type { BrandRecord, CategoryRecord, CompanyRecord, SectorRecord } from "./types";

export interface BrandFacts {
  /** country id of a local brand, null for one surveyed internationally */
  readonly homeCountryId: number | null;
  readonly firstYear: number;
  /** a few brands were never surveyed (brands filter has_studies=0) */
  readonly surveyed: boolean;
}

export interface Catalogue {
  sectors: SectorRecord[];
  categories: CategoryRecord[];
  companies: CompanyRecord[];
  brands: BrandRecord[];
  brandCategoryIds: Map<number, number[]>;
  brandFacts: Map<number, BrandFacts>;
}

const countryIdByCode = new Map(COUNTRY_ROWS.map((row, index) => [row.code, index + 1]));
const BRAND_LINE = /^(.+?)@(.+?)(?:\+(.+?))?(?:#([A-Z]{2}))?(?:>(\d{4}))?(!)?$/;

function buildCompanies(seed: number): CompanyRecord[] {
  const rng = new Rng(seed + 21);
  return COMPANY_LINES.trim()
    .split("\n")
    .map((line, index) => {
      const [name, code, listed] = line.split("|");
      return { id: index + 1, name, public: listed === "P" ? 1 : 0, country_id: countryIdByCode.get(code) ?? null, ...stamps(rng) };
    });
}

export function buildCatalogue(seed: number): Catalogue {
  const rng = new Rng(seed + 22);
  const companies = buildCompanies(seed);
  const companyIdByName = new Map(companies.map((company) => [company.name, company.id]));
  const sectors: SectorRecord[] = [];
  const categories: CategoryRecord[] = [];
  const brands: BrandRecord[] = [];
  const secondCategoryNames = new Map<number, string>();
  const brandFacts = new Map<number, BrandFacts>();

  for (const line of CATALOGUE.trim().split("\n")) {
    if (line.startsWith("## ")) {
      const name = line.slice(3).replace(/\s*\*$/, "");
      sectors.push({ id: sectors.length + 1, name, in_most_influential: line.endsWith("*") ? 1 : 0, ...stamps(rng) });
    } else if (line.startsWith("# ")) {
      categories.push({ id: categories.length + 1, name: line.slice(2), sector_id: sectors.length, ...stamps(rng) });
    } else {
      const match = BRAND_LINE.exec(line);
      const companyId = match && companyIdByName.get(match[2]);
      if (!match || !companyId) throw new Error(`catalogue line not understood: ${line}`);
      const [, name, , secondCategory, homeCode, firstYear, neverSurveyed] = match;
      const id = brands.length + 1;
      brands.push({ id, name, company_id: companyId, category_id: categories.length, is_local: homeCode ? 1 : 0, ...stamps(rng) });
      if (secondCategory) secondCategoryNames.set(id, secondCategory);
      brandFacts.set(id, {
        homeCountryId: homeCode ? (countryIdByCode.get(homeCode) ?? null) : null,
        firstYear: firstYear ? Number(firstYear) : 0,
        surveyed: !neverSurveyed,
      });
    }
  }

  const categoryIdByName = new Map(categories.map((category) => [category.name, category.id]));
  const brandCategoryIds = new Map<number, number[]>();
  for (const brand of brands) {
    const second = categoryIdByName.get(secondCategoryNames.get(brand.id) ?? "");
    brandCategoryIds.set(brand.id, second ? [brand.category_id, second] : [brand.category_id]);
  }
  return { sectors, categories, companies, brands, brandCategoryIds, brandFacts };
}

/** "Swatch (DE)", or the local spelling where the brand goes by another name: "Walkers (GB)". */
export function localBrandName(globalName: string, countryCode: string): string {
  return `${LOCAL_NAMES[globalName]?.[countryCode] ?? globalName} (${countryCode})`;
}
