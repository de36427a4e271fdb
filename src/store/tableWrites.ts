import type { DuckDBConnection } from "@duckdb/node-api";
import type { ColumnTable } from "../table/types";
import type { DuckDB } from "./loadDuckDB";
import { quoted, sqlTypeOf, widenSql, type SqlType } from "./sqlTypes";
import { STAGING_TABLE, stageRows } from "./stagedRows";
import type { RowChanges, RowScope } from "./types";

async function columnTypes(connection: DuckDBConnection, table: string): Promise<Map<string, SqlType>> {
  const reader = await connection.runAndReadAll(
    `SELECT column_name, data_type FROM information_schema.columns WHERE table_name = $1 AND table_schema = 'main' ORDER BY ordinal_position`,
    [table],
  );
  return new Map(reader.getRows().map(([name, type]) => [String(name), String(type) as SqlType]));
}

function scopeSql(scope: RowScope): string {
  switch (scope.kind) {
    case "all":
      return "TRUE";
    case "ids":
      return `id IN (SELECT id FROM ${STAGING_TABLE})`;
    case "partition":
      return scope.values.length === 0 ? "FALSE" : `${quoted(scope.column)} IN (${scope.values.map((v) => Number(v)).join(", ")})`;
  }
}

async function count(connection: DuckDBConnection, sql: string): Promise<number> {
  return Number((await connection.runAndReadAll(sql)).getRows()[0][0]);
}

/**
 * Replaces the stored rows in `scope` by the pulled rows, in the caller's transaction: the table is
 * created on first write; a column new to it is added, a column whose type widened is widened
 * (BIGINT to DOUBLE, anything else to VARCHAR) and the pulled values take the table's type.
 * Changes are counted by `id`: added (new ids), updated (stored ids whose values changed), removed
 * (stored ids in scope that the pull did not bring).
 */
export async function writeRows(
  duckdb: DuckDB,
  connection: DuckDBConnection,
  table: string,
  rows: ColumnTable | undefined,
  scope: RowScope,
): Promise<RowChanges> {
  const stored = await columnTypes(connection, table);
  const addedColumns: string[] = [];
  const widenedColumns: string[] = [];
  const kept: number[] = [];
  const types: SqlType[] = [];
  rows?.columns.forEach((name, i) => {
    const pulled = sqlTypeOf(rows, i);
    if (pulled === undefined) return; // empty in every row: nothing to store, and no type to give
    const before = stored.get(name);
    const type = before ? widenSql(before, pulled) : pulled;
    if (before === undefined && stored.size > 0) addedColumns.push(name);
    if (before !== undefined && before !== type) widenedColumns.push(`${name}: ${before} -> ${type}`);
    kept.push(i);
    types.push(type);
  });
  const target = quoted(table);
  if (stored.size === 0) {
    if (!rows || kept.length === 0) return { added: 0, updated: 0, removed: 0, rows: 0, addedColumns, widenedColumns };
    await connection.run(`CREATE TABLE ${target} (${kept.map((c, i) => `${quoted(rows.columns[c])} ${types[i]}`).join(", ")})`);
  } else {
    for (const [i, c] of kept.entries()) {
      const name = rows!.columns[c];
      const before = stored.get(name);
      if (before === undefined) await connection.run(`ALTER TABLE ${target} ADD COLUMN ${quoted(name)} ${types[i]}`);
      else if (before !== types[i]) await connection.run(`ALTER TABLE ${target} ALTER COLUMN ${quoted(name)} TYPE ${types[i]}`);
    }
  }
  const picked: ColumnTable = rows
    ? {
        columns: kept.map((c) => rows.columns[c]),
        data: kept.map((c) => rows.data[c]),
        dtypes: kept.map((c) => rows.dtypes[c]),
        rowCount: rows.rowCount,
      }
    : { columns: ["id"], data: [[]], dtypes: ["int32"], rowCount: 0 };
  await stageRows(duckdb, connection, picked, rows ? types : ["BIGINT"]);
  const where = scopeSql(scope);
  const pulled = picked.rowCount;
  const added = await count(connection, `SELECT count(*) FROM ${STAGING_TABLE} WHERE id NOT IN (SELECT id FROM ${target} WHERE ${where})`);
  const removed = await count(connection, `SELECT count(*) FROM ${target} WHERE ${where} AND id NOT IN (SELECT id FROM ${STAGING_TABLE})`);
  // updated: stored ids whose pulled row differs in some pulled column (a re-delivered, unchanged row is not counted)
  const names = picked.columns.map(quoted).join(", ");
  const updated = await count(
    connection,
    `SELECT count(*) FROM (SELECT ${names} FROM ${STAGING_TABLE} WHERE id IN (SELECT id FROM ${target} WHERE ${where})
      EXCEPT SELECT ${names} FROM ${target} WHERE ${where} AND id IN (SELECT id FROM ${STAGING_TABLE}))`,
  );
  await connection.run(`DELETE FROM ${target} WHERE ${where}`);
  if (pulled > 0) await connection.run(`INSERT INTO ${target} BY NAME SELECT * FROM ${STAGING_TABLE}`);
  await connection.run(`DROP TABLE ${STAGING_TABLE}`);
  const total = await count(connection, `SELECT count(*) FROM ${target}`);
  return { added, updated, removed, rows: total, addedColumns, widenedColumns };
}
