import { hash32, hashUnit, Rng } from "../prng";
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
  categorySector: Map<number, number>;
  companyCountry: Map<number, number | null>;
  brandCompany: Map<number, number>;
  brandCategory: Map<number, number>;
}

const countryIdByCode = new Map(COUNTRY_ROWS.map((row, index) => [row.code, index + 1]));
const BRAND_LINE = /^(.+?)@(.+?)(?:\+(.+?))?(?:#([A-Z]{2}))?(?:>(\d{4}))?(!)?$/;

const CURRENCIES: Readonly<Record<string, string>> = {
  US: "USD",
  CA: "CAD",
  MX: "MXN",
  BR: "BRL",
  AR: "ARS",
  CL: "CLP",
  CO: "COP",
  GB: "GBP",
  CH: "CHF",
  SE: "SEK",
  NO: "NOK",
  DK: "DKK",
  PL: "PLN",
  CZ: "CZK",
  HU: "HUF",
  RO: "RON",
  RU: "RUB",
  TR: "TRY",
  AE: "AED",
  SA: "SAR",
  IL: "ILS",
  ZA: "ZAR",
  EG: "EGP",
  KE: "KES",
  CN: "CNY",
  JP: "JPY",
  KR: "KRW",
  IN: "INR",
  ID: "IDR",
  AU: "AUD",
  NZ: "NZD",
  SG: "SGD",
  TH: "THB",
};
const EURO = new Set(["DE", "FR", "IT", "ES", "NL", "BE", "AT", "IE", "GR"]);
const currencyOf = (code: string) => (EURO.has(code) ? "EUR" : (CURRENCIES[code] ?? "USD"));
const OFFICER_NAMES = [
  "Alex Morgan",
  "Sam Lee",
  "Chris Novak",
  "Maria Rossi",
  "Jordan Patel",
  "Yuki Tanaka",
  "Elena Petrova",
  "Omar Haddad",
];

/** "Procter & Gamble" → "procterandgamble" */
const webSlug = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, "and")
    .normalize("NFD")
    .replace(/[^a-z0-9]/g, "");

function buildCompanies(seed: number): { companies: CompanyRecord[]; companyCountry: Map<number, number | null> } {
  const rng = new Rng(seed + 21);
  const companyCountry = new Map<number, number | null>();
  const companies = COMPANY_LINES.trim()
    .split("\n")
    .map((line, index): CompanyRecord => {
      const [name, code, listed] = line.split("|");
      const id = index + 1;
      const countryId = countryIdByCode.get(code) ?? null;
      companyCountry.set(id, countryId);
      const home = countryId === null ? undefined : COUNTRY_ROWS[countryId - 1];
      const isListed = listed === "P";
      const digits = String(hash32(seed, 23, id))
        .padStart(10, "0")
        .slice(0, 9);
      const officer = (salt: number) => OFFICER_NAMES[hash32(seed, salt, id) % OFFICER_NAMES.length];
      return {
        id,
        name,
        description: `${name} is a ${isListed ? "publicly listed" : "privately held"} company${home ? ` headquartered in ${home.name}` : ""}.`,
        currency: currencyOf(code),
        isin: isListed ? `${code || "US"}${digits}${hash32(seed, 24, id) % 10}` : null,
        ipo_date: isListed ? `${1950 + (hash32(seed, 25, id) % 70)}-0${1 + (hash32(seed, 26, id) % 9)}-15` : null,
        fiscal_year_end: code === "JP" || code === "IN" ? "03-31" : "12-31",
        street_address: `${1 + (hash32(seed, 27, id) % 400)} ${["Main Street", "Park Avenue", "Harbour Road", "Market Square"][id % 4]}`,
        state: home ? home.cities[hash32(seed, 28, id) % home.cities.length] : "",
        postal_code: String(10000 + (hash32(seed, 29, id) % 89999)),
        city: home ? home.cities[0] : "",
        website_url: `https://www.${webSlug(name)}.com`,
        officers: [
          { name: officer(30), title: "Chief Executive Officer" },
          { name: officer(31), title: "Chief Financial Officer" },
        ],
        ...stamps(rng),
      };
    });
  return { companies, companyCountry };
}

export function buildCatalogue(seed: number): Catalogue {
  const rng = new Rng(seed + 22);
  const { companies, companyCountry } = buildCompanies(seed);
  const companyIdByName = new Map(companies.map((company) => [company.name, company.id]));
  const sectors: SectorRecord[] = [];
  const categories: CategoryRecord[] = [];
  const brands: BrandRecord[] = [];
  const categorySector = new Map<number, number>();
  const brandCompany = new Map<number, number>();
  const brandCategory = new Map<number, number>();
  const secondCategoryNames = new Map<number, string>();
  const brandFacts = new Map<number, BrandFacts>();

  for (const line of CATALOGUE.trim().split("\n")) {
    if (line.startsWith("## ")) {
      const name = line.slice(3).replace(/\s*\*$/, "");
      const inMostInfluential = line.endsWith("*");
      sectors.push({ id: sectors.length + 1, is_active: true, name, excluded_for_most_influential: !inMostInfluential, ...stamps(rng) });
    } else if (line.startsWith("# ")) {
      const id = categories.length + 1;
      categorySector.set(id, sectors.length);
      categories.push({ id, name: line.slice(2), ...stamps(rng) });
    } else {
      const match = BRAND_LINE.exec(line);
      const companyId = match && companyIdByName.get(match[2]);
      if (!match || !companyId) throw new Error(`catalogue line not understood: ${line}`);
      const [, name, , secondCategory, homeCode, firstYear, neverSurveyed] = match;
      const id = brands.length + 1;
      brandCompany.set(id, companyId);
      brandCategory.set(id, categories.length);
      brands.push({
        id,
        bav_brand_id: 100_000 + id * 7,
        bav_id: 5_000 + id,
        name,
        share_of_company: 0,
        is_core: false,
        is_studied_globally: !homeCode,
        url: `https://www.${webSlug(name)}.com`,
        logo_url: `https://fount.wppbav.com/storage/brand-logos/${100_000 + id * 7}.png`,
        ...stamps(rng),
      });
      if (secondCategory) secondCategoryNames.set(id, secondCategory);
      brandFacts.set(id, {
        homeCountryId: homeCode ? (countryIdByCode.get(homeCode) ?? null) : null,
        firstYear: firstYear ? Number(firstYear) : 0,
        surveyed: !neverSurveyed,
      });
    }
  }
  shareCompanies(seed, brands, brandCompany);

  const categoryIdByName = new Map(categories.map((category) => [category.name, category.id]));
  const brandCategoryIds = new Map<number, number[]>();
  for (const brand of brands) {
    const first = brandCategory.get(brand.id)!;
    const second = categoryIdByName.get(secondCategoryNames.get(brand.id) ?? "");
    brandCategoryIds.set(brand.id, second ? [first, second] : [first]);
  }
  return {
    sectors,
    categories,
    companies,
    brands,
    brandCategoryIds,
    brandFacts,
    categorySector,
    companyCountry,
    brandCompany,
    brandCategory,
  };
}

/** Each company's brands split its business (shares summing to about 1); the biggest is its core brand. */
function shareCompanies(seed: number, brands: BrandRecord[], brandCompany: ReadonlyMap<number, number>): void {
  const byCompany = new Map<number, BrandRecord[]>();
  for (const brand of brands) {
    const list = byCompany.get(brandCompany.get(brand.id)!) ?? [];
    list.push(brand);
    byCompany.set(brandCompany.get(brand.id)!, list);
  }
  for (const owned of byCompany.values()) {
    const weights = owned.map((brand) => 0.2 + hashUnit(seed, 35, brand.id));
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    owned.forEach((brand, index) => (brand.share_of_company = Math.round((weights[index] / total) * 1000) / 1000));
    const core = owned.reduce((best, brand) => (brand.share_of_company > best.share_of_company ? brand : best));
    core.is_core = true;
  }
}

/** Share of the other (brand, country) pairs whose survey name carries the country, as a local variant's does. */
export const COUNTRY_TAGGED_SHARE = 0.08;

/**
 * A brand's name in a country's studies: mostly the global name itself; the local spelling where
 * the brand goes by another name ("Walkers" for Lay's in GB); and for a few brands in each country
 * the name tagged with the country ("Swatch (DE)"), as the survey names a local variant.
 */
export function localBrandName(seed: number, brandId: number, globalName: string, countryId: number, countryCode: string): string {
  const spelled = LOCAL_NAMES[globalName]?.[countryCode];
  if (spelled) return spelled;
  return hashUnit(seed, brandId, countryId, 0x10ca1) < COUNTRY_TAGGED_SHARE ? `${globalName} (${countryCode})` : globalName;
}
