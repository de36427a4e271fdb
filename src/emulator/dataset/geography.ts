import { hashUnit, Rng } from "../prng";
import { COUNTRY_FACTS, flagEmoji } from "./data/countryFacts";
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

export interface CountryTables {
  countries: CountryRecord[];
  countryRegion: Map<number, number>;
  countryBestYears: Map<number, number[]>;
}

export function buildCountries(seed: number): CountryTables {
  const rng = new Rng(seed + 12);
  const countryRegion = new Map<number, number>();
  const countryBestYears = new Map<number, number[]>();
  const countries = COUNTRY_ROWS.map((row, index): CountryRecord => {
    const id = index + 1;
    const facts = COUNTRY_FACTS.get(row.code)!;
    countryRegion.set(id, row.regionIndex + 1);
    countryBestYears.set(id, bestCountriesYears(seed, index));
    return {
      id,
      is_active: row.lastYear === undefined,
      name: row.name,
      native_name: facts.nativeName,
      code: row.code,
      code_alpha3: row.iso3,
      code_numeric: facts.numeric,
      capital: row.cities[0],
      area: facts.area.toFixed(2),
      latitude: facts.latitude.toFixed(8),
      longitude: facts.longitude.toFixed(8),
      flag: flagEmoji(row.code),
      ...stamps(rng),
    };
  });
  return { countries, countryRegion, countryBestYears };
}

export interface CityTables {
  cities: CityRecord[];
  cityCountry: Map<number, number>;
}

export function buildCities(seed: number): CityTables {
  const rng = new Rng(seed + 13);
  const cityCountry = new Map<number, number>();
  const cities = COUNTRY_ROWS.flatMap((row, countryIndex) => {
    const facts = COUNTRY_FACTS.get(row.code)!;
    return row.cities.map((name, cityIndex) => {
      const isCapital = cityIndex === 0;
      const population = Math.round(((isCapital ? 2_000_000 : 600_000) * (0.5 + 4 * rng.next())) / 1000) * 1000;
      const elevation = Math.round(400 * hashUnit(seed, 131, countryIndex, cityIndex));
      // a city sits within a few degrees of its country's centre
      const offset = (salt: number) => (hashUnit(seed, salt, countryIndex, cityIndex) - 0.5) * 6;
      return {
        countryId: countryIndex + 1,
        record: {
          name,
          latitude: (facts.latitude + offset(132)).toFixed(5),
          longitude: (facts.longitude + offset(133)).toFixed(5),
          timezone: facts.timezone,
          population,
          elevation,
          digital_elevation_model: elevation + Math.round(10 * hashUnit(seed, 134, countryIndex, cityIndex)),
          geonames_feature_code: isCapital ? "PPLC" : cityIndex === 1 ? "PPLA" : "PPL",
          ...stamps(rng),
        },
      };
    });
  }).map(({ countryId, record }, index): CityRecord => {
    cityCountry.set(index + 1, countryId);
    return { id: index + 1, ...record };
  });
  return { cities, cityCountry };
}

export function buildYears(seed: number): YearRecord[] {
  const rng = new Rng(seed + 14);
  const years: YearRecord[] = [];
  for (let year = FIRST_YEAR; year <= NEWEST_YEAR; year++) {
    const created = `${year - 1}-11-${String(rng.int(1, 28)).padStart(2, "0")}`;
    // Ogilvy's impact metrics joined the survey in 2019
    years.push({ id: years.length + 1, year, has_ogilvy_impact: year >= 2019, ...stamps(rng, created, `${year - 1}-12-31`) });
  }
  return years;
}
