import type { BrandRecord, CompanyRecord, WireRecord } from "../dataset/types";
import { hash32 } from "../prng";
import { invert } from "../dataset/studyBrands";
import type { SlimForms } from "./slimForms";

/**
 * One include a route offers. A resource include names the records it embeds (in their slim form,
 * so a dotted include can reach into them: `category.sector`); a `value` include embeds an object
 * that is no resource of its own (a company's stock exchanges).
 */
export type IncludeResolver =
  | { readonly target: string; readonly one: (record: WireRecord) => number | null | undefined }
  | { readonly target: string; readonly many: (record: WireRecord) => readonly number[] }
  | { readonly value: (record: WireRecord) => unknown };

export type IncludeSet = Readonly<Record<string, IncludeResolver>>;

export const one = (target: string, id: (record: WireRecord) => number | null | undefined): IncludeResolver => ({ target, one: id });
export const many = (target: string, ids: (record: WireRecord) => readonly number[]): IncludeResolver => ({ target, many: ids });

/** Inverse relations: which records point at an id through a link. */
function grouped(link: ReadonlyMap<number, number | null>): Map<number, number[]> {
  const byTarget = new Map<number, number[]>();
  for (const [id, target] of link) {
    if (target === null) continue;
    const ids = byTarget.get(target);
    if (ids) ids.push(id);
    else byTarget.set(target, [id]);
  }
  return byTarget;
}

/** The GICS sector of a company, from the emulator's sector of its core brand. */
const GICS_OF_SECTOR: Readonly<Record<string, string>> = {
  Automotive: "Consumer Discretionary",
  "Beverages (Non-alcoholic)": "Consumer Staples",
  "Beverages (Alcoholic)": "Consumer Staples",
  Food: "Consumer Staples",
  Retail: "Consumer Discretionary",
  Technology: "Information Technology",
  Telecommunications: "Communication Services",
  "Financial Services": "Financials",
  "Fashion & Apparel": "Consumer Discretionary",
  Luxury: "Consumer Discretionary",
  "Personal Care & Beauty": "Consumer Staples",
  "Media & Entertainment": "Communication Services",
  "Travel & Hospitality": "Consumer Discretionary",
  Restaurants: "Consumer Discretionary",
  "Household Products": "Consumer Staples",
  "Health & Pharma": "Health Care",
  "Energy & Utilities": "Energy",
  "Sports & Fitness": "Consumer Discretionary",
};
const GICS_SECTORS = [
  "Energy",
  "Materials",
  "Industrials",
  "Consumer Discretionary",
  "Consumer Staples",
  "Health Care",
  "Financials",
  "Information Technology",
  "Communication Services",
  "Utilities",
  "Real Estate",
];
/** A listing's exchange in the slim form of the stock-exchanges page: name, code, ticker suffix, operating MIC. */
const EXCHANGES: Readonly<Record<string, readonly [name: string, code: string, suffix: string, operatingMic: string]>> = {
  US: ["New York Stock Exchange", "NYSE", "", "XNYS"],
  GB: ["London Stock Exchange", "LSE", ".L", "XLON"],
  DE: ["Deutsche Börse Xetra", "XETRA", ".DE", "XETR"],
  FR: ["Euronext Paris", "EPA", ".PA", "XPAR"],
  NL: ["Euronext Amsterdam", "AMS", ".AS", "XAMS"],
  JP: ["Tokyo Stock Exchange", "TSE", ".T", "XJPX"],
  CN: ["Shanghai Stock Exchange", "SSE", ".SS", "XSHG"],
  KR: ["Korea Exchange", "KRX", ".KS", "XKRX"],
  CH: ["SIX Swiss Exchange", "SIX", ".SW", "XSWX"],
  IN: ["National Stock Exchange of India", "NSE", ".NS", "XNSE"],
};

/** A company's includes that are no resource: GICS sector, listings, latest financials (shapes chosen, docs/emulator.md). */
function companyExtras(forms: SlimForms, coreBrandOf: (company: WireRecord) => number | undefined) {
  const { dataset } = forms.related;
  const countryCode = (company: WireRecord) => forms.related.countryCode(dataset.links.companyCountry.get(company.id) ?? -1);
  return {
    gics_sector: {
      value: (company: WireRecord) => {
        const brandId = coreBrandOf(company);
        const sector =
          brandId === undefined
            ? undefined
            : forms.slim("sectors", forms.related.sectorOfCategory(dataset.links.brandCategory.get(brandId)!));
        const index = Math.max(0, GICS_SECTORS.indexOf(GICS_OF_SECTOR[String(sector?.name)] ?? "Consumer Discretionary"));
        return { id: index + 1, name: GICS_SECTORS[index] }; // the gics-sectors page's slim form
      },
    },
    stock_exchanges: {
      value: (company: WireRecord) => {
        if ((company as CompanyRecord).isin === null) return [];
        const [name, code, suffix, operating_mic] = EXCHANGES[countryCode(company)] ?? EXCHANGES.US;
        return [{ id: Object.keys(EXCHANGES).indexOf(countryCode(company)) + 1 || 1, name, code, suffix, operating_mic }];
      },
    },
    latest_financials: {
      value: (company: WireRecord) => {
        const { isin, currency, fiscal_year_end } = company as CompanyRecord;
        if (isin === null) return null;
        const revenue = 1_000 + (hash32(dataset.seed, 92, company.id) % 300_000);
        return {
          fiscal_year: dataset.newestYear - 1,
          fiscal_year_end,
          currency,
          revenue: revenue * 1_000_000,
          net_income: Math.round(revenue * (0.02 + (hash32(dataset.seed, 93, company.id) % 15) / 100)) * 1_000_000,
        };
      },
    },
  } satisfies Record<string, IncludeResolver>;
}

/**
 * Each resource's documented includes (SCHEMA.json `includes`), and the names the Python SDK or
 * the Postman collection send besides: brand-metric-groups `metrics`, collections `brands`.
 */
export function includeSets(forms: SlimForms): Record<string, IncludeSet> {
  const { dataset } = forms.related;
  const { links } = dataset;
  const of = (map: ReadonlyMap<number, readonly number[]>) => (record: WireRecord) => map.get(record.id) ?? [];
  const linked = (map: ReadonlyMap<number, number | null>) => (record: WireRecord) => map.get(record.id);
  const audiencesOfGroup = invert(dataset.audienceGroupIds);
  const metricsOfGroup = of(grouped(links.metricGroup));
  const brandsOfCompany = grouped(links.brandCompany);
  const coreBrandOf = (company: WireRecord) =>
    (brandsOfCompany.get(company.id) ?? []).find((id) => (forms.record("brands", id) as BrandRecord | undefined)?.is_core);

  return {
    "audience-groups": { audiences: many("audiences", of(audiencesOfGroup)) },
    audiences: { group: one("audience-groups", linked(links.audienceGroup)) },
    "brand-metric-groups": { metric: many("brand-metrics", metricsOfGroup), metrics: many("brand-metrics", metricsOfGroup) },
    "brand-metrics": { group: one("brand-metric-groups", linked(links.metricGroup)) },
    brands: {
      company: one("companies", linked(links.brandCompany)),
      sector: one("sectors", (brand) => forms.related.sectorOfCategory(links.brandCategory.get(brand.id)!)),
      studies: many("studies", of(dataset.brandStudyIds)),
      countries: many("countries", (brand) => [...forms.related.brandReach(brand.id).countryIds].sort((a, b) => a - b)),
    },
    categories: { sector: one("sectors", linked(links.categorySector)) },
    cities: { country: one("countries", linked(links.cityCountry)) },
    collections: { brands: many("brands", of(dataset.collectionBrandIds)) },
    companies: {
      brand: one("brands", coreBrandOf),
      brands: many("brands", of(brandsOfCompany)),
      country: one("countries", linked(links.companyCountry)),
      ...companyExtras(forms, coreBrandOf),
    },
    countries: { region: one("regions", linked(links.countryRegion)) },
    regions: { countries: many("countries", of(grouped(links.countryRegion))) },
    sectors: { categories: many("categories", of(grouped(links.categorySector))) },
    studies: { country: one("countries", linked(links.studyCountry)), year: one("years", linked(links.studyYear)) },
    years: {},
  };
}
