export const REGION_NAMES = [
  "North America",
  "Latin America",
  "Western Europe",
  "Central & Eastern Europe",
  "Middle East & Africa",
  "Asia Pacific",
] as const;

/**
 * How often a country is surveyed: 1 = a main study every year, 2 = every year since 2015,
 * 3 = even years until 2020 and every year since.
 */
export type StudyTier = 1 | 2 | 3;

export interface CountryRow {
  readonly code: string;
  readonly iso3: string;
  readonly name: string;
  readonly regionIndex: number;
  readonly tier: StudyTier;
  /** first city is the capital */
  readonly cities: readonly string[];
  /** the last year surveyed, when the country was dropped */
  readonly lastYear?: number;
}

const row = (
  code: string,
  iso3: string,
  name: string,
  regionIndex: number,
  tier: StudyTier,
  cities: string,
  lastYear?: number,
): CountryRow => ({ code, iso3, name, regionIndex, tier, cities: cities.split("|"), lastYear });

export const COUNTRY_ROWS: readonly CountryRow[] = [
  row("US", "USA", "United States", 0, 1, "Washington|New York|Los Angeles|Chicago|Houston|San Francisco"),
  row("CA", "CAN", "Canada", 0, 1, "Ottawa|Toronto|Montreal|Vancouver"),
  row("MX", "MEX", "Mexico", 1, 1, "Mexico City|Guadalajara|Monterrey"),
  row("BR", "BRA", "Brazil", 1, 1, "Brasília|São Paulo|Rio de Janeiro|Belo Horizonte"),
  row("AR", "ARG", "Argentina", 1, 2, "Buenos Aires|Córdoba|Rosario"),
  row("CL", "CHL", "Chile", 1, 2, "Santiago|Valparaíso"),
  row("CO", "COL", "Colombia", 1, 2, "Bogotá|Medellín|Cali"),
  row("GB", "GBR", "United Kingdom", 2, 1, "London|Manchester|Birmingham|Edinburgh|Glasgow"),
  row("DE", "DEU", "Germany", 2, 1, "Berlin|Hamburg|Munich|Cologne|Frankfurt"),
  row("FR", "FRA", "France", 2, 1, "Paris|Lyon|Marseille|Toulouse"),
  row("IT", "ITA", "Italy", 2, 1, "Rome|Milan|Naples|Turin"),
  row("ES", "ESP", "Spain", 2, 1, "Madrid|Barcelona|Valencia|Seville"),
  row("NL", "NLD", "Netherlands", 2, 2, "Amsterdam|Rotterdam|The Hague|Utrecht"),
  row("BE", "BEL", "Belgium", 2, 2, "Brussels|Antwerp|Ghent"),
  row("CH", "CHE", "Switzerland", 2, 2, "Bern|Zurich|Geneva|Basel"),
  row("AT", "AUT", "Austria", 2, 2, "Vienna|Graz|Salzburg"),
  row("SE", "SWE", "Sweden", 2, 2, "Stockholm|Gothenburg|Malmö"),
  row("NO", "NOR", "Norway", 2, 2, "Oslo|Bergen"),
  row("DK", "DNK", "Denmark", 2, 2, "Copenhagen|Aarhus"),
  row("IE", "IRL", "Ireland", 2, 2, "Dublin|Cork"),
  row("GR", "GRC", "Greece", 2, 3, "Athens|Thessaloniki"),
  row("PL", "POL", "Poland", 3, 2, "Warsaw|Kraków|Gdańsk|Wrocław"),
  row("CZ", "CZE", "Czechia", 3, 2, "Prague|Brno"),
  row("HU", "HUN", "Hungary", 3, 3, "Budapest|Debrecen"),
  row("RO", "ROU", "Romania", 3, 3, "Bucharest|Cluj-Napoca"),
  row("RU", "RUS", "Russia", 3, 3, "Moscow|Saint Petersburg|Novosibirsk", 2021),
  row("TR", "TUR", "Turkey", 3, 2, "Ankara|Istanbul|Izmir"),
  row("AE", "ARE", "United Arab Emirates", 4, 2, "Abu Dhabi|Dubai|Sharjah"),
  row("SA", "SAU", "Saudi Arabia", 4, 2, "Riyadh|Jeddah|Mecca"),
  row("IL", "ISR", "Israel", 4, 3, "Jerusalem|Tel Aviv|Haifa"),
  row("ZA", "ZAF", "South Africa", 4, 2, "Pretoria|Johannesburg|Cape Town|Durban"),
  row("EG", "EGY", "Egypt", 4, 3, "Cairo|Alexandria"),
  row("KE", "KEN", "Kenya", 4, 3, "Nairobi|Mombasa"),
  row("CN", "CHN", "China", 5, 1, "Beijing|Shanghai|Guangzhou|Shenzhen|Chengdu"),
  row("JP", "JPN", "Japan", 5, 1, "Tokyo|Osaka|Yokohama|Kyoto"),
  row("KR", "KOR", "South Korea", 5, 2, "Seoul|Busan|Incheon"),
  row("IN", "IND", "India", 5, 1, "New Delhi|Mumbai|Bangalore|Chennai|Kolkata"),
  row("ID", "IDN", "Indonesia", 5, 2, "Jakarta|Surabaya|Bandung"),
  row("AU", "AUS", "Australia", 5, 1, "Canberra|Sydney|Melbourne|Brisbane|Perth"),
  row("NZ", "NZL", "New Zealand", 5, 3, "Wellington|Auckland|Christchurch"),
  row("SG", "SGP", "Singapore", 5, 2, "Singapore"),
  row("TH", "THA", "Thailand", 5, 3, "Bangkok|Chiang Mai"),
];

export const FIRST_YEAR = 2012;
export const NEWEST_YEAR = 2025;
/** Years of the U.S. News "Best Countries" report. */
export const BEST_COUNTRIES_YEARS = [2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024] as const;
/** Countries with quarterly tracking studies, and from which year. */
export const QUARTERLY_COUNTRIES: Readonly<Record<string, number>> = { US: 2020, GB: 2020, DE: 2021, CN: 2021 };
