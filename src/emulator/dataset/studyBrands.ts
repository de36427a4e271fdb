import { hashUnit } from "../prng";
import type { BrandFacts } from "./catalogue";
import { ICONIC_BRANDS } from "./data/brands";
import { COUNTRY_ROWS } from "./data/geography";
import { STUDY_TYPES } from "./studies";
import type { BrandRecord, StudyRecord, YearRecord } from "./types";

/** Share of the international brands a main study surveys, by country tier. */
const INTERNATIONAL_SHARE = { 1: 0.45, 2: 0.3, 3: 0.22 } as const;
const TRACKER_SHARE = 0.4;
const SPECIAL_SHARE = 0.3;

/**
 * Which brands each study surveys. A brand is in or out of a country for good (with a little churn
 * from year to year), so a brand's rows follow it across the years of one country.
 */
export function assignStudyBrands(
  seed: number,
  studies: readonly StudyRecord[],
  brands: readonly BrandRecord[],
  brandFacts: ReadonlyMap<number, BrandFacts>,
  years: readonly YearRecord[],
  studyCountry: ReadonlyMap<number, number>,
  studyYear: ReadonlyMap<number, number>,
): Map<number, number[]> {
  const yearById = new Map(years.map((year) => [year.id, year.year]));
  const mainBrands = new Map<string, number[]>();
  const byStudy = new Map<number, number[]>();

  const mainStudyBrands = (countryId: number, year: number): number[] => {
    const key = `${countryId}:${year}`;
    let chosen = mainBrands.get(key);
    if (!chosen) {
      const share = INTERNATIONAL_SHARE[COUNTRY_ROWS[countryId - 1].tier];
      chosen = brands
        .filter((brand) => {
          const facts = brandFacts.get(brand.id)!;
          if (!facts.surveyed || facts.firstYear > year) return false;
          if (facts.homeCountryId !== null) return facts.homeCountryId === countryId;
          if (ICONIC_BRANDS.has(brand.name)) return true;
          return hashUnit(seed, 31, brand.id, countryId) < share && hashUnit(seed, 32, brand.id, countryId * 10000 + year) < 0.92;
        })
        .map((brand) => brand.id);
      mainBrands.set(key, chosen);
    }
    return chosen;
  };

  for (const study of studies) {
    const all = mainStudyBrands(studyCountry.get(study.id)!, yearById.get(studyYear.get(study.id)!)!);
    if (study.type.id === STUDY_TYPES.main.id) {
      byStudy.set(study.id, all);
    } else {
      const share = study.type.id === STUDY_TYPES.quarterly.id ? TRACKER_SHARE : SPECIAL_SHARE;
      byStudy.set(
        study.id,
        all.filter((brandId) => hashUnit(seed, 33, brandId, study.id) < share),
      );
    }
  }
  return byStudy;
}

export function invert(byKey: ReadonlyMap<number, readonly number[]>): Map<number, number[]> {
  const inverted = new Map<number, number[]>();
  for (const [key, values] of byKey) {
    for (const value of values) {
      const list = inverted.get(value);
      if (list) list.push(key);
      else inverted.set(value, [key]);
    }
  }
  return inverted;
}
