import type { DuckDBConnection } from "@duckdb/node-api";
import { alterTypeSql, quoted, widenSql, type SqlType } from "./sqlTypes";
import { STAGING_TABLE } from "../sync/types";
import type { Staging } from "./stagedRows";
import type { RowChanges, RowScope, StagedCounts } from "../sync/types";

async function columnTypes(connection: DuckDBConnection, table: string): Promise<Map<string, SqlType>> {
  const reader = await connection.runAndReadAll(
    `SELECT column_name, data_type FROM duckdb_columns() WHERE lower(table_name) = lower($1) AND schema_name = 'main' ORDER BY column_index`,
    [table],
  );
  return new Map(reader.getRows().map(([name, type]) => [String(name), String(type) as SqlType]));
}

async function hasPrimaryKey(connection: DuckDBConnection, table: string): Promise<boolean> {
  const reader = await connection.runAndReadAll(
    `SELECT count(*) FROM duckdb_constraints() WHERE lower(table_name) = lower($1) AND schema_name = 'main' AND constraint_type = 'PRIMARY KEY'`,
    [table],
  );
  return Number(reader.getRows()[0][0]) > 0;
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

/** How many rows are staged, how many distinct ids they hold, and how many have none. */
export async function stagedCounts(connection: DuckDBConnection): Promise<StagedCounts> {
  const [rows, ids, missing] = (
    await connection.runAndReadAll(`SELECT count(*), count(DISTINCT id), count(*) - count(id) FROM ${STAGING_TABLE}`)
  ).getRows()[0];
  return { rows: Number(rows), ids: Number(ids), missingIds: Number(missing) };
}

/**
 * Replaces the stored rows in `scope` by the staged rows, in the caller's transaction: the table is
 * created on first write with `id` its primary key (one row per id, enforced); a column new to it
 * is added, a column whose type widened is widened (BIGINT to DOUBLE, anything else to VARCHAR)
 * and the staged values take the table's type. Changes are counted by `id`: added (new ids),
 * updated (stored ids whose values changed), removed (stored ids in scope that the pull did not bring).
 */
export async function writeStaged(
  connection: DuckDBConnection,
  table: string,
  staging: Staging,
  scope: RowScope,
  only?: RowScope,
): Promise<RowChanges> {
  await staging.ensureCreated();
  const stored = await columnTypes(connection, table);
  const storedByLower = new Map([...stored.keys()].map((name) => [name.toLowerCase(), name]));
  const addedColumns: string[] = [];
  const widenedColumns: string[] = [];
  const target = quoted(table);
  if (stored.size === 0) {
    const columns = [...staging.columns].map(([name, type]) => `${quoted(name)} ${type}${name === "id" ? " PRIMARY KEY" : ""}`);
    await connection.run(`CREATE TABLE ${target} (${columns.join(", ")})`);
  } else {
    if (!(await hasPrimaryKey(connection, table))) await connection.run(`ALTER TABLE ${target} ADD PRIMARY KEY (id)`);
    for (const [name, type] of staging.columns) {
      const storedName = storedByLower.get(name.toLowerCase());
      const before = storedName === undefined ? undefined : stored.get(storedName);
      if (before === undefined) {
        await connection.run(`ALTER TABLE ${target} ADD COLUMN ${quoted(name)} ${type}`);
        addedColumns.push(name);
      } else if (widenSql(before, type) !== before) {
        const widened = widenSql(before, type);
        await connection.run(alterTypeSql(target, name, before, widened));
        widenedColumns.push(`${name}: ${before} -> ${widened}`);
        // staged timestamps going into text keep the service's form (an insert's cast would not)
        if (type === "TIMESTAMP") await connection.run(alterTypeSql(STAGING_TABLE, name, type, widened));
      } else if (before === "VARCHAR" && type === "TIMESTAMP") {
        await connection.run(alterTypeSql(STAGING_TABLE, name, type, before));
      }
    }
  }
  const where = scopeSql(scope);
  // the staged rows written: all, or `only` those (one study of a group pulled together)
  const source = only ? `(SELECT * FROM ${STAGING_TABLE} WHERE ${scopeSql(only)}) AS staged` : STAGING_TABLE;
  let added: number;
  let removed = 0;
  let updated = 0;
  if ((await count(connection, `SELECT count(*) FROM ${target} WHERE ${where}`)) === 0) {
    // nothing stored in scope (a new study, a first run): every staged row is added
    added = await count(connection, `SELECT count(*) FROM ${source}`);
  } else {
    added = await count(connection, `SELECT count(*) FROM ${source} WHERE id NOT IN (SELECT id FROM ${target} WHERE ${where})`);
    removed = await count(connection, `SELECT count(*) FROM ${target} WHERE ${where} AND id NOT IN (SELECT id FROM ${source})`);
    // updated: stored ids whose staged row differs in some staged column (a re-delivered, unchanged row is not counted)
    const names = [...staging.columns.keys()].map(quoted).join(", ");
    updated = await count(
      connection,
      `SELECT count(*) FROM (SELECT ${names} FROM ${source} WHERE id IN (SELECT id FROM ${target} WHERE ${where})
      EXCEPT SELECT ${names} FROM ${target} WHERE ${where} AND id IN (SELECT id FROM ${source}))`,
    );
  }
  await connection.run(`DELETE FROM ${target} WHERE ${where}`);
  await connection.run(`INSERT INTO ${target} BY NAME SELECT * FROM ${source}`);
  const total = await count(connection, `SELECT count(*) FROM ${target}`);
  return { added, updated, removed, rows: total, addedColumns, widenedColumns };
}

/** Removes the rows of `scope` (studies gone), in the caller's transaction. */
export async function removeRows(connection: DuckDBConnection, table: string, scope: RowScope): Promise<RowChanges> {
  const stored = await columnTypes(connection, table);
  const none = { added: 0, updated: 0, removed: 0, rows: 0, addedColumns: [], widenedColumns: [] };
  if (stored.size === 0) return none;
  const target = quoted(table);
  const removed = await count(connection, `SELECT count(*) FROM ${target} WHERE ${scopeSql(scope)}`);
  if (removed > 0) await connection.run(`DELETE FROM ${target} WHERE ${scopeSql(scope)}`);
  return { ...none, removed, rows: await count(connection, `SELECT count(*) FROM ${target}`) };
}
