import { METRIC_ROWS, SCORE_TYPES, type MetricRow, type ScoreSuffix } from "../dataset/data/metrics";
import { packWords, type PackedWords } from "./byteSink";
import { stageScale } from "./valueModel";

/** How a metric column's value is drawn and written. */
export enum ValueKind {
  Base, // a base size: respondents, an integer 100–1999
  Centile, // 0.0–100.0
  Rank, // a percentile rank among the study's brands: an integer 0–100
  Percent, // 0.0–100.0
  BrandscapeIndex, // integer around 100
  CategoryIndex, // 40.0–180.0
  Null, // a column that is always null
}

/** Precomputed number texts, so a value is written by lookup rather than by formatting. */
const texts = (count: number, divisor: number) => Array.from({ length: count }, (_, n) => String(n / divisor));
const TENTHS = texts(1_801, 10);
const TEXT_TABLES = {
  integers: texts(10_001, 1),
  tenths: TENTHS,
  quotedTenths: TENTHS.map((text) => `"${text}"`),
  nulls: ["null"],
};
type TextTable = keyof typeof TEXT_TABLES;

/** Every value text in one packed array (one array for the hot loop); each table starts at its base. */
export const VALUE_TEXTS: PackedWords = packWords(Object.values(TEXT_TABLES).flat(), 2);
const TABLE_BASES = {} as Record<TextTable, number>;
Object.keys(TEXT_TABLES).reduce((base, name) => {
  TABLE_BASES[name as TextTable] = base;
  return base + TEXT_TABLES[name as TextTable].length;
}, 0);

/** How a kind of value is drawn from a cell's draw in [0, 1): entry `offset + floor(draw × modulus)` of a text table. */
interface Draw {
  readonly table: TextTable;
  readonly offset: number;
  readonly modulus: number;
  /** table index → JSON number */
  readonly divisor: number;
}

const DRAWS: Readonly<Record<ValueKind, Draw>> = {
  [ValueKind.Base]: { table: "integers", offset: 100, modulus: 1_900, divisor: 1 },
  [ValueKind.Centile]: { table: "tenths", offset: 0, modulus: 1_001, divisor: 10 },
  [ValueKind.Percent]: { table: "tenths", offset: 0, modulus: 1_001, divisor: 10 },
  [ValueKind.Rank]: { table: "integers", offset: 0, modulus: 101, divisor: 1 },
  [ValueKind.BrandscapeIndex]: { table: "integers", offset: 40, modulus: 181, divisor: 1 },
  [ValueKind.CategoryIndex]: { table: "tenths", offset: 400, modulus: 1_401, divisor: 10 },
  [ValueKind.Null]: { table: "nulls", offset: 0, modulus: 1, divisor: 1 },
};

export interface MetricColumn extends Draw {
  readonly name: string;
  /** position among all metric columns; salts the value hash */
  readonly position: number;
  /** position of its metric among all metrics: the columns of one metric share the brand's level */
  readonly metricIndex: number;
  readonly metricKey: string;
  readonly groupKey: string;
  readonly kind: ValueKind;
  /** the docs: usage, preference and recommendation scores differ between a brand's categories */
  readonly categorySpecific: boolean;
  /** the funnel's narrowing, for its percentages and base sizes (valueModel.ts); 1 elsewhere */
  readonly scale: number;
  /** written as a numeric string ("47.3"), as some real columns are */
  readonly quoted: boolean;
  /** `,"name":` ready to append */
  readonly prefix: string;
  /** where the column's table starts in VALUE_TEXTS */
  readonly tableBase: number;
  /** the longest value text it can write */
  readonly maxValueBytes: number;
}

/** The row's metadata, ahead of its metric columns. */
export const META_COLUMNS = [
  "id",
  "study_id",
  "country_id",
  "year_id",
  "brand_id",
  "category_id",
  "audience_id",
  "brand_name",
  "category_name",
  "is_duplicate",
] as const;
export type MetaColumn = (typeof META_COLUMNS)[number];

const SUFFIX_KINDS: Readonly<Record<ScoreSuffix, ValueKind>> = {
  "": ValueKind.Base, // the value scores of this dataset are its base sizes
  _c: ValueKind.Centile,
  _rank: ValueKind.Rank,
  _pct: ValueKind.Percent,
  _brandscape_index: ValueKind.BrandscapeIndex,
  _category_index: ValueKind.CategoryIndex,
};

/** A metric's score suffixes, in column order; brand-metrics' `brandscape_data_columns` lists the same. */
const suffixesOf = (metric: MetricRow): ScoreSuffix[] =>
  SCORE_TYPES.filter((type) => metric.scores.has(type.flag)).flatMap((type) => [...type.suffixes]);

function kindFor(metric: MetricRow, drawn: ValueKind): ValueKind {
  return metric.kind === "legacy" ? ValueKind.Null : drawn; // discontinued: its columns stay, empty
}

/** Funnel percentages and centiles arrive as numeric strings. */
const isQuoted = (metric: MetricRow, suffix: string) => metric.groupKey === "funnel" && (suffix === "_pct" || suffix === "_c");

export const METRIC_COLUMNS: readonly MetricColumn[] = METRIC_ROWS.flatMap((metric, metricIndex) =>
  suffixesOf(metric).map((suffix) => ({ metric, metricIndex, suffix, drawn: SUFFIX_KINDS[suffix] })),
).map(({ metric, metricIndex, suffix, drawn }, position) => {
  const name = metric.key + suffix;
  const kind = kindFor(metric, drawn);
  const quoted = isQuoted(metric, suffix);
  const draw = DRAWS[kind];
  const table: TextTable = quoted && draw.table === "tenths" ? "quotedTenths" : draw.table;
  return {
    name,
    position,
    metricIndex,
    metricKey: metric.key,
    groupKey: metric.groupKey,
    kind,
    categorySpecific: metric.categorySpecific,
    scale: stageScale(metric.key, suffix === "_pct" || suffix === ""),
    quoted,
    prefix: `,${JSON.stringify(name)}:`,
    ...draw,
    table,
    tableBase: TABLE_BASES[table],
    maxValueBytes: Math.max(...TEXT_TABLES[table].map((text) => text.length)),
  };
});

export const ALL_COLUMN_NAMES: readonly string[] = [...META_COLUMNS, ...METRIC_COLUMNS.map((column) => column.name)];
export const COLUMN_NAME_SET: ReadonlySet<string> = new Set(ALL_COLUMN_NAMES);
export const METRIC_COLUMN_BY_NAME: ReadonlyMap<string, MetricColumn> = new Map(METRIC_COLUMNS.map((c) => [c.name, c]));

/** The column that stands for a metric as a whole (what a tool ranks by): its construct score, else its percentage, else its value. */
export const HEADLINE_COLUMN: ReadonlyMap<string, MetricColumn> = new Map(
  METRIC_ROWS.map((metric) => {
    const name = ["_c", "_pct", ""].map((suffix) => metric.key + suffix).find((candidate) => METRIC_COLUMN_BY_NAME.has(candidate));
    return [metric.key, METRIC_COLUMN_BY_NAME.get(name!)!];
  }),
);

/** The table index of a cell from its draw in [0, 1): high draws are high scores and high percentile ranks. */
export function drawIndex(column: MetricColumn, unit: number): number {
  const count = column.modulus;
  const step = Math.floor(unit * count);
  return column.offset + (step < count ? step : count - 1);
}

/** The JSON value of a column (for sorting and filtering by value). */
export function jsonValue(column: MetricColumn, index: number): number | string | null {
  if (column.kind === ValueKind.Null) return null;
  const number = index / column.divisor;
  return column.quoted ? String(number) : number;
}
