import { IN_STORE } from "./storeFile";
import type { DuckDBConnection } from "@duckdb/node-api";
import { partitionFolder, partitionPrefix } from "../export/partitionFolder";
import { quoted, foldedSql, foldedName } from "./sqlTypes";

/** A table's partitions, numbered in a temporary table, each with its folder path as the library's writer names it. */
export interface TablePartitions {
  /** the temporary table: the number (in the column `number` names) and the partition columns' values of each partition */
  readonly table: string;
  /** the name of the temporary table's number column: no column of the store's table has it, in any case */
  readonly number: string;
  /** folder path (`a=1/b=x`) by partition number */
  readonly paths: readonly string[];
  /** folder paths whose last folder was shortened, with that folder's whole value (for _partition_value.txt) */
  readonly wholeValues: ReadonlyMap<string, string>;
}

/** in the connection's temporary catalog: never a table of the store */
const PARTITIONS_TABLE = "temp.main.fountframe_partitions";
const PARTITIONS_NAME = "fountframe_partitions";

/**
 * A cell as the library's writer prints it in a folder name (partitioned.ts, folderText): dates and
 * timestamps as ISO text (milliseconds, microseconds when a timestamp has a finer part), numbers as
 * JavaScript prints them, the rest as DuckDB does.
 */
function printedSql(column: string, type: string): string {
  const name = quoted(column);
  if (type === "DATE") return `strftime(${name}, '%Y-%m-%d')`;
  if (type === "TIMESTAMP")
    return `CASE WHEN epoch_us(${name}) % 1000 = 0 THEN strftime(${name}, '%Y-%m-%dT%H:%M:%S.%gZ') ELSE strftime(${name}, '%Y-%m-%dT%H:%M:%S.%fZ') END`;
  if (/^(DOUBLE|FLOAT|REAL)$/.test(type)) return name; // printed below, as JavaScript does
  return `CAST(${name} AS VARCHAR)`;
}

/** The DuckDB type of each column of the store's `table` (any case), by name, in the table's column order. */
export async function columnTypes(connection: DuckDBConnection, table: string): Promise<Map<string, string>> {
  const reader = await connection.runAndReadAll(
    `SELECT column_name, data_type FROM duckdb_columns() WHERE ${foldedSql("table_name")} = ${foldedSql("$1")} AND ${IN_STORE} ORDER BY column_index`,
    [table],
  );
  return new Map(reader.getRows().map(([name, type]) => [String(name), String(type)]));
}

/**
 * Whether DuckDB's own COPY ... PARTITION_BY names these columns' folders as the rule does: whole
 * numbers (digits and `-`, null as `__HIVE_DEFAULT_PARTITION__`) under a short name of letters,
 * digits and `_`, which neither escapes.
 */
export function namedAsDuckDBDoes(partitionBy: readonly string[], types: ReadonlyMap<string, string>): boolean {
  return partitionBy.every(
    (column) => /^U?(TINY|SMALL|BIG)?INT(EGER)?$/.test(types.get(column) ?? "") && /^[A-Za-z0-9_]{1,100}$/.test(column),
  );
}

/**
 * A column name no column of the table has, in any case (DuckDB compares names case-insensitively):
 * the partitions' numbers beside the partition columns (a table's `id` among them) and its rows.
 */
function unusedColumnName(types: ReadonlyMap<string, string>, base = "fountframe_partition"): string {
  const names = new Set([...types.keys()].map((name) => foldedName(name)));
  let name = base;
  while (names.has(name)) name += "_";
  return name;
}

/** Numbers each distinct combination of `partitionBy`'s values in `table` (a temporary table) and names its folder. */
export async function numberPartitions(
  connection: DuckDBConnection,
  table: string,
  partitionBy: readonly string[],
  types: ReadonlyMap<string, string>,
): Promise<TablePartitions> {
  const columns = partitionBy.map(quoted).join(", ");
  const number = unusedColumnName(types);
  await connection.run(
    `CREATE OR REPLACE TEMP TABLE ${PARTITIONS_NAME} AS SELECT (row_number() OVER ()) - 1 AS ${quoted(number)}, ${columns} FROM (SELECT DISTINCT ${columns} FROM ${quoted(table)})`,
  );
  const printed = partitionBy.map((column) => printedSql(column, types.get(column) ?? "VARCHAR")).join(", ");
  const reader = await connection.runAndReadAll(`SELECT ${quoted(number)}, ${printed} FROM ${PARTITIONS_TABLE} ORDER BY ${quoted(number)}`);
  const prefixes = partitionBy.map(partitionPrefix);
  const paths: string[] = [];
  const wholeValues = new Map<string, string>();
  for (const [, ...values] of reader.getRowsJS()) {
    let path = "";
    values.forEach((value, key) => {
      const folder = partitionFolder(prefixes[key], value === null ? null : String(value));
      path += (key ? "/" : "") + folder.name;
      if (folder.wholeValue !== undefined) wholeValues.set(path, folder.wholeValue);
    });
    paths.push(path);
  }
  return { table: PARTITIONS_TABLE, number, paths, wholeValues };
}
