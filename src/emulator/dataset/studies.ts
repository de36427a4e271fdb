import { Rng } from "../prng";
import { COUNTRY_ROWS, FIRST_YEAR, NEWEST_YEAR, QUARTERLY_COUNTRIES, type CountryRow } from "./data/geography";
import { randomTimestamp } from "./timestamps";
import type { StudyPeriod, StudyRecord, StudyType, YearRecord } from "./types";

export const STUDY_TYPES = {
  main: { id: 1, name: "BAV Study", slug: "bav", is_bav_study: true },
  quarterly: { id: 2, name: "Quarterly Tracker", slug: "quarterly", is_bav_study: false },
  special: { id: 3, name: "Special Study", slug: "special", is_bav_study: false },
} as const satisfies Record<string, StudyType>;

/** The study's period object: the page names its two values, "Full Year" and "Quarter" (a special study's wave is the latter). */
export const STUDY_PERIODS = {
  fullYear: { id: 1, name: "Full Year", is_full_year: true },
  quarter: { id: 2, name: "Quarter", is_full_year: false },
} as const satisfies Record<string, StudyPeriod>;

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
  period: StudyPeriod;
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
      plans.push({
        ...base,
        type: STUDY_TYPES.main,
        name: `${row.name} ${year}`,
        period: STUDY_PERIODS.fullYear,
        released,
        months: [2, 6],
      });
    }
    const quarterlyFrom = QUARTERLY_COUNTRIES[row.code];
    if (quarterlyFrom !== undefined && year >= quarterlyFrom) {
      for (let quarter = 1; quarter <= 4; quarter++) {
        const released = year < NEWEST_YEAR || quarter <= 2;
        const months: [number, number] = [quarter * 3 - 2, quarter * 3];
        plans.push({
          ...base,
          type: STUDY_TYPES.quarterly,
          name: `${row.name} ${year} Q${quarter}`,
          period: STUDY_PERIODS.quarter,
          released,
          months,
        });
      }
    }
    for (const special of SPECIALS.filter((s) => s.code === row.code && s.year === year)) {
      const name = `${row.name} ${year} ${special.title}`;
      const period = special.fullYear ? STUDY_PERIODS.fullYear : STUDY_PERIODS.quarter;
      plans.push({ ...base, type: STUDY_TYPES.special, name, period, released: true, months: [5, 8] });
    }
  });
  return plans;
}

const monthStart = (year: number, month: number) => `${year}-${String(month).padStart(2, "0")}-01`;
const monthEnd = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);

export interface StudyTables {
  /** amount_of_brands, categories and amount_of_cells are 0 until the study's brands are chosen */
  studies: StudyRecord[];
  studyCountry: Map<number, number>;
  studyYear: Map<number, number>;
}

const fieldworkTimestamp = (date: string) => `${date}T00:00:00.000000Z`;

export function buildStudies(seed: number, years: readonly YearRecord[]): StudyTables {
  const rng = new Rng(seed + 41);
  const yearIdByNumber = new Map(years.map((year) => [year.year, year.id]));
  const studies: StudyRecord[] = [];
  const studyCountry = new Map<number, number>();
  const studyYear = new Map<number, number>();
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
      const respondents = plan.type === STUDY_TYPES.main ? rng.int(isBig ? 9000 : 2500, isBig ? 17000 : 6000) : rng.int(1500, 3500);
      const id = studies.length + 1;
      studyCountry.set(id, plan.countryIndex + 1);
      studyYear.set(id, yearIdByNumber.get(year)!);
      studies.push({
        id,
        name: plan.name,
        is_active: year >= 2014,
        type: { ...plan.type },
        period: { ...plan.period },
        start_date: fieldworkTimestamp(fieldworkStart),
        end_date: fieldworkTimestamp(fieldworkEnd),
        data_available_at: releasedAt,
        respondents,
        categories: 0,
        data_updated_at: dataUpdatedAt,
        amount_of_cells: 0,
        amount_of_brands: 0,
        created_at: createdAt,
        updated_at: dataUpdatedAt ?? createdAt,
      });
    }
  }
  return { studies, studyCountry, studyYear };
}

/** A released study is one whose data is available; until then it is open to brand-list feedback. */
export const isReleased = (study: StudyRecord): boolean => study.data_available_at !== null;
