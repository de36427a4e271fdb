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
 * apart ("Ryanair · Airlines", "Ryanair · Travel"), else numbered ("Ryanair #2"). Rows whose
 * category is unique keep their label; within `groupBy` (a grouped bar's colour) a category may
 * appear once per group.
 */
export function distinctCategories(
  data: FrameLike,
  category: string,
  options: { detail?: string; groupBy?: string } = {},
): Record<string, unknown>[] {
  const records = frameToRecords(data);
  // a field the rows lack is chartValues' to name
  if (!records.every((record) => category in record)) return records;
  const keyOf = (record: Record<string, unknown>) =>
    `${String(record[category])}\u0000${options.groupBy ? String(record[options.groupBy]) : ""}`;
  const rowsByKey = new Map<string, number[]>();
  records.forEach((record, row) => rowsByKey.set(keyOf(record), [...(rowsByKey.get(keyOf(record)) ?? []), row]));
  const labelled = records.map((record) => ({ ...record }));
  for (const rows of rowsByKey.values()) {
    if (rows.length < 2) continue;
    const detail =
      options.detail ??
      tellingColumn(
        rows.map((row) => records[row]),
        category,
      );
    const labels = rows.map((row) => {
      const base = String(records[row][category]);
      return detail !== undefined && records[row][detail] != null ? `${base}${separator}${String(records[row][detail])}` : base;
    });
    const seen = new Map<string, number>();
    rows.forEach((row, position) => {
      const count = (seen.get(labels[position]) ?? 0) + 1;
      seen.set(labels[position], count);
      labelled[row][category] = count === 1 ? labels[position] : `${labels[position]} #${count}`;
    });
  }
  return labelled;
}

/** The first column whose values differ across the rows, among the usual ones and then any text column. */
function tellingColumn(rows: readonly Record<string, unknown>[], category: string): string | undefined {
  const differs = (column: string) => column !== category && new Set(rows.map((row) => String(row[column] ?? ""))).size === rows.length;
  const known = TELLING_COLUMNS.find((column) => column in rows[0] && differs(column));
  if (known) return known;
  return Object.keys(rows[0]).find((column) => typeof rows[0][column] === "string" && differs(column));
}
