import { Rng } from "../prng";
import { COUNTRY_ROWS, FIRST_YEAR, NEWEST_YEAR, QUARTERLY_COUNTRIES, type CountryRow } from "./data/geography";
import { randomTimestamp } from "./timestamps";
import type { StudyRecord, StudyType, YearRecord } from "./types";

export const STUDY_TYPES = {
  main: { id: 1, name: "BAV Study", slug: "bav", is_bav_study: true },
  quarterly: { id: 2, name: "Quarterly Tracker", slug: "quarterly", is_bav_study: false },
  special: { id: 3, name: "Special Study", slug: "special", is_bav_study: false },
} as const satisfies Record<string, StudyType>;

const SPECIALS: ReadonlyArray<{ code: string; year: number; title: string; fullYear: boolean }> = [
  { code: "US", year: 2020, title: "COVID-19 Pulse", fullYear: false },
  { code: "GB", year: 2020, title: "COVID-19 Pulse", fullYear: false },
  { code: "JP", year: 2021, title: "Tokyo Games", fullYear: false },
  { code: "US", year: 2022, title: "Gen Z", fullYear: true },
  { code: "BR", year: 2022, title: "World Cup", fullYear: false },
  { code: "DE", year: 2023, title: "Sustainability", fullYear: true },
  { code: "IN", year: 2023, title: "Cricket World Cup", fullYear: false },
  { code: "US", year: 2024, title: "Election Year", fullYear: false },
  { code: "FR", year: 2024, title: "Paris Games", fullYear: false },
];

/** Newest-year main studies already out; the rest of that year is still in the field. */
const RELEASED_EARLY = new Set(["US", "GB", "DE", "CN", "JP"]);

export function hasMainStudy(row: CountryRow, year: number): boolean {
  if (row.lastYear !== undefined && year > row.lastYear) return false;
  if (row.tier === 1) return true;
  if (row.tier === 2) return year >= 2015;
  return year % 2 === 0 || year >= 2021;
}

interface StudyPlan {
  countryIndex: number;
  year: number;
  type: StudyType;
  name: string;
  fullYear: boolean;
  released: boolean;
  /** fieldwork months, 1-based */
  months: [number, number];
}

function plansFor(year: number): StudyPlan[] {
  const plans: StudyPlan[] = [];
  COUNTRY_ROWS.forEach((row, countryIndex) => {
    const base = { countryIndex, year };
    if (hasMainStudy(row, year)) {
      const released = year < NEWEST_YEAR || RELEASED_EARLY.has(row.code);
      plans.push({ ...base, type: STUDY_TYPES.main, name: `${row.name} ${year}`, fullYear: true, released, months: [2, 6] });
    }
    const quarterlyFrom = QUARTERLY_COUNTRIES[row.code];
    if (quarterlyFrom !== undefined && year >= quarterlyFrom) {
      for (let quarter = 1; quarter <= 4; quarter++) {
        const released = year < NEWEST_YEAR || quarter <= 2;
        const months: [number, number] = [quarter * 3 - 2, quarter * 3];
        plans.push({ ...base, type: STUDY_TYPES.quarterly, name: `${row.name} ${year} Q${quarter}`, fullYear: false, released, months });
      }
    }
    for (const special of SPECIALS.filter((s) => s.code === row.code && s.year === year)) {
      const name = `${row.name} ${year} ${special.title}`;
      plans.push({ ...base, type: STUDY_TYPES.special, name, fullYear: special.fullYear, released: true, months: [5, 8] });
    }
  });
  return plans;
}

const monthStart = (year: number, month: number) => `${year}-${String(month).padStart(2, "0")}-01`;
const monthEnd = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);

export function buildStudies(seed: number, years: readonly YearRecord[]): StudyRecord[] {
  const rng = new Rng(seed + 41);
  const yearIdByNumber = new Map(years.map((year) => [year.year, year.id]));
  const studies: StudyRecord[] = [];
  for (let year = FIRST_YEAR; year <= NEWEST_YEAR; year++) {
    for (const plan of plansFor(year)) {
      const fieldworkStart = monthStart(year, plan.months[0]);
      const fieldworkEnd = monthEnd(year, plan.months[1]);
      const releaseMonth = Math.min(plan.months[1] + 3, 12);
      const releasedAt = plan.released ? randomTimestamp(rng, monthStart(year, releaseMonth), monthEnd(year, releaseMonth)) : null;
      const dataUpdatedAt =
        releasedAt && rng.chance(0.25) ? randomTimestamp(rng, releasedAt.slice(0, 19) + "Z", `${year + 1}-12-31`) : releasedAt;
      const createdAt = randomTimestamp(rng, monthStart(year - 1, 11), fieldworkStart);
      const isBig = COUNTRY_ROWS[plan.countryIndex].tier === 1;
      const sampleSize = plan.type === STUDY_TYPES.main ? rng.int(isBig ? 9000 : 2500, isBig ? 17000 : 6000) : rng.int(1500, 3500);
      studies.push({
        id: studies.length + 1,
        name: plan.name,
        country_id: plan.countryIndex + 1,
        year_id: yearIdByNumber.get(year)!,
        type: { ...plan.type },
        full_year: plan.fullYear ? 1 : 0,
        released: plan.released ? 1 : 0,
        active: year >= 2014 ? 1 : 0,
        open_survey: plan.released ? 0 : 1,
        sample_size: sampleSize,
        fieldwork_start: fieldworkStart,
        fieldwork_end: fieldworkEnd,
        released_at: releasedAt,
        data_updated_at: dataUpdatedAt,
        created_at: createdAt,
        updated_at: dataUpdatedAt ?? createdAt,
      });
    }
  }
  return studies;
}
