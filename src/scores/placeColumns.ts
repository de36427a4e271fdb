import type { ScoreColumn, ScoreColumnMap } from "../rows/scoreColumnMap";
import { scoreTypesEnding } from "../rows/scoreTypes";

/** A brandscape frame's columns sorted: the row's keys, its score columns, and those it cannot place. */
export interface PlacedColumns {
  keys: string[];
  scores: ScoreColumn[];
  unplaced: string[];
}

/** The records' own columns and the included resources' (`study_name`, `global_brand_id`, ...). */
const KEY_STEMS = ["global", "study", "year", "country", "audience", "audiences", "brand", "category", "sector", "company"];
const isRowKey = (column: string): boolean =>
  column === "id" ||
  column === "is_duplicate" ||
  column.endsWith("_id") ||
  column.endsWith("_name") ||
  KEY_STEMS.some((stem) => column.startsWith(`${stem}_`));

/**
 * A column the service's records list is a score; one that ends like a score (`_c`, `_rank`, ...)
 * but no record lists is unplaced, as is any other column that is not a row key (a value score
 * the records do not know has no suffix to tell it by).
 */
export function placeColumns(columns: readonly string[], map: ScoreColumnMap): PlacedColumns {
  const placed: PlacedColumns = { keys: [], scores: [], unplaced: [] };
  for (const column of columns) {
    const score = map.get(column);
    if (score) placed.scores.push(score);
    else if (scoreTypesEnding(column).some((type) => type !== "value")) placed.unplaced.push(column);
    else if (isRowKey(column)) placed.keys.push(column);
    else placed.unplaced.push(column);
  }
  return placed;
}
