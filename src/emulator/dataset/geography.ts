import { hashUnit, Rng } from "../prng";
import { BEST_COUNTRIES_YEARS, COUNTRY_ROWS, FIRST_YEAR, NEWEST_YEAR, REGION_NAMES } from "./data/geography";
import { stamps } from "./timestamps";
import type { CityRecord, CountryRecord, RegionRecord, YearRecord } from "./types";

export function buildRegions(seed: number): RegionRecord[] {
  const rng = new Rng(seed + 11);
  return REGION_NAMES.map((name, index) => ({ id: index + 1, name, ...stamps(rng) }));
}

/** The Best Countries report covers most of our countries, a few only from a later edition. */
function bestCountriesYears(seed: number, countryIndex: number): number[] {
  const roll = hashUnit(seed, 71, countryIndex);
  const firstYear = roll < 0.75 ? 2016 : roll < 0.9 ? 2019 : 2021;
  return BEST_COUNTRIES_YEARS.filter((year) => year >= firstYear);
}

export function buildCountries(seed: number): CountryRecord[] {
  const rng = new Rng(seed + 12);
  return COUNTRY_ROWS.map((row, index) => ({
    id: index + 1,
    name: row.name,
    code: row.code,
    iso3: row.iso3,
    region_id: row.regionIndex + 1,
    active: row.lastYear === undefined ? 1 : 0,
    best_countries_years: bestCountriesYears(seed, index),
    ...stamps(rng),
  }));
}

export function buildCities(seed: number): CityRecord[] {
  const rng = new Rng(seed + 13);
  return COUNTRY_ROWS.flatMap((row, countryIndex) =>
    row.cities.map((name, cityIndex) => ({
      name,
      country_id: countryIndex + 1,
      capital: cityIndex === 0,
      population: Math.round(((cityIndex === 0 ? 2_000_000 : 600_000) * (0.5 + 4 * rng.next())) / 1000) * 1000,
      ...stamps(rng),
    })),
  ).map((city, index) => ({ id: index + 1, ...city }));
}

export function buildYears(seed: number): YearRecord[] {
  const rng = new Rng(seed + 14);
  const years: YearRecord[] = [];
  for (let year = FIRST_YEAR; year <= NEWEST_YEAR; year++) {
    const created = `${year - 1}-11-${String(rng.int(1, 28)).padStart(2, "0")}`;
    years.push({ id: years.length + 1, year, ...stamps(rng, created, `${year - 1}-12-31`) });
  }
  return years;
}
