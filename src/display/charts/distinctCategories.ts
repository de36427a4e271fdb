import { frameToRecords, type FrameLike } from "../frameLike";

/** Columns that usually tell two rows of one brand apart, in the order they are tried. */
const TELLING_COLUMNS = [
  "category_name",
  "global_category_name",
  "audience_name",
  "global_audience_name",
  "study_name",
  "global_study_name",
  "year",
  "global_study_year_year",
];

const separator = " · ";

/**
 * The chart's rows with each category made distinct, so that a category that repeats (a brand
 * studied in two categories) is drawn once per row instead of one bar of the rows' sum. A repeated
 * category is labelled by the field `detail` names, else by the first column that tells its rows
 * apart ("Ryanair · Airlines", "Ryanair · Travel"), else numbered ("Ryanair #2"); a label made so
 * never takes another row's (numbered on: "A · x #2"). Rows whose category is unique keep their
 * label; a row without one is labelled "null", as the chart would show it. Within `groupBy` (a
 * grouped bar's colour) a category may appear once per group.
 */
export function distinctCategories(
  data: FrameLike,
  category: string,
  options: { detail?: string; groupBy?: string } = {},
): Record<string, unknown>[] {
  const records = frameToRecords(data);
  // a field no row has is chartValues' to name
  if (!records.some((record) => Object.hasOwn(record, category))) return records;
  const groupOf = (record: Record<string, unknown>) => (options.groupBy ? String(record[options.groupBy]) : "");
  const baseOf = (record: Record<string, unknown>) => String(record[category] ?? null);
  const keyOf = (label: string, record: Record<string, unknown>) => `${label}\u0000${groupOf(record)}`;
  const rowsByKey = new Map<string, number[]>();
  records.forEach((record, row) => {
    const key = keyOf(baseOf(record), record);
    rowsByKey.set(key, [...(rowsByKey.get(key) ?? []), row]);
  });
  const labelled = records.map((record) => ({ ...record }));
  // the labels rows keep as they are come first: a label made for a repeated category must not take one
  const taken = new Set<string>();
  const repeated: number[][] = [];
  for (const rows of rowsByKey.values()) {
    if (rows.length > 1) repeated.push(rows);
    else taken.add(keyOf(baseOf(records[rows[0]]), records[rows[0]]));
  }
  for (const rows of repeated) {
    const detail =
      options.detail ??
      tellingColumn(
        rows.map((row) => records[row]),
        category,
      );
    for (const row of rows) {
      const record = records[row];
      const base = baseOf(record);
      const label = detail !== undefined && record[detail] != null ? `${base}${separator}${String(record[detail])}` : base;
      let unique = label;
      for (let count = 2; taken.has(keyOf(unique, record)); count++) unique = `${label} #${count}`;
      taken.add(keyOf(unique, record));
      labelled[row][category] = unique;
    }
  }
  return labelled;
}

/** The first column whose values differ across the rows, among the usual ones and then any text column. */
function tellingColumn(rows: readonly Record<string, unknown>[], category: string): string | undefined {
  const differs = (column: string) => column !== category && new Set(rows.map((row) => String(row[column] ?? ""))).size === rows.length;
  const known = TELLING_COLUMNS.find((column) => Object.hasOwn(rows[0], column) && differs(column));
  if (known) return known;
  return Object.keys(rows[0]).find((column) => typeof rows[0][column] === "string" && differs(column));
}
