import type { DataFrame } from "danfojs-node";

/** A frame's cells by column name, row by row. */
export function frameRecords(frame: DataFrame): Record<string, unknown>[] {
  const columns = frame.columns;
  return (frame.values as unknown[][]).map((row) => Object.fromEntries(columns.map((column, index) => [column, row[index]])));
}

const isMissing = (value: unknown) => value === null || value === undefined || (typeof value === "number" && Number.isNaN(value));

/** How a frame cell reads as CSV text. */
export function asCsvText(value: unknown): string {
  if (isMissing(value)) return "";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/**
 * Exported rows hold the frame: the same row count, every frame column with equal cells (compared
 * through `normalise`), and any extra column empty throughout (the frame drops all-null columns; a
 * streamed export cannot know a column stays empty until its last page).
 */
export function expectRowsMatchFrame(rows: Record<string, unknown>[], frame: DataFrame, normalise: (value: unknown) => unknown): void {
  const expected = frameRecords(frame);
  expect(rows).toHaveLength(expected.length);
  const exportedColumns = new Set(rows.flatMap((row) => Object.keys(row)));
  for (const column of frame.columns) expect(exportedColumns).toContain(column);
  const extra = [...exportedColumns].filter((column) => !frame.columns.includes(column));
  for (const column of extra) expect(rows.filter((row) => !isMissing(row[column]) && row[column] !== "")).toEqual([]);
  const mismatches: string[] = [];
  rows.forEach((row, index) => {
    for (const column of frame.columns) {
      const got = normalise(row[column]);
      const want = normalise(expected[index][column]);
      if (!Object.is(got, want) && JSON.stringify(got) !== JSON.stringify(want))
        mismatches.push(`row ${index} ${column}: ${JSON.stringify(got)} vs ${JSON.stringify(want)}`);
    }
  });
  expect(mismatches.slice(0, 5)).toEqual([]);
}

/** A value as JSON or Excel gives it back: missing → null; lists stay lists. */
export function asJsonValue(value: unknown): unknown {
  return isMissing(value) ? null : value;
}
