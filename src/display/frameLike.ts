import type { DataFrame } from "danfojs-node";
import { frameRowCount, frameRows, isFrameShape } from "../frame/frameShape";
import { nearName } from "../text/closestName";
import { ValidationError } from "../errors";

/** What the display helpers accept: a danfo DataFrame, or plain records (one object per row). */
export type FrameLike = DataFrame | readonly Readonly<Record<string, unknown>>[];

/** A frame as plain columns and row arrays, the one shape every renderer works from. */
export interface TableData {
  readonly columns: readonly string[];
  readonly rows: readonly (readonly unknown[])[];
  /** the rows' labels when the frame's index is not its positions 0, 1, 2, … (`df.describe()`: count, mean, …) */
  readonly index?: readonly (string | number)[];
}

/**
 * A frame's own row labels, when they say more than the positions do: `describe()` labels its rows
 * count, mean, std, …, `setIndex` by a column, a sorted frame keeps its rows' first places (as
 * pandas and danfo's own print show them).
 */
function rowLabels(frame: object, rowCount: number): (string | number)[] | undefined {
  const index: unknown = (frame as { index?: unknown }).index;
  if (!Array.isArray(index) || index.length !== rowCount) return undefined;
  return index.every((label, position) => label === position) ? undefined : (index as (string | number)[]);
}

/** Columns in first-seen order across all records, so a key missing from row 0 still shows. */
function recordColumns(records: readonly Readonly<Record<string, unknown>>[]): string[] {
  const seen = new Set<string>();
  for (const record of records) for (const key of Object.keys(record)) seen.add(key);
  return [...seen];
}

export function toTable(frame: FrameLike): TableData {
  if (Array.isArray(frame)) {
    const records = frame as readonly Readonly<Record<string, unknown>>[];
    const columns = recordColumns(records);
    return { columns, rows: records.map((record) => columns.map((column) => record[column])) };
  }
  if (!isFrameShape(frame)) throw new ValidationError("frame", "a danfo DataFrame or an array of records");
  const rows = frameRows(frame);
  return { columns: frame.columns, rows, index: rowLabels(frame, rows.length) };
}

/** The first `maxRows` rows of a frame (or records) and how many it has: what a display shows. */
export function headTable(frame: FrameLike, maxRows: number): TableData & { rowCount: number } {
  if (Array.isArray(frame)) {
    const { columns, rows } = toTable(frame);
    return { columns, rows: rows.slice(0, maxRows), rowCount: rows.length };
  }
  if (!isFrameShape(frame)) throw new ValidationError("frame", "a danfo DataFrame or an array of records");
  const rowCount = frameRowCount(frame);
  const rows = frameRows(frame, maxRows);
  return { columns: frame.columns, rows, rowCount, index: rowLabels(frame, rowCount)?.slice(0, rows.length) };
}

/**
 * The frame as plain records, one object per row (copies): for chart data, and for the
 * map/filter/sort work that reads easier over objects than over danfo's `values` union type.
 * Name the row type when you know it: `frameToRecords<{ id: number; name: string }>(audiences)`.
 */
export function frameToRecords<Row extends object = Record<string, unknown>>(frame: FrameLike): Row[] {
  if (Array.isArray(frame)) return frame.map((record) => ({ ...record }) as Row);
  const { columns, rows } = toTable(frame);
  return rows.map((row) => Object.fromEntries(columns.map((column, index) => [column, row[index]])) as Row);
}

/** Keeps only the named columns, in the order named; unknown names are an error that lists the known ones. */
export function selectColumns<Table extends TableData>(table: Table, wanted: readonly string[] | undefined): Table {
  if (!wanted) return table;
  const positions = wanted.map((column) => {
    const position = table.columns.indexOf(column);
    if (position < 0) throw new ValidationError("columns", noColumn(column, table.columns));
    return position;
  });
  return { ...table, columns: [...wanted], rows: table.rows.map((row) => positions.map((position) => row[position])) };
}

/** Columns a missing-column message lists: a brandscape frame has hundreds. */
const LISTED_COLUMNS = 30;

/** A column the frame lacks, with the closest it has (`differentiation` → `differentiation_c`). */
function noColumn(column: string, columns: readonly string[]): string {
  const near = nearName(column, columns);
  const guess = near ? ` (did you mean ${JSON.stringify(near)}?)` : "";
  const listed = columns.slice(0, LISTED_COLUMNS).join(", ") + (columns.length > LISTED_COLUMNS ? `, … (${columns.length} in all)` : "");
  return `no column ${JSON.stringify(column)}${guess}; columns: ${listed}`;
}
